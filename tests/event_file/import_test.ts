import assert from "node:assert/strict";
import { sql } from "kysely";
import { type Side } from "../../domain/scoring.ts";
import { replayMatch } from "../../domain/match_replay.ts";
import {
  categoryIdFor,
  entryIdFor,
  eventIdFor,
  matchIdFor,
  playerIdFor,
  stableId,
  uuidV5,
} from "../../db/ids.ts";
import {
  canonicalJson,
  ImportError,
  importEvent,
  importEventInTransaction,
  sourceHash,
} from "../../event_file/import.ts";
import { drawByLot } from "../../event_file/draw_by_lot.ts";
import type { EventFile } from "../../event_file/format.ts";
import { playerIdKey } from "../../db/player_id_key.ts";
import type { Store } from "../../db/store.ts";
import { storeTest } from "../support/stores.ts";

const validText = Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url));
const SLUG = "spring-open-2026";
const T0 = new Date("2026-04-18T12:00:00.000Z");
const T1 = new Date("2026-04-18T13:00:00.000Z");

function valid(): EventFile {
  return JSON.parse(validText) as EventFile;
}

const at = (date: Date) => () => date;

/** The same value with the keys of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
  }
  return value;
}

/** Every row of every table, as plain sorted data: equal dumps mean an unchanged store. */
async function dump(store: Store): Promise<Record<string, string[]>> {
  // The store's own tables, listed without Kysely's introspection, which reads every schema of the database
  // and fails when a parallel test drops its schema at the same moment.
  const tables = store.dialect === "postgres"
    ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`
      .execute(store.db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'
        and name not like 'sqlite_%'`.execute(store.db);
  const out: Record<string, string[]> = {};
  for (const table of tables.rows.map((t) => t.name).sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
    out[table] = rows.rows.map((r) =>
      JSON.stringify(
        Object.fromEntries(Object.entries({ ...r }).sort(([a], [b]) => a.localeCompare(b))),
        (_k, v) => typeof v === "bigint" ? Number(v) : v,
      )
    ).sort();
  }
  return out;
}

async function eventRow(store: Store, slug = SLUG) {
  return await store.db.selectFrom("events").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
}

async function matchRow(store: Store, category: string, key: string, slug = SLUG) {
  return await store.db.selectFrom("matches").selectAll().where("id", "=", matchIdFor(slug, category, key))
    .executeTakeFirstOrThrow();
}

