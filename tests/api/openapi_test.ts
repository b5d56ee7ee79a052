import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { openApiDocument, PUBLIC_PATHS } from "../../api/openapi.ts";
import { PROBLEM_TYPES } from "../../api/problem.ts";
import { escapeHtml, renderReferencePage } from "../../api/reference_page.ts";
import { silentLogger } from "../../cli/log.ts";
import { createHandler } from "../../main.ts";
import { apiClient } from "../support/api_client.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

type Json = Record<string, unknown>;
const doc = openApiDocument() as Json & {
  paths: Record<string, Json>;
  components: { schemas: Record<string, Json> };
};

Deno.test("[api] openApiDocument() describes exactly the served paths, each with GET and OPTIONS", () => {
  assert.equal(doc.openapi, "3.1.0");
  const served = PUBLIC_PATHS.map((p) => p.replace(/:(\w+)/g, "{$1}")).sort();
  assert.deepEqual(Object.keys(doc.paths).sort(), served);
  for (const [path, item] of Object.entries(doc.paths)) {
    assert.deepEqual(Object.keys(item).sort(), ["get", "options"], path);
    const get = item.get as Json;
    assert.ok(typeof get.summary === "string" && typeof get.description === "string", path);
    const statuses = Object.keys(get.responses as Json);
    for (const status of ["200", "304", "405", "500"]) {
      assert.ok(statuses.includes(status), `${path} ${status}`);
    }
    if (path.includes("{")) assert.ok(statuses.includes("404"), `${path} documents its 404`);
    const params = (get.parameters ?? []) as Json[];
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      assert.ok(
        params.some((p) => `{${p.name}}` === name && p.in === "path" && p.required === true),
        `${path} ${name}`,
      );
    }
  }
  const rankings = (doc.paths["/rankings"]!.get as Json).parameters as Json[];
  assert.deepEqual(rankings.map((p) => [p.name, p.in]), [["limit", "query"], ["offset", "query"]]);
  assert.ok(Object.keys((doc.paths["/rankings"]!.get as Json).responses as Json).includes("400"));
});

Deno.test("[api] openApiDocument() has resolvable references and schemas that compile under JSON Schema 2020-12", () => {
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of new Set(refs)) {
    const name = ref.slice(ref.lastIndexOf("/") + 1, -1);
    assert.ok(doc.components.schemas[name], `${ref} resolves`);
  }
  // deno-lint-ignore no-explicit-any
  const ajv = new (Ajv2020 as any)({ strict: false });
  ajv.addSchema({ ...doc, $id: "https://x.test/doc" });
  for (const name of Object.keys(doc.components.schemas)) {
    assert.ok(ajv.getSchema(`https://x.test/doc#/components/schemas/${name}`), name);
  }
  for (
    const name of [
      "Event",
      "Match",
      "Live",
      "Prediction",
      "Ranking",
      "Subevent",
      "Draw",
      "GroupStandings",
      "Problem",
    ]
  ) {
    assert.ok(doc.components.schemas[name], `${name} is a named schema`);
  }
});

Deno.test("[api] openApiDocument() names the spec's fields with their types", () => {
  const props = (name: string) => (doc.components.schemas[name]!.properties ?? {}) as Record<string, Json>;
  assert.deepEqual(
    Object.keys(props("Event")),
    [
      "id",
      "slug",
      "name",
      "venue",
      "startDate",
      "endDate",
      "status",
      "description",
      "posterUrl",
      "categoryCount",
      "announcement",
    ],
  );
  for (
    const field of [
      "id",
      "status",
      "matchKind",
      "stage",
      "roundNo",
      "bracketPos",
      "stageLabel",
      "homeName",
      "awayName",
      "homeId",
      "awayId",
      "winnerId",
      "resultReasonCode",
      "retirementAfterGame",
      "gamesWon",
      "currentGame",
      "gameScores",
      "startedAt",
      "completedAt",
      "updatedAt",
      "subeventId",
      "eventId",
      "groupId",
      "groupName",
      "tableNo",
      "scheduledAt",
      "bestOf",
    ]
  ) assert.ok(field in props("Match"), field);
  assert.deepEqual(Object.keys(props("Live")), [
    "started",
    "gamesWon",
    "currentGame",
    "currentServer",
    "bestOf",
  ]);
  assert.deepEqual(
    Object.keys(props("Prediction")),
    ["pHome", "ciLow", "ciHigh", "confidenceLabel", "createdAt", "outcome"],
  );
  assert.deepEqual(
    Object.keys(props("Ranking")),
    ["rank", "playerId", "displayName", "rating", "matchCount", "association"],
  );
});

storeTest(
  "[api] GET /api/v1/openapi.json serves the document with the API's headers and a 304",
  async (store) => {
    const api = apiClient(store);
    const { status, res, body } = await api.request("/api/v1/openapi.json");
    assert.equal(status, 200);
    assert.deepEqual(body, doc);
    const etag = res.headers.get("etag")!;
    assert.equal(
      (await api.request("/api/v1/openapi.json", { headers: { "If-None-Match": etag } })).status,
      304,
    );
  },
);

storeTest("[api] GET /api renders the reference page from the document, self-contained", async (store) => {
  const res = await apiClient(store).app.request("/api");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  // The other pages' security headers: its one inline style is allowed by a nonce, never by 'unsafe-inline'.
  const csp = res.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /frame-ancestors 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  const nonce = /style-src 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
  assert.ok(nonce, csp);
  const html = await res.text();
  assert.equal(html, renderReferencePage(doc, nonce));
  assert.doesNotMatch(html, /<script|<link|src=|@import|url\(|href="https?:/i, "no external asset");
  for (const path of Object.keys(doc.paths)) assert.ok(html.includes(escapeHtml(`/api/v1${path}`)), path);
  for (const name of Object.keys(doc.components.schemas)) {
    assert.ok(html.includes(`id="schema-${name}"`), name);
  }
  for (const p of PROBLEM_TYPES) assert.ok(html.includes(`id="problem-${p.code}"`), p.code);
  assert.ok(html.includes("Access-Control-Allow-Origin"));
});

storeTest(
  "[api] GET /api through main's handler: kept with its style allowed by hash, as the other pages",
  async (store) => {
    const handler = createHandler({ store, log: silentLogger, clock: () => new Date() });
    for (let i = 0; i < 2; i++) {
      const res = await handler(new Request("http://localhost/api"));
      assert.equal(res.status, 200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const hash = /style-src '(sha256-[^']+)'/.exec(csp)?.[1];
      assert.ok(hash, csp);
      assert.doesNotMatch(csp, /unsafe-inline|nonce-/);
      assert.match(csp, /frame-ancestors 'self'/);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      const html = await res.text();
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
      assert.equal(hash, `sha256-${btoa(String.fromCharCode(...digest))}`);
    }
  },
);

Deno.test("[api] escapeHtml() escapes markup and quotes", () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});

storeTest(
  "[api] the guards' answers are documented on every operation: GET /api/v1/events?x=%00 is a 400 problem with its code",
  async (store) => {
    await seedTournament(store.db);
    const { status, body } = await apiClient(store).request("/api/v1/events?x=%00");
    assert.equal(status, 400);
    assert.equal(body.type, "/api#problem-invalid-request");
    assert.equal(body.code, "invalid-request");
  },
);

storeTest(
  "[api] a 2,049-character URI is a 414 the OpenAPI document lists",
  async (store) => {
    await seedTournament(store.db);
    const path = "/api/v1/rankings?q=";
    const { status } = await apiClient(store).request(path + "x".repeat(2049 - path.length));
    assert.equal(status, 414);
  },
);
