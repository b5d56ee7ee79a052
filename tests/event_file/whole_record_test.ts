import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import type { Store } from "../../db/store.ts";
import { groupEvent } from "../support/event_files.ts";
import { makeStore, storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";

const clock = () => new Date("2026-06-01T12:00:00.000Z");
const players = ["ana", "ben", "cat", "dan"].map((id) => ({ id, displayName: id.toUpperCase() }));

/** An event with the desk's and the umpire's work on it: a withdrawal, a call, a skip, a kept plan, incidents. */
async function deskDay(store: Store) {
  await importEvent(
    store,
    groupEvent({
      slug: "desk",
      status: "published",
      players,
      results: [["ana", "ben"]],
      scheduled: [["cat", "dan"], ["ana", "cat"], ["ben", "dan"]],
    }),
    clock,
  );
  const match = async (home: string) =>
    (await store.db.selectFrom("matches").innerJoin("entries", "entries.id", "matches.home_entry_id")
      .innerJoin("players", "players.id", "entries.player1_id").select("matches.id")
      .where("players.display_name", "=", home).executeTakeFirstOrThrow()).id;
  const played = await match("ANA");
  const dan = (await store.db.selectFrom("entries").innerJoin("players", "players.id", "entries.player1_id")
    .select("entries.id").where("players.display_name", "=", "DAN").executeTakeFirstOrThrow()).id;
  await store.db.updateTable("entries").set({ withdrawn_at: "2026-06-01T10:00:00.000Z" }).where(
    "id",
    "=",
    dan,
  )
    .execute();
  await store.db.updateTable("matches").set({ umpire_setup: JSON.stringify({ left: "away", order: null }) })
    .where("id", "=", played).execute();
  await store.db.insertInto("match_incidents").values([
    {
      match_id: played,
      seq: 1,
      kind: "timeout",
      detail: '{"side":"home"}',
      after_points: 5,
      action_no: 7,
      created_at: "2026-06-01T09:03:00.000Z",
    },
    {
      match_id: played,
      seq: 2,
      kind: "card",
      detail: '{"side":"away","target":"player","card":"yellow"}',
      after_points: 9,
      action_no: 12,
      created_at: "2026-06-01T09:05:00.000Z",
    },
    {
      match_id: played,
      seq: 3,
      kind: "expedite",
      detail: '{"rallyInterrupted":false,"byRequest":true}',
      after_points: 20,
      action_no: 24,
      created_at: "2026-06-01T09:09:00.000Z",
    },
    {
      match_id: played,
      seq: 4,
      kind: "timeout",
      detail: '{"side":"away"}',
      after_points: 21,
      action_no: 26,
      created_at: "2026-06-01T09:10:00.000Z",
      undone_at: "2026-06-01T09:10:20.000Z",
      undone_by: "Umpire T1",
    },
  ]).execute();
  await store.db.insertInto("result_confirmations").values({
    match_id: played,
    confirmed_by: "Umpire T1",
    confirmed_role: "umpire",
    confirmed_at: "2026-06-01T09:30:00.000Z",
    match_revision: 40,
  }).execute();
  await store.db.insertInto("match_tosses").values({
    match_id: played,
    winner: "away",
    choice: "end",
    recorded_by: "Umpire T1",
    recorded_at: "2026-06-01T08:58:00.000Z",
  }).execute();
  await store.db.insertInto("medical_breaks").values([
    {
      match_id: played,
      started_at: "2026-06-01T09:12:00.000Z",
      side: "home",
      game_number: 2,
      ended_at: "2026-06-01T09:17:00.000Z",
      reason: "accident",
      recorded_by: "Umpire T1",
    },
    {
      match_id: played,
      started_at: "2026-06-01T09:20:00.000Z",
      side: "away",
      game_number: 3,
      ended_at: null,
      reason: null,
      recorded_by: "Umpire T1",
    },
  ]).execute();
  await store.db.updateTable("matches").set({ table_no: 3, called_at: "2026-06-01T11:00:00.000Z" })
    .where("id", "=", await match("CAT")).execute();
  await store.db.updateTable("matches").set({ skipped_at: "2026-06-01T11:05:00.000Z" })
    .where("id", "=", await match("BEN")).execute();
  const ana = (await store.db.selectFrom("matches").select("id").where("status", "=", "scheduled")
    .where(
      "home_entry_id",
      "=",
      (await store.db.selectFrom("matches").select("home_entry_id")
        .where("id", "=", played).executeTakeFirstOrThrow()).home_entry_id,
    ).executeTakeFirstOrThrow()).id;
  await store.db.updateTable("matches").set({
    table_no: 2,
    scheduled_at: "2026-06-01T12:30:00.000Z",
    planned: 1,
  })
    .where("id", "=", ana).execute();
  return { played, dan };
}

/** Export, import into the same store and into a fresh one: both export the same bytes. */
async function roundTrip(store: Store, slug: string) {
  const first = (await exportEvent(store.db, slug))!;
  const checked = await validateEventFile(first);
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
  const text = JSON.stringify(first, null, 2);
  await importEvent(store, JSON.parse(text), clock);
  assert.equal(JSON.stringify(await exportEvent(store.db, slug), null, 2), text, "same store");
  const fresh = await makeStore(store.dialect);
  try {
    await importEvent(fresh, JSON.parse(text), clock);
    assert.equal(JSON.stringify(await exportEvent(fresh.db, slug), null, 2), text, "fresh store");
    return { first, fresh: await exportEvent(fresh.db, slug), store: fresh };
  } finally {
    await fresh.drop();
  }
}

storeTest(
  "an export holds the withdrawals, incidents, calls, skips and plan marks, and imports them back",
  async (store) => {
    const { played, dan } = await deskDay(store);
    const first = (await exportEvent(store.db, "desk"))!;
    const category = first.categories[0]!;
    assert.equal(
      category.entries.find((e) => e.uuid === dan || e.players.includes("p4"))!.withdrawnAt,
      "2026-06-01T10:00:00.000Z",
    );
    const m = category.matches!.find((x) => x.uuid === played || x.status === "completed")!;
    assert.deepEqual(m.umpireSetup, { left: "away", order: null });
    assert.deepEqual(m.incidents!.map((i) => [i.kind, i.afterPoints, i.undoneAt ?? null]), [
      ["timeout", 5, null],
      ["card", 9, null],
      ["expedite", 20, null],
      ["timeout", 21, "2026-06-01T09:10:20.000Z"],
    ]);
    assert.equal(m.incidents![3]!.undoneBy, "Umpire T1");
    assert.deepEqual(m.confirmation, { by: "Umpire T1", role: "umpire", at: "2026-06-01T09:30:00.000Z" });
    assert.deepEqual(m.toss, {
      winner: "away",
      choice: "end",
      by: "Umpire T1",
      at: "2026-06-01T08:58:00.000Z",
    });
    assert.deepEqual(m.medicalBreaks, [
      {
        side: "home",
        game: 2,
        startedAt: "2026-06-01T09:12:00.000Z",
        endedAt: "2026-06-01T09:17:00.000Z",
        reason: "accident",
        by: "Umpire T1",
      },
      { side: "away", game: 3, startedAt: "2026-06-01T09:20:00.000Z", by: "Umpire T1" },
    ]);
    assert.equal(category.matches!.filter((x) => x.calledAt).length, 1);
    assert.equal(category.matches!.filter((x) => x.skippedAt).length, 1);
    assert.equal(category.matches!.filter((x) => x.planned).length, 1);
    await roundTrip(store, "desk");
    // Imported again, the withdrawn player is withdrawn and the card is on the match's officiating record.
    const entry = await store.db.selectFrom("entries").select("withdrawn_at").where(
      "withdrawn_at",
      "is not",
      null,
    )
      .execute();
    assert.equal(entry.length, 1);
    const row = await store.db.selectFrom("matches").select("umpire").where("status", "=", "completed")
      .executeTakeFirstOrThrow();
    assert.match(row.umpire ?? "", /yellow/);
    // The undone time-out is kept, marked, and replayed no more: the away side has no time-out.
    const timeouts = (JSON.parse(row.umpire!) as { timeouts: { side: string }[] }).timeouts;
    assert.deepEqual(timeouts.map((t) => t.side), ["home"]);
    const kept = await store.db.selectFrom("match_incidents").selectAll().orderBy("seq").execute();
    assert.deepEqual(kept.map((i) => i.undone_by), [null, null, null, "Umpire T1"]);
    assert.equal((await store.db.selectFrom("medical_breaks").selectAll().execute()).length, 2);
    assert.equal((await store.db.selectFrom("result_confirmations").selectAll().execute()).length, 1);
    assert.equal((await store.db.selectFrom("match_tosses").selectAll().execute()).length, 1);
  },
);

storeTest("an import says which match's incident does not replay over its rebuilt rallies", async (store) => {
  const { played } = await deskDay(store);
  const file = (await exportEvent(store.db, "desk"))!;
  const index = file.categories[0]!.matches!.findIndex((x) => x.uuid === played);
  const m = file.categories[0]!.matches![index]!;
  // A second time-out of the same side: Regulation 3.4.4.2 allows one a match.
  m.incidents!.splice(1, 0, {
    kind: "timeout",
    afterPoints: 6,
    actionNo: 8,
    at: "2026-06-01T09:03:30.000Z",
    detail: { side: "home" },
  });
  const result = await importEvent(store, file, clock);
  assert.equal(result.warnings.length, 1);
  assert.equal(result.warnings[0]!.path, `categories[0].matches[${index}].incidents[1]`);
  assert.match(
    result.warnings[0]!.message,
    /^Match e\d v e\d \("m\d+"\): its timeout after 6 points does not replay/,
  );
  assert.match(result.warnings[0]!.message, /replayed from the rallies alone$/);
  // Its code and values, for the desk's words (docs/import-format.md, "Problems: codes and values").
  assert.equal(result.warnings[0]!.code, "incident-unreplayed");
  assert.deepEqual(
    { ...result.warnings[0]!.params, match: "" },
    { match: "", kind: "timeout", afterPoints: 6 },
  );
  assert.match(String(result.warnings[0]!.params?.match), /^e\d v e\d \("m\d+"\)$/);
  // The officiating is the rallies' alone; the file's incidents are all kept.
  const row = await store.db.selectFrom("matches").select("umpire").where("id", "=", played)
    .executeTakeFirstOrThrow();
  assert.doesNotMatch(row.umpire ?? "", /yellow/);
  assert.equal(
    (await store.db.selectFrom("match_incidents").selectAll().where("match_id", "=", played).execute())
      .length,
    5,
  );
  // A file whose incidents replay has no warning.
  m.incidents!.splice(1, 1);
  assert.deepEqual((await importEvent(store, file, clock)).warnings, []);
});

storeTest("a team event exports, imports and exports the same bytes, no empty tie written", async (store) => {
  await importEvent(store, teamEventFile(2), clock);
  const { first } = await roundTrip(store, TEAM_SLUG);
  const text = JSON.stringify(first);
  assert.ok(!text.includes('"tie":{}'), "a tie without line-ups is written without a tie");
});