Deno.test("uuidV5() matches the RFC 9562 example and stableId() cannot confuse its parts", () => {
  assert.equal(
    uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com"),
    "2ed6657d-e927-568b-95e1-2665a8aea6a2",
  );
  assert.match(
    stableId("event", "x"),
    /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  assert.equal(stableId("a", "b"), stableId("a", "b"));
  assert.notEqual(stableId("a/b", "c"), stableId("a", "b/c"));
  const key = "ab".repeat(32);
  assert.equal(playerIdFor("e1", "p1", "ITTF:1", key), playerIdFor("e2", "p9", "ITTF:1", key));
  assert.notEqual(playerIdFor("e1", "p1", null, key), playerIdFor("e2", "p1", null, key));
});

Deno.test("canonicalJson() sorts keys at every depth and sourceHash() ignores layout and $schema", () => {
  assert.equal(
    canonicalJson({ b: 1, a: [true, { d: null, c: "x" }], u: undefined }),
    '{"a":[true,{"c":"x","d":null}],"b":1}',
  );
  const file = valid();
  const reordered = reverseKeys(file) as EventFile;
  assert.notEqual(JSON.stringify(reordered), JSON.stringify(file));
  assert.equal(sourceHash({ ...file, $schema: "./import-schema.json" }), sourceHash(file));
  assert.equal(sourceHash(JSON.parse(JSON.stringify(reordered, null, 4))), sourceHash(file));
  assert.notEqual(sourceHash({ ...file, event: { ...file.event, name: "Other" } }), sourceHash(file));
  assert.match(sourceHash(file), /^[0-9a-f]{64}$/);
});

storeTest(
  "importEvent() writes the event, its categories, entries, groups and draw with stable ids",
  async (store) => {
    const result = await importEvent(store, valid(), at(T0));
    assert.deepEqual(result, {
      eventId: eventIdFor(SLUG),
      changed: true,
      counts: {
        players: 8,
        accounts: 1,
        categories: 2,
        entries: 10,
        groups: 2,
        drawSlots: 8,
        matches: 12,
        points: result.counts.points,
      },
      warnings: [],
    });
    const event = await eventRow(store);
    assert.equal(event.id, eventIdFor(SLUG));
    assert.equal(event.name, "Spring Open 2026");
    assert.equal(event.status, "published");
    assert.equal(event.poster_url, null);
    assert.equal(Number(event.revision), 1);
    assert.equal(event.source_hash, sourceHash(valid()));
    assert.equal(event.created_at, T0.toISOString());
    assert.equal(event.updated_at, T0.toISOString());

    const categories = await store.db.selectFrom("subevents").selectAll().orderBy("position").execute();
    assert.deepEqual(
      categories.map((s) => [s.id, s.code, s.kind, s.format, Number(s.best_of), s.draw_state]),
      [
        [categoryIdFor(SLUG, "S"), "S", "singles", "groups_knockout", 5, "locked"],
        [categoryIdFor(SLUG, "XD"), "XD", "doubles", "knockout", 3, "locked"],
      ],
    );
    assert.equal(categories[0]!.draw_seed, "spring-open-2026/S");
    assert.equal(Number(categories[1]!.draw_size), 4);

    const d1 = await store.db.selectFrom("entries").selectAll().where("id", "=", entryIdFor(SLUG, "XD", "d1"))
      .executeTakeFirstOrThrow();
    const key = await playerIdKey(store.db);
    assert.equal(d1.player1_id, playerIdFor(SLUG, "p1", "ITTF:100101", key));
    assert.equal(d1.player2_id, playerIdFor(SLUG, "p2", "ITTF:100102", key));
    assert.equal(Number(d1.seed), 1);

    const members = await store.db.selectFrom("group_members").innerJoin(
      "groups",
      "groups.id",
      "group_members.group_id",
    )
      .select(["groups.name", "group_members.entry_id", "group_members.position", "group_members.lot"])
      .where("groups.name", "=", "B").orderBy("group_members.position").execute();
    assert.deepEqual(
      members.map((m) => [m.entry_id, Number(m.position), m.lot === null ? null : Number(m.lot)]),
      [
        [entryIdFor(SLUG, "S", "s2"), 0, 2],
        [entryIdFor(SLUG, "S", "s4"), 1, 1],
        [entryIdFor(SLUG, "S", "s6"), 2, 3],
      ],
    );

    const slots = await store.db.selectFrom("draw_slots").selectAll().where(
      "subevent_id",
      "=",
      categoryIdFor(SLUG, "S"),
    )
      .orderBy("position").execute();
    assert.deepEqual(slots.map((s) => [s.entry_id, Number(s.is_bye), s.qualifier_group, s.qualifier_place]), [
      [null, 0, 0, 1],
      [null, 0, 1, 2],
      [null, 0, 0, 2],
      [null, 0, 1, 1],
    ]);

    const players = await store.db.selectFrom("players").selectAll().execute();
    assert.equal(players.length, 8);
    const ana = players.find((p) => p.display_name === "Ana Lopez")!;
    assert.deepEqual(
      [ana.email, ana.birth_date, ana.prior_rating, ana.prior_match_count, Number(ana.listed)],
      ["ana@example.org", "2001-05-14", 1720, 85, 1],
    );
    const account = await store.db.selectFrom("accounts").selectAll().executeTakeFirstOrThrow();
    assert.equal(account.email, "referee@example.org");
  },
);

storeTest("importEvent() stores scores, labels, times and the points that replay to them", async (store) => {
  await importEvent(store, valid(), at(T0));
  const running = await matchRow(store, "S", "A3");
  assert.equal(running.status, "in_progress");
  assert.equal(running.label, "Group A");
  assert.equal(running.games, "[[11,9]]");
  assert.deepEqual([Number(running.current_home), Number(running.current_away)], [5, 3]);
  assert.equal(running.first_server, "away");
  assert.equal(running.started_at, "2026-04-18T08:00:00.000Z");
  assert.equal(running.completed_at, null);
  assert.equal(Number(running.best_of), 5);
  // Game 2 is served first by home (the first server alternates); 8 points played: home serves again.
  assert.equal(running.server, "home");
  const points = await store.db.selectFrom("match_points").select(["seq", "side"]).where(
    "match_id",
    "=",
    running.id,
  )
    .orderBy("seq").execute();
  assert.equal(points.length, 20 + 8);
  const state = replayMatch(points.map((p) => p.side as Side), { bestOf: 5, firstServer: "away" });
  assert.deepEqual(state.gameScores, [{ home: 11, away: 9 }]);
  assert.deepEqual(state.currentGame, { home: 5, away: 3 });
  assert.equal(state.server, running.server);

  const won = await matchRow(store, "S", "A1");
  assert.equal(won.winner_entry_id, entryIdFor(SLUG, "S", "s1"));
  assert.equal(won.completed_at, "2026-04-18T09:31:00.000Z");
  assert.equal(won.server, null);
  const walkover = await matchRow(store, "S", "A2");
  assert.deepEqual([walkover.result_reason, walkover.games, walkover.winner_entry_id], [
    "walkover",
    "[]",
    entryIdFor(SLUG, "S", "s3"),
  ]);
  assert.equal(walkover.completed_at, T0.toISOString(), "completedAt defaults to the import time");
  const retired = await matchRow(store, "S", "B1");
  assert.deepEqual([retired.result_reason, Number(retired.retirement_after_game), retired.games], [
    "retired",
    1,
    "[[11,6]]",
  ]);
  assert.deepEqual([Number(retired.current_home), Number(retired.current_away)], [0, 0]);
  const retiredPoints = await store.db.selectFrom("match_points").select("side").where(
    "match_id",
    "=",
    retired.id,
  )
    .orderBy("seq").execute();
  assert.deepEqual(
    replayMatch(retiredPoints.map((p) => p.side as Side), { bestOf: 5, firstServer: "home" }).currentGame,
    { home: 4, away: 2 },
    "the points keep the game the retirement interrupted",
  );
  const fiveGamer = await matchRow(store, "S", "B2");
  assert.equal(fiveGamer.winner_entry_id, entryIdFor(SLUG, "S", "s4"));

  const final = await matchRow(store, "S", "F");
  assert.deepEqual([final.label, Number(final.round_no), Number(final.bracket_pos), final.home_entry_id], [
    "Final",
    2,
    0,
    null,
  ]);
  assert.equal((await matchRow(store, "S", "SF2")).label, "Semi-final");
  const xdFinal = await matchRow(store, "XD", "F");
  assert.equal(xdFinal.scheduled_at, "2026-04-19T13:00:00.000Z");
  assert.equal(Number(xdFinal.table_no), 1);
  assert.equal(Number(xdFinal.revision), 0);
  assert.equal(xdFinal.created_at, T0.toISOString());
  const dq = await matchRow(store, "XD", "SF2");
  assert.deepEqual([dq.result_reason, dq.retirement_after_game, dq.winner_entry_id], [
    "disqualified",
    null,
    entryIdFor(SLUG, "XD", "d2"),
  ]);
});

storeTest(
  "importEvent() changes nothing, not even the revision, when the same file comes again",
  async (store) => {
    await importEvent(store, valid(), at(T0));
    const before = await dump(store);
    assert.deepEqual([before["events"]?.length, before["matches"]?.length], [1, 12]);
    const again = await importEvent(store, valid(), at(T1));
    assert.equal(again.changed, false);
    assert.equal(again.eventId, eventIdFor(SLUG));
    assert.equal(again.counts.matches, 12);
    // The same content in another layout and key order is the same file.
    const reformatted = JSON.parse(JSON.stringify(reverseKeys(valid()), null, 3)) as EventFile;
    assert.equal(
      (await importEvent(store, { ...reformatted, $schema: "./import-schema.json" }, at(T1))).changed,
      false,
    );
    assert.deepEqual(await dump(store), before);
  },
);

storeTest("importEvent() replaces the event's rows when the file changed", async (store) => {
  await importEvent(store, valid(), at(T0));
  const globalBefore = await store.db.selectFrom("revisions").select("value").executeTakeFirstOrThrow();
  const changed = valid();
  changed.event.name = "Spring Open 2026 (moved)";
  const xd = changed.categories[1]!;
  xd.matches = xd.matches!.filter((m) => m.id !== "F");
  changed.categories[0]!.matches![5]!.status = "in_progress";
  changed.categories[0]!.matches![5]!.games = ["11-4"];
  const result = await importEvent(store, changed, at(T1));
  assert.equal(result.changed, true);
  assert.equal(result.eventId, eventIdFor(SLUG));
  assert.equal(result.counts.matches, 11);

  const event = await eventRow(store);
  assert.equal(event.name, "Spring Open 2026 (moved)");
  assert.equal(Number(event.revision), 2);
  assert.equal(event.created_at, T0.toISOString());
  assert.equal(event.updated_at, T1.toISOString());
  assert.equal(event.source_hash, sourceHash(changed));
  const globalAfter = await store.db.selectFrom("revisions").select("value").executeTakeFirstOrThrow();
  assert.equal(Number(globalAfter.value), Number(globalBefore.value) + 1);

  const matches = await store.db.selectFrom("matches").select("id").execute();
  assert.equal(matches.length, 11);
  await assert.rejects(matchRow(store, "XD", "F"));
  const b3 = await matchRow(store, "S", "B3");
  assert.deepEqual([b3.status, b3.games, b3.started_at], ["in_progress", "[[11,4]]", T1.toISOString()]);
  assert.equal(Number(b3.revision), 1, "a replaced match's revision goes up");
  assert.equal(b3.created_at, T0.toISOString(), "a replaced match keeps its creation time");
  const counts = await Promise.all(
    (["subevents", "entries", "groups", "group_members", "draw_slots"] as const).map(async (t) =>
      Number(
        (await store.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()).n,
      )
    ),
  );
  assert.deepEqual(counts, [2, 10, 2, 6, 8]);
  const events = await store.db.selectFrom("events").select("id").execute();
  assert.equal(events.length, 1);
});

storeTest("importEvent() leaves the store byte-identical when the file has an error", async (store) => {
  await importEvent(store, valid(), at(T0));
  const before = await dump(store);
  assert.deepEqual([before["events"]?.length, before["players"]?.length], [1, 8]);
  const broken = valid();
  broken.event.name = "Changed";
  broken.categories[0]!.matches![0]!.games = ["11-7", "11-10"];
  await assert.rejects(importEvent(store, broken, at(T1)), (e: unknown) => {
    assert.ok(e instanceof ImportError);
    assert.deepEqual(e.problems.map((p) => p.path), ["categories[0].matches[0].games[1]"]);
    return true;
  });
  const fresh = valid();
  fresh.event.slug = "another-event";
  fresh.categories[1]!.entries[0]!.players = ["p1"];
  await assert.rejects(importEvent(store, fresh, at(T1)), ImportError);
  assert.deepEqual(await dump(store), before);
});

storeTest(
  "importEventInTransaction() writes nothing when the caller's transaction rolls back",
  async (store) => {
    await importEvent(store, valid(), at(T0));
    const before = await dump(store);
    const changed = valid();
    changed.event.name = "Rolled back";
    const other = valid();
    other.event.slug = "rolled-back";
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        assert.equal((await importEventInTransaction(trx, changed, T1)).changed, true);
        assert.equal((await importEventInTransaction(trx, other, T1)).changed, true);
        throw new Error("Cannot finish: the caller gave up");
      }),
      /the caller gave up/,
    );
    assert.deepEqual(await dump(store), before);
  },
);

