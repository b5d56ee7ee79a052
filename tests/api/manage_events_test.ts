import assert from "node:assert/strict";
import type { Hono } from "hono";
import { silentLogger } from "../../lib/log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { authenticateToken } from "../../db/tokens.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, manualClock, seedKnockout, T0 } from "./manage_fixtures.ts";

async function setup(store: Store, status: "draft" | "published" = "draft") {
  const ev = await seedKnockout(store.db, { status, drawState: "draft" });
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  return { ev, admin, app: manageApp(store) };
}

async function ok(res: Response, status = 200) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  return (await res.json()).data;
}

async function problem(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  return await res.json();
}

/** Each table of an overview as [number, id of the match in progress, id of the next]. */
/** The 400 problem of an import of `body` that must be refused. */
/** Posts an event file to the import endpoint as the admin `admin`. */
function postImport(app: Hono, admin: string, body: string) {
  return app.request("/api/manage/events/import", {
    method: "POST",
    headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
    body,
  });
}

async function refusedImport(app: Hono, admin: string, body: string) {
  return await problem(await postImport(app, admin, body), 400);
}

/** The desk's admin token, the management app, and the text of the spring open's event file, to import. */
async function importDesk(store: Store) {
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  return { admin, app: manageApp(store), file: await importFixture("spring_open.json") };
}

/** The text of an event file of tests/fixtures/import/. */
const importFixture = (name: string) =>
  Deno.readTextFile(new URL(`../fixtures/import/${name}`, import.meta.url));

const tableRows = (
  data: { tables: { tableNo: number; current: { id: string } | null; next: { id: string } | null }[] },
) => data.tables.map((t) => [t.tableNo, t.current?.id ?? null, t.next?.id ?? null]);

const revisionOf = async (store: Store) =>
  Number((await store.db.selectFrom("revisions").select("value").executeTakeFirstOrThrow()).value);

storeTest(
  "[api] GET /api/manage/events lists every event, drafts included, with match counts",
  async (store) => {
    const { app, admin } = await setup(store);
    await seedKnockout(store.db, { slug: "live-cup", status: "published" });
    const data = await ok(await app.request("/api/manage/events", call(admin, "GET")));
    const bySlug = Object.fromEntries(data.events.map((e: { slug: string }) => [e.slug, e]));
    assert.equal(bySlug["test-open"].status, "draft");
    assert.equal(bySlug["live-cup"].status, "published");
    assert.deepEqual(bySlug["test-open"].matchCounts, { scheduled: 3, in_progress: 0, completed: 0 });
    assert.equal(bySlug["test-open"].categoryCount, 1);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug shows the event at a glance: categories, matches, tables",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    await writeMatch(store, ev.rounds[0]![0]!, { type: "start", firstServer: "home" }, {
      actor: "t",
      now: T0,
    });
    const data = await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")));
    assert.equal(data.event.slug, ev.slug);
    assert.deepEqual(
      data.subevents.map((s: { drawState: string; drawStarted: boolean }) => [s.drawState, s.drawStarted]),
      [[
        "draft",
        true,
      ]],
    );
    assert.equal(data.matches.length, 3);
    assert.deepEqual(
      tableRows(data),
      [[1, ev.rounds[0]![0], null], [2, null, ev.rounds[0]![1]]],
    );
    await problem(await app.request("/api/manage/events/nope", call(admin, "GET")), 404);
  },
);

storeTest(
  "[api] POST /api/manage/events/:slug/publish and unpublish: status, listed players, revision, audit",
  async (store) => {
    const { app, admin, ev } = await setup(store);
    const before = await revisionOf(store);
    const data = await ok(await app.request(`/api/manage/events/${ev.slug}/publish`, call(admin, "POST")));
    assert.equal(data.event.status, "published");
    assert.equal(data.changed, true);
    assert.ok(await revisionOf(store) > before, "the revision moves so that caches see the change");
    const listed = await store.db.selectFrom("players").select("listed").execute();
    assert.ok(listed.every((p) => Number(p.listed) === 1), "players of a published event are listed");
    const again = await ok(await app.request(`/api/manage/events/${ev.slug}/publish`, call(admin, "POST")));
    assert.equal(again.changed, false);
    const un = await ok(await app.request(`/api/manage/events/${ev.slug}/unpublish`, call(admin, "POST")));
    assert.equal(un.event.status, "draft");
    const unlisted = await store.db.selectFrom("players").select("listed").execute();
    assert.ok(unlisted.every((p) => Number(p.listed) === 0));
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label", "event_id"])
      .where("action", "like", "event.%").orderBy("at").execute();
    assert.deepEqual(audit.map((a) => [a.action, a.token_label, a.event_id]), [
      ["event.publish", "Desk", ev.eventId],
      ["event.unpublish", "Desk", ev.eventId],
    ]);
    await problem(await app.request("/api/manage/events/nope/publish", call(admin, "POST")), 404);
  },
);

