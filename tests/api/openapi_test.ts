import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import { getRefId } from "@asteasolutions/zod-to-openapi";
import { openApiDocument as documentOf } from "../../api/openapi.ts";
import { PUBLIC_PATHS } from "../../api/public_paths.ts";
import { PUBLIC_ROUTES } from "../../api/routes.ts";

const openApiDocument = () => documentOf(PUBLIC_ROUTES);
import * as shapes from "../../views/schemas.ts";
import { NAMED_SCHEMAS } from "../../views/schemas.ts";
import { PROBLEM_TYPES } from "../../http/problem.ts";
import { escapeHtml, renderReferencePage } from "../../api/reference_page.ts";
import { silentLogger } from "../../lib/log.ts";
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
  assert.deepEqual(rankings.map((p) => [p.name, p.in]), [
    ["limit", "query"],
    ["offset", "query"],
    ["If-None-Match", "header"],
  ]);
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
      "featuredMatchId",
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
    ["rank", "playerId", "displayName", "rating", "matchCount", "association", "deviation"],
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

Deno.test("[api] openApiDocument() declares If-None-Match and the 304 on every GET, a 4xx on every operation", () => {
  assert.deepEqual(doc.security, [], "no credentials: security declared empty");
  const license = (doc.info as Json).license as Json;
  assert.ok(typeof license.name === "string" && (license.url || license.identifier), JSON.stringify(license));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      const statuses = Object.keys(op.responses as Json);
      assert.ok(statuses.some((s) => s.startsWith("4")), `${method} ${path} has a 4xx`);
      if (method !== "get") continue;
      const header = ((op.parameters ?? []) as Json[]).find((p) =>
        p.in === "header" && p.name === "If-None-Match"
      );
      assert.ok(header, `GET ${path} declares If-None-Match`);
      assert.equal(header.required, false);
      assert.ok(statuses.includes("304"), `GET ${path} has its 304`);
    }
  }
});

Deno.test("[api] NAMED_SCHEMAS lists every named schema of api/schemas.ts, each after the schemas it uses", () => {
  const named = Object.entries(shapes).filter(([key]) => key.endsWith("Schema")).map(([, s]) => s);
  assert.deepEqual(new Set(NAMED_SCHEMAS), new Set(named));
  const order = NAMED_SCHEMAS.map((s) => getRefId(s)!);
  for (const [i, name] of order.entries()) {
    const refs = JSON.stringify(doc.components.schemas[name]).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) {
      const used = ref.slice(ref.lastIndexOf("/") + 1);
      assert.ok(used === name || order.indexOf(used) < i, `${name} uses ${used}, listed after it`);
    }
  }
});

Deno.test("[api] openApiDocument() keeps each field's own description where it reuses a shared schema", () => {
  const schemas = doc.components.schemas;
  const props = (name: string) => (schemas[name]!.properties ?? {}) as Record<string, Json>;
  /** A property's own description: beside its $ref, in an allOf part, or on itself. */
  const own = (prop: Json): string | undefined => {
    if (typeof prop.description === "string") return prop.description;
    const part = ((prop.allOf ?? []) as Json[]).find((p) => typeof p.description === "string");
    return part?.description as string | undefined;
  };
  assert.match(own(props("Match").currentGame!) ?? "", /^Points in the running game/);
  assert.match(own(props("Match").gamesWon!) ?? "", /^Games won/);
  assert.doesNotMatch(String(schemas.Score!.description), /games|points/i, "Score says nothing of either");
  assert.match(own(props("Live").currentGame!) ?? "", /match\.currentGame/);
  // Each paged list's meta names what its total counts.
  const metaOf = (response: string) => {
    const ref = String(props(response).meta!.$ref);
    return (schemas[ref.slice(ref.lastIndexOf("/") + 1)]!.properties ?? {}) as Record<string, Json>;
  };
  assert.match(String(metaOf("EventPlayersResponse").total!.description), /players/);
  assert.match(String(metaOf("EventMatchesResponse").total!.description), /matches/);
  assert.match(String(metaOf("RankingsResponse").total!.description), /leaderboard/);
  // Every field of every schema says what it is, itself or through the named schema it refers to.
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [field, prop] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      const ref = typeof prop.$ref === "string"
        ? schemas[prop.$ref.slice(prop.$ref.lastIndexOf("/") + 1)]
        : null;
      assert.ok(
        own(prop) ?? ref?.description,
        `${name}.${field} has a description`,
      );
    }
  }
});

storeTest("[api] GET /api shows each field's own description and how browsers should poll", async (store) => {
  const html = await (await apiClient(store).app.request("/api")).text();
  const row = /<tr><td><code>currentGame<\/code><\/td><td>[^]*?<\/td><td>([^<]*)<\/td><\/tr>/.exec(html);
  assert.match(row?.[1] ?? "", /^Points in the running game/);
  assert.match(html, /let the browser(&#39;|')s HTTP cache send <code>If-None-Match<\/code>/);
  assert.match(html, /id="licence"/);
  assert.match(html, /preflight/);
});