storeTest("importEvent() keeps one player per federation id across events", async (store) => {
  await importEvent(store, valid(), at(T0));
  const second = valid();
  second.event.slug = "summer-open-2026";
  second.event.status = "draft";
  second.players[0]!.displayName = "Ana López";
  delete second.players[0]!.email;
  await importEvent(store, second, at(T1));
  const ana = await store.db.selectFrom("players").selectAll()
    .where("federation_id", "=", "ITTF:100101").execute();
  assert.equal(ana.length, 1);
  const key = await playerIdKey(store.db);
  assert.equal(ana[0]!.id, playerIdFor(SLUG, "p1", "ITTF:100101", key));
  // The latest published import names the player; a draft's name waits for the draft to be published.
  assert.equal(ana[0]!.display_name, "Ana Lopez", "a draft does not rename a published player");
  assert.equal(ana[0]!.email, "ana@example.org", "a private field the file leaves out is kept");
  assert.equal(ana[0]!.created_at, T0.toISOString());
  // Players without a federation id are players of their event: 2 shared + 6 + 6.
  const players = await store.db.selectFrom("players").select(["id", "listed"]).execute();
  assert.equal(players.length, 14);
  const listed = new Set(players.filter((p) => Number(p.listed) === 1).map((p) => p.id));
  assert.equal(listed.size, 8, "players of the draft event alone are not listed");
  assert.ok(!listed.has(playerIdFor("summer-open-2026", "p3", null, key)));
});