storeTest(
  "[api] POST /api/manage/subevents/:id/lock and unlock switch the draw between draft and locked",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    const before = await revisionOf(store);
    const locked = await ok(
      await app.request(`/api/manage/subevents/${ev.categoryId}/lock`, call(admin, "POST")),
    );
    assert.deepEqual([locked.drawState, locked.changed], ["locked", true]);
    assert.ok(await revisionOf(store) > before);
    const again = await ok(
      await app.request(`/api/manage/subevents/${ev.categoryId}/lock`, call(admin, "POST")),
    );
    assert.equal(again.changed, false);
    const unlocked = await ok(
      await app.request(`/api/manage/subevents/${ev.categoryId}/unlock`, call(admin, "POST")),
    );
    assert.equal(unlocked.drawState, "draft");
    const audit = await store.db.selectFrom("audit_log").select("action").where("action", "like", "draw.%")
      .orderBy("at").execute();
    assert.deepEqual(audit.map((a) => a.action), ["draw.lock", "draw.unlock"]);
    await problem(await app.request("/api/manage/subevents/nope/lock", call(admin, "POST")), 404);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug names clashes: a player in two matches at once, and what a start would clash with",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    const size = 8;
    const big = await seedKnockout(store.db, { slug: "big-open", size });
    // The first entry's player also plays the third first-round match (a doubles partner, say).
    const first = await store.db.selectFrom("entries").select("player1_id").where("id", "=", big.entryIds[0]!)
      .executeTakeFirstOrThrow();
    await store.db.updateTable("entries").set({ player2_id: first.player1_id }).where(
      "id",
      "=",
      big.entryIds[4]!,
    )
      .execute();
    const [m1, m2, m3] = big.rounds[0]!;
    await writeMatch(store, m1!, { type: "start", firstServer: "home" }, { actor: "t", now: T0 });
    await store.db.updateTable("matches").set({ table_no: 1 }).where("id", "=", m2!).execute();
    const before = await ok(await app.request(`/api/manage/events/big-open`, call(admin, "GET")));
    assert.deepEqual(before.clashes, []);
    const byId = (data: { matches: { id: string }[] }) => new Map(data.matches.map((m) => [m.id, m]));
    const player = { id: first.player1_id, name: "Player big-open 1" };
    assert.deepEqual((byId(before).get(m2!) as Record<string, unknown>).clashesOnStart, [
      { kind: "table-busy", tableNo: 1, matchIds: [m1] },
    ]);
    assert.deepEqual((byId(before).get(m3!) as Record<string, unknown>).clashesOnStart, [
      { kind: "player-busy", player, matchIds: [m1] },
    ]);
    assert.equal("clashesOnStart" in (byId(before).get(m1!) as Record<string, unknown>), false);

    await writeMatch(store, m3!, { type: "start", firstServer: "home" }, { actor: "t", now: T0 });
    const after = await ok(await app.request(`/api/manage/events/big-open`, call(admin, "GET")));
    assert.deepEqual(after.clashes, [{ kind: "player-busy", player, matchIds: [m1, m3] }]);
    // Another event's matches are not this event's clashes.
    const other = await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")));
    assert.deepEqual(other.clashes, []);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug?tables=N shows the hall's tables and suggests a ready match for each free one",
  async (store) => {
    const { app, admin } = await setup(store);
    const big = await seedKnockout(store.db, { slug: "big-open", size: 8 });
    const [m1, m2, m3, m4] = big.rounds[0]!;
    await store.db.updateTable("matches").set({ table_no: null }).where("id", "in", [m3!, m4!]).execute();
    await writeMatch(store, m1!, { type: "start", firstServer: "home" }, { actor: "t", now: T0 });
    const data = await ok(await app.request("/api/manage/events/big-open?tables=6", call(admin, "GET")));
    assert.deepEqual(
      tableRows(data),
      [[1, m1, null], [2, null, m2], [3, null, null], [4, null, null], [5, null, null], [6, null, null]],
    );
    // Table 2 proposes its planned match, to call there; the later rounds' sides are not known yet.
    assert.deepEqual(data.suggestions, [
      { tableNo: 2, matchId: m2, onTable: true },
      { tableNo: 3, matchId: m3 },
      { tableNo: 4, matchId: m4 },
    ]);
    const plain = await ok(await app.request("/api/manage/events/big-open", call(admin, "GET")));
    assert.deepEqual(plain.tables.map((t: { tableNo: number }) => t.tableNo), [1, 2]);
    assert.deepEqual(plain.suggestions, [{ tableNo: 2, matchId: m2, onTable: true }]);
    for (const bad of ["0", "1000", "abc", "2.5", "-1"]) {
      const p = await problem(
        await app.request(`/api/manage/events/big-open?tables=${bad}`, call(admin, "GET")),
        400,
      );
      assert.equal(p.code, "invalid-query");
      assert.equal(p.field, "tables");
    }
  },
);

