import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import type { Hono } from "hono";
import { silentLogger } from "../../lib/log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { createApp, createHandler } from "../../main.ts";
import { AnswerCache, type VersionedRequest } from "../../http/answer_cache.ts";
import { withReadState } from "../../http/deps.ts";
import { concurrencyProbe } from "../support/concurrency_probe.ts";
import type { Seeded } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { seedPages } from "../pages/seed.ts";
import { revisionSettled } from "../support/revision_settled.ts";

const NOW = new Date("2026-11-28T10:00:00.000Z");
const ORIGIN = "http://venue.test";

/** The handler main serves, over an app that counts the requests it had to answer itself. */
async function setup(store: Store) {
  const seeded = await seedPages(store);
  // One answer cache for the app and the handler in front of it, as main.ts wires them.
  const deps = withReadState({ store, log: silentLogger, clock: () => NOW });
  const app = createApp(deps);
  let viaApp = 0;
  const counting = {
    fetch: (req: Request, env?: unknown) => {
      viaApp++;
      return app.fetch(req, env);
    },
  } as unknown as Hono;
  const handler = createHandler(deps, counting);
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const before = viaApp;
    const res = await handler(new Request(ORIGIN + path, { method, headers }));
    const body = new Uint8Array(await res.arrayBuffer());
    return { res, body, hot: viaApp === before };
  };
  const direct = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.fetch(new Request(ORIGIN + path, { headers }));
    return { res, body: new Uint8Array(await res.arrayBuffer()) };
  };
  // Two running matches: the one a test writes to, and one of another category that it leaves alone.
  const [written, other] = [seeded.matches.groupRunning, seeded.matches.r1Running];
  return { seeded, get, direct, runs: () => viaApp, written, other };
}

function apiPaths(s: Seeded): string[] {
  return [
    "/api/v1/events",
    `/api/v1/events/${s.event.slug}`,
    `/api/v1/subevents/${s.groups.id}/matches`,
    `/api/v1/subevents/${s.groups.id}/standings`,
    `/api/v1/subevents/${s.knockout.id}/draw`,
    `/api/v1/matches/${s.matches.groupRunning}`,
    "/api/v1/rankings",
    "/api/v1/rankings?limit=5&offset=1",
    "/api/v1/openapi.json",
  ];
}

const ENCODINGS: Record<string, string>[] = [{}, { "Accept-Encoding": "gzip, deflate, br" }, {
  "Accept-Encoding": "gzip",
}];

/** Headers as a sorted list, without the ones that differ between any two responses. */
function headersOf(res: Response): string[] {
  return [...res.headers].filter(([name]) => name !== "date" && name !== "content-length")
    .map(([name, value]) => `${name}: ${value}`).sort();
}

storeTest(
  "[hot path] a repeated API GET is answered before the app, byte for byte as the app answers",
  async (store) => {
    const { seeded, get, direct } = await setup(store);
    for (const path of apiPaths(seeded)) {
      for (const headers of ENCODINGS) {
        const first = await get(path, headers);
        const second = await get(path, headers);
        const at = `${path} ${JSON.stringify(headers)}`;
        assert.equal(first.hot, false, `${at}: the first request goes through the app`);
        assert.equal(second.hot, true, `${at}: the second is answered from the kept answer`);
        const app = await direct(path, headers);
        for (const r of [first, second]) {
          assert.equal(r.res.status, 200, at);
          assert.deepEqual(headersOf(r.res), headersOf(app.res), `${at}: headers`);
          assert.deepEqual(r.body, app.body, `${at}: body`);
        }
      }
    }
  },
);

storeTest(
  "[hot path] a kept answer revalidates: 304 for its ETag (and *), 200 for another",
  async (store) => {
    const { seeded, get, direct } = await setup(store);
    const path = `/api/v1/matches/${seeded.matches.groupRunning}`;
    const { res } = await get(path);
    const etag = res.headers.get("etag")!;
    for (const tag of [etag, `"x", ${etag}`, "*"]) {
      const hit = await get(path, { "If-None-Match": tag });
      const app = await direct(path, { "If-None-Match": tag });
      assert.equal(hit.hot, true, tag);
      assert.equal(hit.res.status, 304, tag);
      assert.equal(hit.body.length, 0);
      assert.deepEqual(headersOf(hit.res), headersOf(app.res), `${tag}: the app's 304 headers`);
    }
    const other = await get(path, { "If-None-Match": 'W/"r0-00000000"' });
    assert.equal(other.res.status, 200);
    assert.equal(other.hot, true);
  },
);