storeTest(
  "importEvent() looks up more federation ids than one statement may bind (SQLite 32,766 variables)",
  async (store) => {
    // Over SQLite's limit on bound variables, so that one `IN (...)` list of every id would fail.
    const extra = 33_000;
    const file = valid();
    for (let i = 0; i < extra; i++) {
      file.players.push({ id: `x${i}`, displayName: `Extra ${i}`, federationId: `BIG:${i}` });
    }
    // A player already in the store under an id near the end of the list keeps its row.
    const knownId = "22222222-2222-4222-8222-222222222222";
    await store.db.insertInto("players").values({
      id: knownId,
      display_name: "Known",
      association: null,
      federation_id: `BIG:${extra - 1}`,
      email: null,
      birth_date: null,
      prior_rating: null,
      prior_deviation: null,
      prior_match_count: null,
      created_at: T0.toISOString(),
    }).execute();
    const result = await importEvent(store, file, at(T0));
    assert.equal(result.counts.players, 8 + extra);
    const count = await store.db.selectFrom("players").select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 8 + extra);
    const known = await store.db.selectFrom("players").select("display_name").where("id", "=", knownId)
      .executeTakeFirstOrThrow();
    assert.equal(known.display_name, `Extra ${extra - 1}`);
  },
);

storeTest(
  "importEvent() takes over an event created under the slug elsewhere, keeping its id",
  async (store) => {
    await store.db.insertInto("events").values({
      id: "11111111-1111-4111-8111-111111111111",
      slug: SLUG,
      name: "Made by hand",
      venue: "",
      start_date: "2026-04-18",
      end_date: "2026-04-18",
      status: "draft",
      description: "",
      poster_url: null,
      revision: 4,
      source_hash: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }).execute();
    const result = await importEvent(store, valid(), at(T0));
    assert.deepEqual([result.eventId, result.changed], ["11111111-1111-4111-8111-111111111111", true]);
    const event = await eventRow(store);
    assert.deepEqual([event.name, Number(event.revision), event.created_at], [
      "Spring Open 2026",
      5,
      "2026-01-01T00:00:00.000Z",
    ]);
    const matches = await store.db.selectFrom("matches").select("event_id").distinct().execute();
    assert.deepEqual(matches.map((m) => m.event_id), [result.eventId]);
  },
);