storeTest("[api] unlocking a draw is refused once a match of the draw has started", async (store) => {
  const { app, admin, ev } = await setup(store, "published");
  await ok(await app.request(`/api/manage/subevents/${ev.categoryId}/lock`, call(admin, "POST")));
  await writeMatch(store, ev.rounds[0]![1]!, { type: "start", firstServer: "home" }, { actor: "t", now: T0 });
  const p = await problem(
    await app.request(`/api/manage/subevents/${ev.categoryId}/unlock`, call(admin, "POST")),
    409,
  );
  assert.match(
    p.detail,
    /Cannot unlock the draw of "Men's singles": a match of the draw has already started/,
  );
  const row = await store.db.selectFrom("subevents").select("draw_state").where("id", "=", ev.categoryId)
    .executeTakeFirstOrThrow();
  assert.equal(row.draw_state, "locked");
});

storeTest("[api] a category without a draw cannot be locked", async (store) => {
  const { app, admin, ev } = await setup(store);
  await store.db.updateTable("subevents").set({ draw_state: "none" }).where("id", "=", ev.categoryId)
    .execute();
  const p = await problem(
    await app.request(`/api/manage/subevents/${ev.categoryId}/lock`, call(admin, "POST")),
    409,
  );
  assert.match(p.detail, /it has no draw/);
});

storeTest(
  "[api] GET /api/manage/events/:slug/links gives the URLs with QR codes on the chosen address",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    const data = await ok(
      await app.request(
        `/api/manage/events/${ev.slug}/links?base=${
          encodeURIComponent("http://192.168.1.20:8000/whatever?x=1")
        }`,
        call(admin, "GET"),
      ),
    );
    assert.equal(data.base, "http://192.168.1.20:8000");
    const urls = data.links.map((l: { url: string }) => l.url);
    assert.ok(urls.includes("http://192.168.1.20:8000/score"));
    assert.ok(urls.includes(`http://192.168.1.20:8000/t/${ev.slug}/tv`));
    assert.ok(urls.includes(`http://192.168.1.20:8000/overlay/subevent/${ev.categoryId}`));
    assert.ok(urls.includes(`http://192.168.1.20:8000/overlay/match/${ev.rounds[0]![0]}`));
    // The overlays a producer sets once for the day: the featured match, and one per table.
    assert.ok(urls.includes(`http://192.168.1.20:8000/overlay/featured/${ev.slug}`));
    assert.ok(urls.includes(`http://192.168.1.20:8000/overlay/table/${ev.slug}/1`));
    assert.ok(urls.includes(`http://192.168.1.20:8000/t/${ev.slug}/tv?view=tables`));
    assert.ok(urls.includes(`http://192.168.1.20:8000/t/${ev.slug}/tv?view=bracket`));
    for (const l of data.links) {
      assert.ok(l.qr.size >= 21);
      assert.match(l.qr.d, /^(M\d+ \d+h\d+v1h-\d+z)+$/);
    }
    const own = await ok(
      await app.request(`http://localhost:8000/api/manage/events/${ev.slug}/links`, call(admin, "GET")),
    );
    assert.equal(own.base, "http://localhost:8000");
    const bad = await problem(
      await app.request(`/api/manage/events/${ev.slug}/links?base=javascript:alert(1)`, call(admin, "GET")),
      400,
    );
    assert.equal(bad.field, "base");
  },
);

