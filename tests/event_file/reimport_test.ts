/**
 * Re-import, the documented way to mend an event (docs/import-format.md, "Idempotency and re-import"): an event
 * run from the desk (draws made on /manage, groups finished, half the knockout played, a retirement mid-game,
 * a match running with the umpire's time-out and card, an announcement) is exported and imported again, into the
 * same store and into a fresh one. Every id stays, nothing is duplicated, the knockout keeps its "1st Group A"
 * links, the retirement keeps its unfinished game, and exporting again gives the same bytes.
 */
import assert from "node:assert/strict";
import { generateDraw } from "../../db/draw_writes.ts";
import { setDrawLocked, setEventAnnouncement } from "../../db/manage_writes.ts";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { exportEvent } from "../../event_file/export.ts";
import type { EventFile, PlayerInput } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { call, makeToken, manageApp } from "../api/manage_fixtures.ts";
import { apiClient } from "../support/api_client.ts";
import { DIALECTS, makeStore, storeTest } from "../support/stores.ts";

const T0 = new Date("2026-06-13T09:00:00.000Z");
const SLUG = "club-open-2026";
const desk = { actor: "desk", now: T0 };

/** Men m1..m8 (the first four with a federation id), women w1..w4 (none). */
function players(): PlayerInput[] {
  const men = Array.from({ length: 8 }, (_, i): PlayerInput => ({
    id: `m${i + 1}`,
    displayName: `Man ${String.fromCharCode(65 + i)}`,
    association: i % 2 === 0 ? "Westbrook TTC" : "Riverside TT",
    ...(i < 4 ? { federationId: `NAT:${1000 + i}` } : {}),
  }));
  const women = Array.from({ length: 4 }, (_, i): PlayerInput => ({
    id: `w${i + 1}`,
    displayName: `Woman ${String.fromCharCode(65 + i)}`,
  }));
  return [...men, ...women];
}

/** The file the director started from: entries only; the draws are made from the desk. */
function startFile(): EventFile {
  return {
    format: "tt-event/1",
    event: {
      slug: SLUG,
      name: "Club Open 2026",
      venue: "Club hall",
      startDate: "2026-06-13",
      endDate: "2026-06-14",
      status: "published",
    },
    players: players(),
    categories: [
      {
        id: "MS",
        name: "Men's singles",
        kind: "singles",
        format: "groups_knockout",
        bestOf: 3,
        groupSize: 4,
        qualifiersPerGroup: 2,
        entries: Array.from({ length: 8 }, (_, i) => ({ id: `m${i + 1}`, players: [`m${i + 1}`] })),
      },
      {
        id: "WS",
        name: "Women's singles",
        kind: "singles",
        format: "knockout",
        bestOf: 3,
        entries: Array.from({ length: 4 }, (_, i) => ({
          id: `w${i + 1}`,
          players: [`w${i + 1}`],
          ...(i < 2 ? { seed: i + 1 } : {}),
        })),
      },
    ],
  };
}

const write = (store: Store, id: string, action: MatchAction) => writeMatch(store, id, action, desk);