storeTest("[hot path] a write is seen by the next request, never the kept answer", async (store) => {
  const { seeded, get } = await setup(store);
  const id = seeded.matches.groupRunning;
  const path = `/api/v1/matches/${id}`;
  const list = `/api/v1/subevents/${seeded.groups.id}/matches`;
  const before = await get(path);
  await get(path);
  await get(list);
  assert.equal((await get(path)).hot, true);
  const points = (b: Uint8Array) => JSON.stringify(JSON.parse(new TextDecoder().decode(b)).data.live);
  await writeMatch(store, id, { type: "point", side: "home" }, { actor: "test", now: NOW });
  const after = await get(path, { "If-None-Match": before.res.headers.get("etag")! });
  assert.equal(after.hot, false, "the write changed the generation");
  assert.equal(after.res.status, 200, "the old ETag no longer matches");
  assert.notEqual(points(after.body), points(before.body), "the new point shows");
  const listAfter = await get(list);
  assert.equal(listAfter.hot, false);
  assert.ok(new TextDecoder().decode(listAfter.body).includes(id));
  assert.equal((await get(path)).hot, true, "kept again at the new generation");
});

async function sha256(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...d));
}

storeTest(
  "[hot path] a kept page allows its inline scripts and styles by hash, the same bytes every time",
  async (store) => {
    const { seeded, get, direct } = await setup(store);
    const paths = [
      `/overlay/match/${seeded.matches.groupRunning}?pos=top&scale=1.5`,
      `/t/${seeded.event.slug}`,
      `/t/${seeded.event.slug}/tv`,
      "/rankings",
    ];
    for (const path of paths) {
      const answers: { html: string; csp: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const { res, body, hot } = await get(path);
        assert.equal(res.status, 200, path);
        assert.equal(hot, i > 0, `${path}: request ${i + 1} ${i > 0 ? "is" : "is not"} answered hot`);
        answers.push({
          html: new TextDecoder().decode(body),
          csp: res.headers.get("content-security-policy")!,
        });
      }
      assert.deepEqual(answers[1], answers[0], `${path}: the kept page is the first answer`);
      assert.deepEqual(answers[2], answers[0]);
      const { html, csp } = answers[0]!;
      assert.doesNotMatch(html, /\snonce=/, `${path}: no nonce left in the page`);
      // An overlay takes any inline style (OBS's Custom CSS, pages/security_headers.ts); scripts by hash only.
      const overlay = path.startsWith("/overlay/");
      assert.doesNotMatch(
        csp,
        overlay ? /nonce-|script-src[^;]*unsafe-inline/ : /nonce-|unsafe-inline/,
        path,
      );
      assert.match(csp, /^default-src 'none'; script-src /);
      const inline = [...html.matchAll(/<(script|style)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)];
      assert.ok(inline.length > 0, `${path}: the page has inline elements`);
      for (const [, tag, content] of inline) {
        const directive = csp.split("; ").find((d) => d.startsWith(`${tag}-src `))!;
        if (overlay && tag === "style") {
          assert.equal(directive, "style-src 'unsafe-inline'", `${path}: its styles, OBS's included`);
          continue;
        }
        assert.ok(
          directive.includes(`'sha256-${await sha256(content!)}'`),
          `${path}: its ${tag} is allowed by hash`,
        );
      }
      // The app's own answer (a nonce per response) is the same page.
      const app = await direct(path);
      const appNonce = /script-src 'nonce-([^']+)'/.exec(
        app.res.headers.get("content-security-policy")!,
      )![1]!;
      assert.equal(new TextDecoder().decode(app.body).replaceAll(` nonce="${appNonce}"`, ""), html);
    }
  },
);

storeTest("[hot path] a page that is not kept gets a fresh nonce, never the placeholder", async (store) => {
  const { get } = await setup(store);
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const { res, body } = await get("/overlay/match/00000000-0000-4000-8000-000000000000");
    assert.equal(res.status, 404);
    const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    assert.match(nonce ?? "", /^[0-9a-f]{32}$/);
    const html = new TextDecoder().decode(body);
    for (const tag of html.match(/<(script|style)(\s[^>]*)?>/g) ?? []) {
      assert.ok(tag.includes(`nonce="${nonce}"`));
    }
    nonces.add(nonce!);
  }
  assert.equal(nonces.size, 3);
});