storeTest("[api] /api/manage/tokens lists, creates (secret shown once) and revokes tokens", async (store) => {
  const { app, admin, ev } = await setup(store);
  const made = await ok(
    await app.request(
      "/api/manage/tokens",
      call(admin, "POST", { role: "scorer", label: "Table 3", event: ev.slug, table: 3 }),
    ),
    201,
  );
  assert.match(made.secret, /^tt_/);
  assert.deepEqual([made.token.role, made.token.eventSlug, made.token.tableNo], ["scorer", ev.slug, 3]);
  assert.ok(await authenticateToken(store.db, made.secret, T0));
  const list = await ok(await app.request("/api/manage/tokens", call(admin, "GET")));
  assert.equal(list.tokens.length, 2);
  assert.ok(!JSON.stringify(list).includes(made.secret));
  assert.ok(!JSON.stringify(list).includes("token_hash"));
  await ok(await app.request(`/api/manage/tokens/${made.token.id}/revoke`, call(admin, "POST")));
  assert.equal(await authenticateToken(store.db, made.secret, T0), null);
  await problem(await app.request("/api/manage/tokens/nope/revoke", call(admin, "POST")), 404);
  const badEvent = await problem(
    await app.request(
      "/api/manage/tokens",
      call(admin, "POST", { role: "scorer", label: "x", event: "nope" }),
    ),
    400,
  );
  assert.equal(badEvent.field, "event");
  // A table number beyond what an import can name (and past PostgreSQL's integer) is refused, not stored.
  const badTable = await problem(
    await app.request(
      "/api/manage/tokens",
      call(admin, "POST", { role: "scorer", label: "x", table: 99999999999 }),
    ),
    400,
  );
  assert.equal(badTable.field, "table");
  const badRole = await problem(
    await app.request("/api/manage/tokens", call(admin, "POST", { role: "root", label: "x" })),
    400,
  );
  assert.match(badRole.detail, /Invalid "role": expected "admin" or "scorer", got "root"/);
  const limitedAdmin = await problem(
    await app.request("/api/manage/tokens", call(admin, "POST", { role: "admin", label: "x", table: 2 })),
    400,
  );
  assert.match(limitedAdmin.detail, /cannot be limited/);
});

storeTest("[api] GET /api/manage/audit lists writes with the token's label, newest first", async (store) => {
  const { admin, ev } = await setup(store, "published");
  const clock = manualClock();
  const app = manageApp(store, clock.now);
  const scorer = await makeToken(store.db, "scorer", { label: "Umpire 7" });
  await app.request(
    `/api/manage/matches/${ev.rounds[0]![0]}/start`,
    call(scorer, "POST", { firstServer: "home", revision: 0 }),
  );
  clock.advance(1000);
  await app.request(`/api/manage/events/${ev.slug}/unpublish`, call(admin, "POST"));
  const data = await ok(await app.request(`/api/manage/audit?event=${ev.slug}&limit=10`, call(admin, "GET")));
  assert.deepEqual(
    data.entries.slice(0, 2).map((e: { action: string; actor: string }) => [e.action, e.actor]),
    [
      ["event.unpublish", "Desk"],
      ["match.start", "Umpire 7"],
    ],
  );
  const byEvent = await ok(await app.request(`/api/manage/events/${ev.slug}/audit`, call(admin, "GET")));
  assert.equal(byEvent.entries.length, 2);
  const bad = await problem(await app.request("/api/manage/audit?limit=0", call(admin, "GET")), 400);
  assert.equal(bad.field, "limit");
  await problem(await app.request("/api/manage/audit?event=nope", call(admin, "GET")), 404);
});