storeTest("importEvent() writes a draw made by lot from the lot seed", async (store) => {
  const file = valid();
  const xd = file.categories[1]!;
  xd.draw = { state: "locked", lotSeed: "xd-2026" };
  xd.matches = [];
  await importEvent(store, file, at(T0));
  const expected = drawByLot({
    format: "knockout",
    lotSeed: "xd-2026",
    entries: [
      { id: "d1", seed: 1, association: "TTC Ghent" },
      { id: "d2", seed: 2, association: "Antwerp TT" },
      { id: "d3", association: "Bruges TTC" },
      { id: "d4" },
    ],
    groupNames: [],
    qualifiersPerGroup: undefined,
  });
  const rows = await store.db.selectFrom("draw_slots").selectAll().where(
    "subevent_id",
    "=",
    categoryIdFor(SLUG, "XD"),
  )
    .orderBy("position").execute();
  assert.deepEqual(
    rows.map((r) => r.entry_id),
    expected.map((s) => entryIdFor(SLUG, "XD", s as string)),
  );
  const category = await store.db.selectFrom("subevents").selectAll().where("code", "=", "XD")
    .executeTakeFirstOrThrow();
  assert.deepEqual([category.draw_seed, Number(category.draw_size)], ["xd-2026", 4]);
});

storeTest(
  "importEvent() labels knockout rounds without a draw by the smallest bracket that holds them",
  async (store) => {
    const file = valid();
    const xd = file.categories[1]!;
    delete xd.draw;
    xd.matches = [
      { id: "Q", stage: "knockout", round: 1, position: 3, status: "scheduled" },
      { id: "F", stage: "knockout", round: 3, position: 0, status: "scheduled" },
    ];
    await importEvent(store, file, at(T0));
    assert.equal((await matchRow(store, "XD", "Q")).label, "Quarter-final");
    assert.equal((await matchRow(store, "XD", "F")).label, "Final");
    const category = await store.db.selectFrom("subevents").selectAll().where("code", "=", "XD")
      .executeTakeFirstOrThrow();
    assert.deepEqual([category.draw_state, category.draw_size], ["none", null]);
  },
);