storeTest(
  "[hot path] errors, HEAD, the management API and the operator pages are never kept",
  async (store) => {
    const { get } = await setup(store);
    const cases: [string, Record<string, string>, string][] = [
      ["/api/v1/matches/00000000-0000-4000-8000-000000000000", {}, "GET"],
      ["/api/v1/nothing-here", {}, "GET"],
      ["/overlay/match/00000000-0000-4000-8000-000000000000", {}, "GET"],
      ["/api/v1/events", {}, "HEAD"],
      ["/api/manage/events", {}, "GET"],
      ["/operator", {}, "GET"],
    ];
    for (const [path, headers, method] of cases) {
      await get(path, headers, method);
      const again = await get(path, headers, method);
      assert.equal(again.hot, false, `${method} ${path}`);
    }
  },
);

storeTest(
  "[hot path] after a write, answers whose resource did not change are checked again without the app",
  async (store) => {
    const { seeded, get, written, other } = await setup(store);
    const paths = {
      written: `/api/v1/matches/${written}`,
      other: `/api/v1/matches/${other}`,
      ownCategory: `/api/v1/subevents/${seeded.groups.id}/matches`,
      otherCategory: `/api/v1/subevents/${seeded.knockout.id}/matches`,
      events: "/api/v1/events",
    };
    const before: Record<string, Uint8Array> = {};
    for (const [name, path] of Object.entries(paths)) before[name] = (await get(path)).body;
    await writeMatch(store, written, { type: "point", side: "home" }, { actor: "test", now: NOW });
    const after = async (name: keyof typeof paths) => await get(paths[name]);
    // A point changes no field of the event list.
    for (const name of ["other", "otherCategory", "events"] as const) {
      const r = await after(name);
      assert.equal(r.hot, true, `${name}: its version did not move, the kept answer is still right`);
      assert.deepEqual(r.body, before[name]);
      assert.equal((await after(name)).hot, true, `${name}: kept for the new generation`);
    }
    for (const name of ["written", "ownCategory"] as const) {
      const r = await after(name);
      assert.equal(r.hot, false, `${name}: its version moved, the app answers`);
    }
    assert.notDeepEqual((await after("written")).body, before.written, "the point shows");
  },
);

storeTest(
  "[hot path] a match's pages outlive points elsewhere, not points of their match or a rename of their event",
  async (store) => {
    const { seeded, get, written, other } = await setup(store);
    const pages = (id: string) => [`/overlay/match/${id}?pos=top`, `/m/${id}`];
    const kept = new Map<string, Uint8Array>();
    for (const path of [...pages(written), ...pages(other)]) {
      await get(path);
      const again = await get(path);
      assert.equal(again.hot, true, `${path}: kept`);
      kept.set(path, again.body);
    }
    await writeMatch(store, written, { type: "point", side: "home" }, { actor: "test", now: NOW });
    for (const path of pages(other)) {
      const r = await get(path);
      assert.equal(r.hot, true, `${path}: its match did not change, the kept page is still right`);
      assert.deepEqual(r.body, kept.get(path));
    }
    for (const path of pages(written)) {
      const r = await get(path);
      assert.equal(r.hot, false, `${path}: its match changed, the app renders it`);
      assert.notDeepEqual(r.body, kept.get(path));
      assert.equal((await get(path)).hot, true, `${path}: kept again`);
    }
    // A rename of the event leaves the match's own version alone, but its pages show the name.
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable("events").set({ name: "Renamed Open" }).where("id", "=", seeded.event.id)
        .execute();
      await bumpRevision(trx, seeded.event.id);
    });
    for (const path of pages(other)) {
      const r = await get(path);
      assert.equal(r.hot, false, `${path}: the event's name changed`);
      if (path.startsWith("/m/")) assert.match(new TextDecoder().decode(r.body), /Renamed Open/);
    }
  },
);