storeTest(
  "[api] the audit log pages back through a day (before), filters by action, and says what a write replaced",
  async (store) => {
    const { admin, ev } = await setup(store, "published");
    const clock = manualClock();
    const app = manageApp(store, clock.now);
    const id = ev.rounds[0]![0]!;
    const post = async (action: string, body: Record<string, unknown>) => {
      clock.advance(1000);
      const res = await app.request(
        `/api/manage/matches/${id}/${action}`,
        call(admin, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
      assert.equal(res.status, 200, await res.text());
    };
    await post("assign", { tableNo: 5 });
    await post("start", { firstServer: "home" });
    for (let i = 0; i < 11; i++) await post("point", { side: "home" });
    await post("correct", { game: 1, home: 11, away: 8 });
    await post("assign", { tableNo: 8 });
    const path = `/api/manage/events/${ev.slug}/audit`;
    const get = async (query: string) =>
      (await ok(await app.request(`${path}?${query}`, call(admin, "GET")))).entries as {
        id: string;
        action: string;
        detail: { was?: unknown };
      }[];
    // The desk's list: everything but the taps.
    const desk = await get("exclude=match.point");
    assert.deepEqual(desk.map((e) => e.action), [
      "match.assign",
      "match.correct",
      "match.start",
      "match.assign",
    ]);
    assert.deepEqual(desk[0]!.detail.was, { tableNo: 5, scheduledAt: null });
    assert.deepEqual(desk[1]!.detail.was, { game: 1, home: 11, away: 0 });
    // Paging back: the pages join up, whatever the limit.
    const all = await get("limit=1000");
    const pages: string[] = [];
    let before = "";
    for (;;) {
      const page = await get(`limit=4${before ? `&before=${before}` : ""}`);
      if (page.length === 0) break;
      pages.push(...page.map((e) => e.id));
      before = page.at(-1)!.id;
    }
    assert.deepEqual(pages, all.map((e) => e.id));
    assert.deepEqual((await get("action=match.start,match.correct")).map((e) => e.action), [
      "match.correct",
      "match.start",
    ]);
    const bads: [string, string][] = [
      ["action=", "action"],
      ["exclude=DROP TABLE", "exclude"],
      ["before=nope", "before"],
    ];
    for (const [query, field] of bads) {
      const bad = await problem(await app.request(`${path}?${query}`, call(admin, "GET")), 400);
      assert.equal(bad.field, field, query);
    }
  },
);

storeTest(
  "[api] POST /api/manage/events/import imports a file once, audits it, and lists every problem of a bad one",
  async (store) => {
    const { admin, app, file } = await importDesk(store);
    const first = await ok(await postImport(app, admin, file), 201);
    assert.equal(first.slug, "spring-open-2026");
    assert.equal(first.changed, true);
    const second = await ok(await postImport(app, admin, file));
    assert.equal(second.changed, false);
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label"]).where(
      "action",
      "=",
      "event.import",
    )
      .execute();
    assert.deepEqual(audit.map((a) => a.token_label), ["Desk", "Desk"]);
    const bad = await importFixture("invalid_semantic.json");
    const p = await problem(await postImport(app, admin, bad), 400);
    assert.equal(p.code, "invalid-event-file");
    assert.ok(p.errors.length >= 1);
    assert.ok(p.errors.every((e: { field: string; message: string }) => typeof e.message === "string"));
    // Each problem carries its code and values for the desk's words (docs/import-format.md).
    assert.deepEqual(
      p.errors.find((e: { field: string }) => e.field === "categories[0].matches[0].games[1]"),
      {
        field: "categories[0].matches[0].games[1]",
        message:
          '"11-10" is not a finished game: a game is won by the first side to 11 points, with a 2-point lead ' +
          "from 10-10",
        code: "game-not-finished",
        params: { score: "11-10" },
      },
    );
    const syntax = await problem(
      await app.request(
        "/api/manage/events/import",
        call(admin, "POST", undefined, {
          "Content-Type": "application/json",
        }),
      ),
      400,
    );
    assert.match(syntax.detail, /Cannot import the event file/);
  },
);

storeTest("[api] an unknown event's slug is cut to 80 characters in the problem's detail", async (store) => {
  const { admin, app } = await setup(store);
  const cut = (slug: string) => `"${slug.slice(0, 80)}..."`;
  // In a body the slug may be as long as the body; in the URL up to the 2,048 characters of a request target.
  const long = "x".repeat(5000);
  const badEvent = await problem(
    await app.request("/api/manage/tokens", call(admin, "POST", { role: "scorer", label: "x", event: long })),
    400,
  );
  assert.equal(badEvent.field, "event");
  assert.equal(badEvent.detail, `Invalid "event": no event has the slug ${cut(long)}`);
  const inUrl = "y".repeat(1500);
  for (const path of [`/api/manage/events/${inUrl}`, `/api/manage/events/${inUrl}/audit`]) {
    const p = await problem(await app.request(path, call(admin, "GET")), 404);
    assert.equal(p.detail, `Event ${cut(inUrl)} does not exist`, path);
  }
  const audit = await problem(await app.request(`/api/manage/audit?event=${inUrl}`, call(admin, "GET")), 404);
  assert.equal(audit.detail, `Event ${cut(inUrl)} does not exist`);
  // A short slug is quoted whole.
  const short = await problem(await app.request("/api/manage/events/nope", call(admin, "GET")), 404);
  assert.equal(short.detail, 'Event "nope" does not exist');
});

storeTest(
  "[api] POST /api/manage/events/import answers 400 naming the path of a value no column or rating can take",
  async (store) => {
    const { admin, app, file } = await importDesk(store);
    // Each was a 500 on PostgreSQL ("value out of range for type integer", a RatingError after the write).
    const cases: [string, string, string][] = [
      ['"seed": 1', '"seed": 2147483648', "categories[0].entries[0].seed"],
      ['"seed": 1', '"seed": 1e300', "categories[0].entries[0].seed"],
      ['"matchCount": 85', '"matchCount": 2147483647', "players[0].prior.matchCount"],
      ['"deviation": 90', '"deviation": 5e-324', "players[2].prior.deviation"],
      ['"2026-04-18T09:31:00Z"', '"9999-12-31T23:59:59-14:00"', "categories[0].matches[0].completedAt"],
    ];
    for (const [from, to, field] of cases) {
      const p = await refusedImport(app, admin, file.replace(from, to));
      assert.equal(p.code, "invalid-event-file");
      assert.equal(p.field, field, to);
      assert.match(
        p.detail,
        new RegExp(`^Cannot import the event file: ${field.replace(/[[\].]/g, "\\$&")}: `),
      );
    }
    assert.deepEqual(await store.db.selectFrom("events").select("id").execute(), []);
  },
);

storeTest(
  "[api] the overview offers no match of a knockout draw still in draft to a free table",
  async (store) => {
    // A knockout category whose draw is drawn but not locked: its matches are not public (GET /api/v1/matches/{id}
    // is 404, db/read_matches.ts), the demo simulation never starts them (cli/simulation.ts), and once one of them
    // is started the draw can no longer be drawn again (409 draw-started).
    const ev = await seedKnockout(store.db, { slug: "draft-open", size: 4, drawState: "draft" });
    await store.db.updateTable("matches").set({ table_no: null }).where("event_id", "=", ev.eventId)
      .execute();
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store);
    const data = await ok(await app.request("/api/manage/events/draft-open?tables=2", call(admin, "GET")));
    assert.equal(data.subevents[0].drawState, "draft");
    assert.deepEqual(data.suggestions, []);

    // What following the suggestion leads to: "Put on table 1", start, and the draft is frozen.
    const [first] = ev.rounds[0]!;
    await writeMatch(store, first!, { type: "assign", tableNo: 1 }, { actor: "t", now: T0 });
    await writeMatch(store, first!, { type: "start", firstServer: "home" }, { actor: "t", now: T0 });
    const redraw = await app.request(`/api/manage/subevents/${ev.categoryId}/draw`, call(admin, "POST", {}));
    assert.equal(redraw.status, 409);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug/export answers the event as an import file to save",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    const res = await app.request(`/api/manage/events/${ev.slug}/export`, call(admin, "GET"));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Disposition"), `attachment; filename="${ev.slug}.json"`);
    const file = await res.json();
    assert.deepEqual([file.format, file.event.slug, file.categories.length], ["tt-event/1", ev.slug, 1]);
    const scorer = await makeToken(store.db, "scorer");
    await problem(await app.request(`/api/manage/events/${ev.slug}/export`, call(scorer, "GET")), 403);
    await problem(await app.request("/api/manage/events/nope/export", call(admin, "GET")), 404);
  },
);