storeTest(
  "importEvent() reuses a player already in the store under the same federation id",
  async (store) => {
    const existingId = "22222222-2222-4222-8222-222222222222";
    await store.db.insertInto("players").values({
      id: existingId,
      display_name: "A. Lopez",
      association: null,
      federation_id: "ITTF:100101",
      email: null,
      birth_date: null,
      prior_rating: null,
      prior_deviation: null,
      prior_match_count: null,
      listed: 0,
      created_at: "2026-01-01T00:00:00.000Z",
    }).execute();
    await importEvent(store, valid(), at(T0));
    const ana = await store.db.selectFrom("players").selectAll().where("federation_id", "=", "ITTF:100101")
      .execute();
    assert.deepEqual(ana.map((p) => [p.id, p.display_name, Number(p.listed)]), [[
      existingId,
      "Ana Lopez",
      1,
    ]]);
    const entry = await store.db.selectFrom("entries").select("player1_id").where(
      "id",
      "=",
      entryIdFor(SLUG, "S", "s1"),
    )
      .executeTakeFirstOrThrow();
    assert.equal(entry.player1_id, existingId);
  },
);

storeTest(
  "importEvent() refuses, naming the path, the values that failed in a column or a rating",
  async (store) => {
    // Each of these was written until the store failed (PostgreSQL: "value out of range for type integer"),
    // failed in the rating after the write, or was stored changed (a lone surrogate became U+FFFD).
    const cases: [(f: EventFile) => void, string][] = [
      [(f) => (f.categories[0]!.entries[0]!.seed = 2147483648), "categories[0].entries[0].seed"],
      [(f) => (f.categories[0]!.entries[0]!.seed = 1e300), "categories[0].entries[0].seed"],
      [
        (f) => (f.players[0]!.prior = { rating: 1500, matchCount: 2147483647 }),
        "players[0].prior.matchCount",
      ],
      [
        (f) => (f.players[0]!.prior = { rating: 1500, deviation: 1e-300, matchCount: 0 }),
        "players[0].prior.deviation",
      ],
      [(f) => (f.event.name = "Ev\udfff"), "event.name"],
      [
        (f) => (f.categories[0]!.matches![0]!.completedAt = "9999-12-31T23:59:59-14:00"),
        "categories[0].matches[0].completedAt",
      ],
    ];
    for (const [change, path] of cases) {
      const file = valid();
      change(file);
      await assert.rejects(importEvent(store, file, at(T0)), (e: unknown) => {
        assert.ok(e instanceof ImportError, String(e));
        assert.deepEqual(e.problems.map((p) => p.path), [path]);
        return true;
      });
    }
    assert.equal((await store.db.selectFrom("events").select("id").execute()).length, 0);
  },
);

storeTest("importEvent() stores the extremes the schema accepts, and rates from them", async (store) => {
  const file = valid();
  file.players[0]!.prior = { rating: 5000, deviation: 1, matchCount: 100_000 };
  file.players[2]!.prior = { rating: 1, deviation: 1000, matchCount: 0 };
  file.players[0]!.birthDate = "0050-06-15";
  file.categories[0]!.entries[0]!.seed = 9999;
  file.categories[0]!.matches![0]!.startedAt = "0001-01-01T00:00:00Z";
  file.categories[0]!.matches![0]!.completedAt = "9999-12-31T09:59:59+14:00";
  await importEvent(store, file, at(T0));
  const seed = await store.db.selectFrom("entries").select("seed").where(
    "id",
    "=",
    entryIdFor(SLUG, "S", "s1"),
  )
    .executeTakeFirstOrThrow();
  assert.equal(Number(seed.seed), 9999);
  const ana = playerIdFor(SLUG, "p1", "ITTF:100101", await playerIdKey(store.db));
  const player = await store.db.selectFrom("players").select("birth_date").where("id", "=", ana)
    .executeTakeFirstOrThrow();
  assert.equal(player.birth_date, "0050-06-15");
  const match = await matchRow(store, "S", "A1");
  assert.deepEqual([match.started_at, match.completed_at], [
    "0001-01-01T00:00:00.000Z",
    "9999-12-30T19:59:59.000Z",
  ]);
  // Ana played rated matches in the file: her count is the prior's plus those, and her deviation stays positive.
  const rating = await store.db.selectFrom("ratings").selectAll().where("player_id", "=", ana)
    .executeTakeFirstOrThrow();
  assert.ok(Number(rating.match_count) > 100_000, String(rating.match_count));
  assert.ok(rating.deviation >= 1 && Number.isFinite(rating.rating), JSON.stringify(rating));
});