storeTest(
  "[hot path] a kept page is compressed for a client that accepts it, the same page once decoded",
  async (store) => {
    const { seeded, get } = await setup(store);
    // The language chosen by the headers (the first), or by the URL (the second): Vary says which.
    const varies = {
      [`/t/${seeded.event.slug}`]: "Accept-Encoding, Accept-Language, Cookie",
      [`/t/${seeded.event.slug}/c/${seeded.knockout.id}?lang=de`]: "Accept-Encoding",
    };
    for (const [path, vary] of Object.entries(varies)) {
      await get(path);
      const plain = await get(path);
      assert.equal(plain.res.headers.get("content-encoding"), null, path);
      assert.equal(plain.res.headers.get("vary"), vary, path);
      for (const coding of ["br", "gzip"] as const) {
        const accept = { "Accept-Encoding": coding === "br" ? "gzip, deflate, br" : "gzip" };
        await get(path, accept);
        const packed = await get(path, accept);
        assert.equal(packed.hot, true, `${path} (${coding}): kept`);
        assert.equal(packed.res.headers.get("content-encoding"), coding, path);
        assert.equal(packed.res.headers.get("vary"), vary, path);
        assert.equal(
          packed.res.headers.get("content-security-policy"),
          plain.res.headers.get("content-security-policy"),
        );
        assert.ok(packed.body.length < plain.body.length / 2, `${path} (${coding}): ${packed.body.length} B`);
        assert.deepEqual(await decode(packed.body, coding), plain.body, `${path} (${coding})`);
      }
    }
  },
);

storeTest(
  "[hot path] a category's page and overlay outlive points in other categories, not points of their own",
  async (store) => {
    const { seeded, get } = await setup(store);
    const pages = (id: string) => [`/t/${seeded.event.slug}/c/${id}`, `/overlay/subevent/${id}`];
    const kept = new Map<string, Uint8Array>();
    for (const path of [...pages(seeded.groups.id), ...pages(seeded.knockout.id)]) {
      await get(path);
      const again = await get(path);
      assert.equal(again.hot, true, `${path}: kept`);
      kept.set(path, again.body);
    }
    // A point in Group B of the women's singles.
    await writeMatch(store, seeded.matches.groupRunning, { type: "point", side: "home" }, {
      actor: "test",
      now: NOW,
    });
    for (const path of pages(seeded.knockout.id)) {
      const r = await get(path);
      assert.equal(r.hot, true, `${path}: its category did not change, the kept page is still right`);
      assert.deepEqual(r.body, kept.get(path));
    }
    for (const path of pages(seeded.groups.id)) {
      const r = await get(path);
      assert.equal(r.hot, false, `${path}: its category changed, the app renders it`);
      assert.notDeepEqual(r.body, kept.get(path));
    }
  },
);

storeTest(
  "[hot path] a player's page and matches outlive points elsewhere; the players' list outlives every point",
  async (store) => {
    const { seeded, get } = await setup(store);
    const slug = seeded.event.slug;
    const hugo = seeded.knockout.players[0]!;
    const ofPlayer = [`/t/${slug}/p/${hugo}`, `/api/v1/events/${slug}/matches?player=${hugo}`];
    const roster = [`/t/${slug}/players`, `/api/v1/events/${slug}/players`];
    const kept = new Map<string, Uint8Array>();
    const keep = async () => {
      for (const path of [...ofPlayer, ...roster]) {
        await get(path);
        const again = await get(path);
        assert.equal(again.hot, true, `${path}: kept`);
        kept.set(path, again.body);
      }
    };
    await keep();
    const point = (match: string) =>
      writeMatch(store, match, { type: "point", side: "home" }, { actor: "test", now: NOW });
    // A point in the women's groups, where Hugo is not entered: everything kept is still right.
    await point(seeded.matches.groupRunning);
    for (const path of [...ofPlayer, ...roster]) {
      const r = await get(path);
      assert.equal(r.hot, true, `${path}: kept after a point elsewhere`);
      assert.deepEqual(r.body, kept.get(path));
    }
    // A point in Hugo's own running match: his page and matches are made again, the players' list is not.
    await point(seeded.matches.r1Running);
    for (const path of ofPlayer) assert.equal((await get(path)).hot, false, `${path}: made again`);
    for (const path of roster) {
      assert.equal((await get(path)).hot, true, `${path}: a point changes no roster`);
    }
    // A draw unlocked or an import is not a match write: the players' list is made again.
    await keep();
    await store.db.transaction().execute((trx) =>
      bumpRevision(trx, seeded.event.id, [seeded.draftKnockout.id])
    );
    for (const path of roster) {
      assert.equal((await get(path)).hot, false, `${path}: the roster may have changed`);
    }
  },
);