async function categoryId(store: Store, code: string): Promise<string> {
  const row = await store.db.selectFrom("subevents").select("id").where("code", "=", code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rallies won by one side. */
async function points(store: Store, id: string, side: "home" | "away", n: number): Promise<void> {
  for (let i = 0; i < n; i++) await write(store, id, { type: "point", side });
}

/**
 * A day run from the desk: both draws made and locked, every group match played (the entry first in the file
 * wins, so every group is decided), the first semi-final won, the second retired in its second game, the women's
 * first semi-final running with a time-out and a yellow card, and an announcement on the screens.
 */
async function runTheDay(store: Store): Promise<void> {
  await importEvent(store, startFile(), () => T0);
  const ms = await categoryId(store, "MS");
  const ws = await categoryId(store, "WS");
  await generateDraw(store, ms, { lotSeed: "ms-2026", groupSize: 4, qualifiersPerGroup: 2 }, desk);
  await setDrawLocked(store, ms, true, desk);
  await generateDraw(store, ws, { lotSeed: "ws-2026" }, desk);
  await setDrawLocked(store, ws, true, desk);

  const entryOrder = new Map(
    (await store.db.selectFrom("entries").innerJoin("players", "players.id", "entries.player1_id")
      .select(["entries.id", "players.display_name"]).execute()).map((e) => [e.id, e.display_name]),
  );
  const groupMatches = await store.db.selectFrom("matches").selectAll().where("subevent_id", "=", ms)
    .where("stage", "=", "group").execute();
  for (const m of groupMatches) {
    const homeWins = entryOrder.get(m.home_entry_id!)! < entryOrder.get(m.away_entry_id!)!;
    const games = homeWins
      ? [{ home: 11, away: 5 }, { home: 11, away: 7 }]
      : [{ home: 6, away: 11 }, { home: 9, away: 11 }];
    await write(store, m.id, { type: "result", games });
  }
  const semis = await store.db.selectFrom("matches").selectAll().where("subevent_id", "=", ms)
    .where("stage", "=", "knockout").where("round_no", "=", 1).orderBy("bracket_pos").execute();
  assert.equal(semis.length, 2);
  assert.ok(semis.every((m) => m.home_entry_id !== null && m.away_entry_id !== null), "qualifiers placed");
  await write(store, semis[0]!.id, {
    type: "result",
    games: [{ home: 11, away: 8 }, { home: 13, away: 11 }],
  });
  await write(store, semis[1]!.id, { type: "start", firstServer: "away" });
  await points(store, semis[1]!.id, "home", 11);
  await points(store, semis[1]!.id, "away", 3);
  await points(store, semis[1]!.id, "home", 2);
  await write(store, semis[1]!.id, { type: "retire", side: "away" });

  const women = await store.db.selectFrom("matches").selectAll().where("subevent_id", "=", ws)
    .where("round_no", "=", 1).orderBy("bracket_pos").execute();
  await write(store, women[0]!.id, { type: "start", firstServer: "home" });
  await points(store, women[0]!.id, "home", 4);
  await write(store, women[0]!.id, { type: "timeout", side: "away" });
  await write(store, women[0]!.id, { type: "resume" });
  await write(store, women[0]!.id, { type: "card", side: "away", target: "player", card: "yellow" });
  await points(store, women[0]!.id, "away", 2);

  await setEventAnnouncement(store, SLUG, "Lunch break until 13:00", desk);
}

/** Every id of every kind of row, sorted, and how many rows each table has. */
async function idsOf(store: Store) {
  const ids = async (table: "events" | "subevents" | "groups" | "entries" | "players" | "matches") =>
    (await store.db.selectFrom(table).select("id").execute()).map((r) => r.id).sort();
  const count = async (table: "group_members" | "draw_slots" | "match_points") =>
    Number(
      (await store.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
    );
  return {
    events: await ids("events"),
    categories: await ids("subevents"),
    groups: await ids("groups"),
    entries: await ids("entries"),
    players: await ids("players"),
    matches: await ids("matches"),
    groupMembers: await count("group_members"),
    drawSlots: await count("draw_slots"),
    points: await count("match_points"),
  };
}

/** The first-round sides of the men's knockout as the public API serves them, with their qualifier links. */
async function knockoutSides(store: Store) {
  const api = apiClient(store, () => T0);
  const res = await api.request(`/api/v1/subevents/${await categoryId(store, "MS")}/draw`);
  assert.equal(res.status, 200);
  const rounds = res.body.data.draw.rounds as { matches: { home: Side; away: Side }[] }[];
  return rounds[0]!.matches.flatMap((m) => [m.home, m.away]).map((s) => ({
    entry: s.entry?.id ?? null,
    qualifier: s.qualifier === null ? null : `${s.qualifier.place} ${s.qualifier.groupName}`,
  }));
}
interface Side {
  entry: { id: string } | null;
  qualifier: { groupName: string; place: number } | null;
}

/** The file's match of the retirement in the men's knockout. */
function retiredMatch(file: EventFile) {
  return file.categories[0]!.matches!.find((m) => m.resultReason === "retired");
}

storeTest(
  "re-importing an export keeps every id, duplicates nothing, keeps the qualifier links, the unfinished game of a retirement and the announcement; exporting again gives the same bytes, here and in a fresh store",
  async (store) => {
    await runTheDay(store);
    const before = await idsOf(store);
    const sidesBefore = await knockoutSides(store);
    assert.ok(
      sidesBefore.every((s) => s.entry !== null && s.qualifier !== null),
      JSON.stringify(sidesBefore),
    );

    const file = await exportEvent(store.db, SLUG);
    assert.ok(file);
    const checked = await validateEventFile(file);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors.slice(0, 5)));
    assert.equal(retiredMatch(file)?.current, "2-3", "the running game at the retirement");
    assert.deepEqual(file.event.announcement, {
      text: "Lunch break until 13:00",
      postedAt: T0.toISOString(),
    });
    const text = JSON.stringify(file, null, 2);

    // The same store: the export, mended by nobody, imported back.
    const result = await importEvent(store, JSON.parse(text), () => new Date("2026-06-13T15:00:00.000Z"));
    assert.equal(result.changed, true);
    assert.deepEqual(await idsOf(store), before, "every id kept, no row added");
    assert.deepEqual(await knockoutSides(store), sidesBefore, "the qualifier links kept");
    assert.equal(JSON.stringify(await exportEvent(store.db, SLUG), null, 2), text, "the same bytes");
    const api = apiClient(store, () => T0);
    const event = (await api.request(`/api/v1/events/${SLUG}`)).body.data.event;
    assert.deepEqual(event.announcement, { text: "Lunch break until 13:00", postedAt: T0.toISOString() });

    // A fresh store of each dialect: the same ids and the same bytes.
    for (const dialect of DIALECTS) {
      const fresh = await makeStore(dialect);
      try {
        await importEvent(fresh, JSON.parse(text), () => T0);
        assert.deepEqual(await idsOf(fresh), before, `[${dialect}] the same ids in a fresh store`);
        assert.deepEqual(await knockoutSides(fresh), sidesBefore);
        assert.equal(
          JSON.stringify(await exportEvent(fresh.db, SLUG), null, 2),
          text,
          `[${dialect}] same bytes`,
        );
      } finally {
        await fresh.drop();
      }
    }
  },
);

storeTest(
  "the director's way: Download as import file, import it on /manage, download again: the same bytes, the same ids",
  async (store) => {
    await runTheDay(store);
    const before = await idsOf(store);
    const app = manageApp(store, () => T0);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const download = async () => {
      const res = await app.request(`/api/manage/events/${SLUG}/export`, call(admin, "GET"));
      assert.equal(res.status, 200);
      return await res.text();
    };
    const text = await download();
    const res = await app.request("/api/manage/events/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: text,
    });
    assert.equal(res.status, 201, await res.clone().text());
    assert.equal(await download(), text);
    assert.deepEqual(await idsOf(store), before);
  },
);