storeTest(
  "[api] PUT and DELETE /api/manage/events/:slug/announcement post and take down the line the overview shows",
  async (store) => {
    const { admin, ev } = await setup(store);
    const clock = manualClock();
    const app = manageApp(store, clock.now);
    const path = `/api/manage/events/${ev.slug}/announcement`;
    // Each write a second after the last, so that the audit log lists them in order.
    const write = async (method: string, body?: unknown) => {
      clock.advance(1000);
      return await ok(await app.request(path, call(admin, method, body)));
    };
    const put = (body: unknown) => write("PUT", body);
    const lunch = { text: "Lunch break until 13:00", postedAt: new Date(T0.getTime() + 1000).toISOString() };

    assert.deepEqual(await put({ text: " Lunch break\nuntil 13:00 " }), {
      announcement: lunch,
      changed: true,
    });
    const overview = await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")));
    assert.deepEqual(overview.event.announcement, lunch);
    const list = await ok(await app.request("/api/manage/events", call(admin, "GET")));
    assert.deepEqual(list.events[0].announcement, lunch);

    assert.deepEqual(await put({ text: "Lunch break until 13:00" }), { announcement: lunch, changed: false });
    const desk = {
      text: "Anna Berg to the desk, please",
      postedAt: new Date(T0.getTime() + 3000).toISOString(),
    };
    assert.deepEqual(await put({ text: desk.text }), { announcement: desk, changed: true });
    assert.deepEqual(await put({ text: null }), { announcement: null, changed: true });
    await put({ text: desk.text });
    assert.deepEqual(await put({ text: "  " }), { announcement: null, changed: true });
    await put({ text: desk.text });
    assert.deepEqual(await write("DELETE"), { announcement: null, changed: true });
    assert.deepEqual(await write("DELETE"), { announcement: null, changed: false });
    const empty = await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")));
    assert.equal(empty.event.announcement, null);

    const audit = await ok(
      await app.request(`/api/manage/events/${ev.slug}/audit?action=event.announce`, call(admin, "GET")),
    );
    assert.deepEqual(
      audit.entries.map((e: { actor: string; detail: { text: string | null; was: string | null } }) => [
        e.actor,
        e.detail.text,
        e.detail.was,
      ]).reverse(),
      [
        ["Desk", lunch.text, null],
        ["Desk", desk.text, lunch.text],
        ["Desk", null, desk.text],
        ["Desk", desk.text, null],
        ["Desk", null, desk.text],
        ["Desk", desk.text, null],
        ["Desk", null, desk.text],
      ],
    );
  },
);