storeTest(
  "[hot path] concurrent requests for an answer not kept yet share one run of the app; an answer never kept does not",
  async (store) => {
    const { seeded, get, runs } = await setup(store);
    const page = `/t/${seeded.event.slug}`;
    const api = `/api/v1/subevents/${seeded.knockout.id}/matches`;
    for (const path of [page, api]) {
      await revisionSettled(store);
      let before = runs();
      const all = await Promise.all(Array.from({ length: 8 }, () => get(path)));
      assert.equal(runs() - before, 1, `${path}: the app ran once`);
      for (const r of all) {
        assert.equal(r.res.status, 200);
        assert.deepEqual(r.body, all[0]!.body);
      }
      // After a point, once more: one run for the new generation.
      await writeMatch(store, seeded.matches.r1Running, { type: "point", side: "home" }, {
        actor: "test",
        now: NOW,
      });
      await revisionSettled(store);
      before = runs();
      const after = await Promise.all(Array.from({ length: 8 }, () => get(path)));
      assert.equal(runs() - before, 1, `${path}: once after the point`);
      assert.notDeepEqual(after[0]!.body, all[0]!.body);
    }
    // A 404 is never kept: each request has its own answer from the app, all of them right.
    const before = runs();
    const missing = await Promise.all(Array.from({ length: 4 }, () => get(`/t/no-such-event`)));
    assert.ok(missing.every((r) => r.res.status === 404));
    assert.equal(runs() - before, 4);
  },
);