const spring = (): EventFile =>
  JSON.parse(Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url)));

/** The spring fixture imported and exported: a file with every `uuid`. */
async function exportedSpring(store: Store): Promise<EventFile> {
  await importEvent(store, spring(), () => T0);
  const file = await exportEvent(store.db, spring().event.slug);
  assert.ok(file);
  return file;
}

storeTest(
  "a file copied for another event keeps the players, but takes no row of the first event",
  async (store) => {
    const file = await exportedSpring(store);
    const before = await idsOf(store);
    const copy: EventFile = { ...file, event: { ...file.event, slug: "spring-open-2027" } };
    const result = await importEvent(store, copy, () => T0);
    const after = await idsOf(store);
    assert.notEqual(result.eventId, file.event.uuid);
    assert.deepEqual(after.players, before.players, "the same people, no second row of anyone");
    assert.equal(after.matches.length, 2 * before.matches.length);
    assert.ok(before.matches.every((id) => after.matches.includes(id)), "the first event's matches stay");
    const first = await store.db.selectFrom("matches").select("id").where("event_id", "=", file.event.uuid!)
      .execute();
    assert.deepEqual(first.map((m) => m.id).sort(), before.matches, "and stay the first event's");
    assert.deepEqual(await exportEvent(store.db, file.event.slug), file, "the first event as it was");
  },
);

storeTest(
  "a player without a federation id keeps their id when the mended file gives them one, and is not made twice",
  async (store) => {
    const file = await exportedSpring(store);
    const before = await idsOf(store);
    const unknown = file.players.find((p) => !p.federationId)!;
    unknown.federationId = "ITTF:100999";
    await importEvent(store, file, () => T0);
    assert.deepEqual(await idsOf(store), before);
    const row = await store.db.selectFrom("players").select("federation_id").where("id", "=", unknown.uuid!)
      .executeTakeFirstOrThrow();
    assert.equal(row.federation_id, "ITTF:100999");
  },
);

storeTest(
  "a match added by hand whose key derives an id a uuid of the file holds gets an id of its own",
  async (store) => {
    const file = await exportedSpring(store);
    const before = await idsOf(store);
    const singles = file.categories[0]!;
    const groupA = singles.groups!.find((g) => g.name === "A")!;
    // The fixture's match "A1" has the id its key derives; the export calls it "m1" and keeps that id.
    singles.matches!.push({
      id: "A1",
      stage: "group",
      group: "A",
      round: 9,
      position: 0,
      home: groupA.entries[0]!,
      away: groupA.entries[1]!,
      status: "scheduled",
    });
    await importEvent(store, file, () => T0);
    const after = await idsOf(store);
    assert.equal(after.matches.length, before.matches.length + 1);
    assert.ok(before.matches.every((id) => after.matches.includes(id)));
  },
);

Deno.test("validateEventFile() refuses a uuid given twice, a group place's entry from another group, and an announcement the desk could not post", async () => {
  const file = spring();
  const singles = file.categories[0]!;
  const uuid = "0b6ad3c4-9a2e-4c8e-8a8f-1d2e3f4a5b6c";
  singles.matches![0]!.uuid = uuid;
  singles.matches![1]!.uuid = uuid;
  file.categories[1]!.matches![0]!.uuid = "0B6AD3C4-9A2E-4C8E-8A8F-1D2E3F4A5B6C";
  singles.draw!.slots![0] = { group: "A", place: 1, entry: "s2" };
  file.event.announcement = { text: "Lunch\u202e break", postedAt: "2026-04-18T12:00:00Z" };
  const checked = await validateEventFile(file);
  assert.equal(checked.ok, false);
  const problems = !checked.ok ? checked.errors.map((e) => `${e.path}: ${e.message}`) : [];
  assert.deepEqual(problems.filter((p) => !p.startsWith("categories[1].matches[0].uuid")), [
    "event.announcement.text: The announcement contains an invisible control character (U+202E)",
    'categories[0].draw.slots[0].entry: Entry "s2" is not a member of group "A"',
    `categories[0].matches[1].uuid: Duplicate uuid "${uuid}": also categories[0].matches[0]`,
  ]);
  assert.equal(problems.filter((p) => p.startsWith("categories[1].matches[0].uuid")).length, 1, "lower case");
});