storeTest(
  "[api] PUT /api/manage/events/:slug/announcement: 400 bad body, 422 a line it cannot show, 404, 401, 403",
  async (store) => {
    const { app, admin, ev } = await setup(store, "published");
    const path = `/api/manage/events/${ev.slug}/announcement`;
    await ok(await app.request(path, call(admin, "PUT", { text: "Lunch break until 13:00" })));
    const expected = 'expected the announcement as a string ("" takes it down)';
    const bads: [unknown, string, string][] = [
      [{}, "text", `Invalid "text": ${expected}, got nothing`],
      [{ text: 13 }, "text", `Invalid "text": ${expected}, got 13`],
      [{ text: ["Lunch"] }, "text", `Invalid "text": ${expected}, got ["Lunch"]`],
      [{ text: "Lunch", until: "13:00" }, "until", 'Invalid body: unknown field "until"'],
      ["Lunch break", "", "Invalid body: expected a JSON object"],
    ];
    for (const [body, field, detail] of bads) {
      const p = await problem(await app.request(path, call(admin, "PUT", body)), 400);
      assert.deepEqual([p.code, p.field, p.detail], ["invalid-body", field, detail], JSON.stringify(body));
    }
    const noBody = await problem(await app.request(path, call(admin, "PUT")), 400);
    assert.equal(noBody.field, "text");

    const long = await problem(await app.request(path, call(admin, "PUT", { text: "x".repeat(201) })), 422);
    assert.deepEqual(
      [long.code, long.detail, long.type],
      [
        "invalid-announcement",
        "The announcement is 201 characters long; at most 200 fit on the TV",
        "/docs/operator.md#problem-invalid-announcement",
      ],
    );
    const hidden = await problem(
      await app.request(path, call(admin, "PUT", { text: "Table 3 \u202eis free" })),
      422,
    );
    assert.equal(hidden.detail, "The announcement contains an invisible control character (U+202E)");
    const bell = await problem(await app.request(path, call(admin, "PUT", { text: "Ring\u0007" })), 422);
    assert.match(bell.detail, /\(U\+0007\)$/);
    const still = await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")));
    assert.equal(
      still.event.announcement.text,
      "Lunch break until 13:00",
      "a refused line leaves the shown one",
    );

    for (const method of ["PUT", "DELETE"]) {
      const body = method === "PUT" ? { text: "Hello" } : undefined;
      const missing = await problem(
        await app.request("/api/manage/events/nope/announcement", call(admin, method, body)),
        404,
      );
      assert.equal(missing.detail, 'Event "nope" does not exist');
      await problem(await app.request(path, call(null, method, body)), 401);
      const scorer = await makeToken(store.db, "scorer", { eventId: ev.eventId });
      await problem(await app.request(path, call(scorer, method, body)), 403);
    }
    assert.equal(
      (await ok(await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET")))).event.announcement
        .text,
      "Lunch break until 13:00",
    );
  },
);

storeTest(
  "[api] posting an announcement moves the public event's ETag; the same line again does not",
  async (store) => {
    const { admin, ev } = await setup(store, "published");
    const app = createApp({ store, log: silentLogger, clock: () => T0 });
    const publicPath = `/api/v1/events/${ev.slug}`;
    const etag = async () => {
      const res = await app.request(publicPath);
      assert.equal(res.status, 200);
      return { tag: res.headers.get("ETag"), body: await res.json() };
    };
    const post = (text: string) =>
      app.request(`/api/manage/events/${ev.slug}/announcement`, call(admin, "PUT", { text }));

    const before = await etag();
    assert.ok(before.tag);
    assert.equal(before.body.data.event.announcement, null);
    await ok(await post("Lunch break until 13:00"));
    const after = await etag();
    assert.notEqual(after.tag, before.tag);
    assert.equal(after.body.data.event.announcement.text, "Lunch break until 13:00");
    assert.equal((await ok(await post("Lunch break until 13:00"))).changed, false);
    const same = await app.request(publicPath, { headers: { "If-None-Match": after.tag! } });
    assert.equal(same.status, 304, "an unchanged post leaves the ETag");
  },
);

storeTest(
  "[api] POST /api/manage/events/import refuses a script poster address and a name with a direction override",
  async (store) => {
    const { admin, app, file } = await importDesk(store);
    const cases: [string, string, string, RegExp][] = [
      ['"posterUrl": null', '"posterUrl": "javascript:alert(1)"', "event.posterUrl", /http: or https:/],
      ['"Ana Lopez"', '"Ana\\u202eLopez"', "players[0].displayName", /invisible.*\(U\+202E\)/],
      ['"TTC Ghent"', '"TTC\\u2067Ghent"', "players[0].association", /invisible.*\(U\+2067\)/],
      ['"name": "A"', '"name": "A\\u200b"', "categories[0].groups[0].name", /invisible.*\(U\+200B\)/],
    ];
    for (const [from, to, field, detail] of cases) {
      assert.ok(file.includes(from), from);
      const p = await refusedImport(app, admin, file.replace(from, to));
      assert.equal(p.code, "invalid-event-file");
      assert.equal(p.field, field, to);
      assert.match(p.detail, detail);
    }
    assert.deepEqual(await store.db.selectFrom("events").select("id").execute(), []);
  },
);