/** A body decoded from a content coding. */
async function decode(body: Uint8Array, coding: "br" | "gzip"): Promise<Uint8Array> {
  if (coding === "br") return new Uint8Array(brotliDecompressSync(body));
  const stream = new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test("AnswerCache.miss() serves what a run that ended meanwhile kept at its generation, without a run", async () => {
  const hot = new AnswerCache();
  const url = "http://127.0.0.1/api/v1/events";
  const body = JSON.stringify({ data: { events: [] }, meta: { generatedAt: "2026-11-28T10:00:00.000Z" } });
  const made = new Response(body, {
    headers: { "Content-Type": "application/json", ETag: 'W/"l3-205bf53b"' },
  });
  // The first request's run kept its answer at generation 7; a second request, which had found an older
  // answer and checked its version meanwhile, misses only now.
  await hot.rememberApi(new Request(url), 7, made);
  let runs = 0;
  const res = await hot.miss(new Request(url), 7, () => {
    runs++;
    return new Response("run", { status: 200 });
  });
  assert.equal(runs, 0, "the answer kept for this generation is served");
  assert.equal(await res.text(), body);
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** A request of http/respond.ts for a resource at a version, in a coding. */
function at(version: string, options: { path?: string; acceptEncoding?: string } = {}): VersionedRequest {
  const etag = `W/"${version}"`;
  return {
    url: `http://127.0.0.1/api/v1${options.path ?? "/k"}`,
    acceptEncoding: options.acceptEncoding,
    generation: undefined,
    version: { version, current: () => Promise.resolve(version) },
    etag,
    headers: { "Content-Type": "application/json", ETag: etag },
  };
}

/** The identity body of a resource at a version, as AnswerCache.versioned() gives it. */
async function bodyAt(
  cache: AnswerCache,
  version: string,
  build: () => Promise<string | Uint8Array[]>,
  path = "/k",
): Promise<Uint8Array> {
  return (await cache.versioned(at(version, { path }), build)).bytes;
}

Deno.test("AnswerCache.versioned() builds once for concurrent requests of the same resource and revision", async () => {
  const cache = new AnswerCache();
  let builds = 0;
  const build = async () => {
    builds++;
    await new Promise((r) => setTimeout(r, 5));
    return "body";
  };
  const bodies = await Promise.all(Array.from({ length: 10 }, () => bodyAt(cache, "r1", build)));
  assert.equal(builds, 1);
  for (const b of bodies) assert.deepEqual(b, bytes("body"));
  await bodyAt(cache, "r1", build);
  assert.equal(builds, 1, "kept for its revision");
  await bodyAt(cache, "r2", build);
  assert.equal(builds, 2, "a new revision builds again");
});

Deno.test("AnswerCache.versioned() shares a failure with the waiting requests and builds again afterwards", async () => {
  const cache = new AnswerCache();
  let builds = 0;
  const failing = () => {
    builds++;
    return Promise.reject(new Error("not found"));
  };
  const results = await Promise.allSettled([bodyAt(cache, "r1", failing), bodyAt(cache, "r1", failing)]);
  assert.deepEqual(results.map((r) => r.status), ["rejected", "rejected"]);
  assert.equal(builds, 1);
  assert.deepEqual(await bodyAt(cache, "r1", () => Promise.resolve("ok")), bytes("ok"));
});

Deno.test("AnswerCache.versioned() compresses once per revision and coding", async () => {
  const cache = new AnswerCache();
  const text = "x".repeat(5000);
  const gzip = (version: string) =>
    cache.versioned(at(version, { acceptEncoding: "gzip" }), () => Promise.resolve(text));
  const [a, b] = await Promise.all([gzip("r1"), gzip("r1")]);
  assert.ok(a.bytes.length < text.length);
  assert.equal(a.res.headers.get("Content-Encoding"), "gzip");
  assert.equal(a.bytes, b.bytes, "the same bytes, compressed once");
  assert.equal((await gzip("r1")).bytes, a.bytes, "kept for its revision");
  assert.notEqual((await gzip("r2")).bytes, a.bytes, "not for another revision");
});

Deno.test("AnswerCache.versioned() runs at most a few builds at once, in order of arrival", async () => {
  const cache = new AnswerCache();
  const probe = concurrencyProbe();
  const bodies = await Promise.all(
    Array.from({ length: 12 }, (_, i) => bodyAt(cache, "r1", probe.task(i, () => `body ${i}`), `/k${i}`)),
  );
  assert.equal(probe.most(), 4);
  assert.deepEqual(probe.started, Array.from({ length: 12 }, (_, i) => i));
  bodies.forEach((b, i) => assert.deepEqual(b, bytes(`body ${i}`)));
});

Deno.test("AnswerCache.versioned() makes the identity template, whose bytes it keeps (no second copy)", async () => {
  const cache = new AnswerCache();
  const text = JSON.stringify({ data: "é".repeat(200_000) });
  const { res, bytes: body, built } = await cache.versioned(at("r1"), () => Promise.resolve(text));
  assert.equal(new TextDecoder().decode(body), text, "UTF-8 beyond the first scratch buffer");
  assert.equal(built, body, "the request that built it is told the bytes kept");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("ETag"), 'W/"r1"');
  assert.equal(res.headers.get("Content-Type"), "application/json");
  const before = Deno.memoryUsage().external;
  const sent = await res.bytes();
  assert.equal(sent.buffer, body.buffer, "an answer's bytes are the kept body's memory");
  assert.ok(Deno.memoryUsage().external - before < body.length / 2, "reading an answer copies nothing");
  const again = await cache.versioned(at("r1"), () => Promise.resolve("other"));
  assert.equal(again.bytes, body);
  assert.equal(again.built, undefined, "a kept answer was built by no one now");
});

Deno.test("AnswerCache.versioned() clones one template per revision and coding", async () => {
  const cache = new AnswerCache();
  let builds = 0;
  const build = () => {
    builds++;
    return Promise.resolve("hello ".repeat(400));
  };
  const a = await cache.versioned(at("r1"), build);
  const b = await cache.versioned(at("r1"), build);
  assert.notEqual(a.res, b.res, "each answer is a response of its own");
  assert.equal(a.bytes, b.bytes, "from the one template");
  assert.equal(await a.res.text(), "hello ".repeat(400));
  assert.equal(await b.res.text(), "hello ".repeat(400), "reading one leaves the others whole");
  const br = at("r1", { acceptEncoding: "gzip, deflate, br" });
  const c = await cache.versioned(br, build);
  const d = await cache.versioned(br, build);
  assert.equal(c.res.headers.get("Content-Encoding"), "br");
  assert.equal(c.bytes, d.bytes, "another coding has a template of its own, made once");
  assert.equal(builds, 1, "from the body of the revision");
  await cache.versioned(at("r2"), build);
  assert.equal(builds, 2, "not kept for a revision the cache does not hold");
});
