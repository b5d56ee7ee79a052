import { writeStatus } from "../../api/manage/problem.ts";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { KEY_RETENTION_MS } from "../../db/idempotency_keys.ts";
import { actionFingerprint, type MatchAction, writeMatch } from "../../db/match_writes.ts";
import type { MatchRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { WriteError } from "../../db/write_errors.ts";
import { type Side } from "../../domain/scoring.ts";
import { replayMatch } from "../../domain/match_replay.ts";
import { postgresTest, storeTest } from "../support/stores.ts";
import { until } from "../support/wait.ts";
import { type SeededEvent, seedKnockout, T0 } from "../api/manage_fixtures.ts";

/** A write refused for the state it found: the management API answers it 409. */
const aConflict = (e: unknown) => e instanceof WriteError && writeStatus(e.code) === 409;

const ctx = (extra: { expectedRevision?: number; idempotencyKey?: string; at?: number } = {}) => ({
  actor: "umpire 1",
  now: new Date(T0.getTime() + (extra.at ?? 0)),
  expectedRevision: extra.expectedRevision,
  idempotencyKey: extra.idempotencyKey,
});

const w = (store: Store, id: string, action: MatchAction, extra: Parameters<typeof ctx>[0] = {}) =>
  writeMatch(store, id, action, ctx(extra));

async function row(store: Store, id: string): Promise<MatchRow> {
  return await store.db.selectFrom("matches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function points(store: Store, id: string): Promise<Side[]> {
  const rows = await store.db.selectFrom("match_points").select(["seq", "side"]).where("match_id", "=", id)
    .orderBy("seq").execute();
  rows.forEach((r, i) => assert.equal(Number(r.seq), i + 1, "points are numbered 1, 2, 3... without gaps"));
  return rows.map((r) => r.side as Side);
}

/** Scores `n` points to one side. */
async function score(store: Store, id: string, side: Side, n: number) {
  for (let i = 0; i < n; i++) await w(store, id, { type: "point", side });
}

/** Plays a whole best of 3 to a 2-0 win of `winner` (11-0, 11-0). */
async function win(store: Store, id: string, winner: Side) {
  await w(store, id, { type: "start", firstServer: "home" });
  await score(store, id, winner, 22);
}

/** A new knockout of four: its two first-round matches `a` and `b`, and the `final`. */
async function knockoutOfFour(
  store: Store,
): Promise<{ ev: SeededEvent; a: string; b: string; final: string }> {
  const ev = await seedKnockout(store.db);
  const [a, b] = ev.rounds[0]! as [string, string];
  return { ev, a, b, final: ev.rounds[1]![0]! };
}

/** The first match of a new knockout of four, started with home serving first. */
async function startedMatch(store: Store): Promise<{ ev: SeededEvent; id: string }> {
  const { ev, a: id } = await knockoutOfFour(store);
  await w(store, id, { type: "start", firstServer: "home" });
  return { ev, id };
}

/** A started match whose home side wins game 1 11-0 and retires once away has scored `awayPoints` after it. */
async function homeRetires(store: Store, awayPoints: number): Promise<{ ev: SeededEvent; id: string }> {
  const started = await startedMatch(store);
  await score(store, started.id, "home", 11);
  await score(store, started.id, "away", awayPoints);
  await w(store, started.id, { type: "retire", side: "home" });
  return started;
}

/** The stored columns agree with a replay of the stored points. */
async function assertConsistent(store: Store, id: string) {
  const m = await row(store, id);
  const state = replayMatch(await points(store, id), {
    bestOf: m.best_of,
    firstServer: (m.first_server ?? "home") as Side,
  });
  assert.deepEqual(JSON.parse(m.games), state.gameScores.map((g) => [g.home, g.away]));
  if (m.status === "in_progress") {
    assert.deepEqual([m.current_home, m.current_away], [state.currentGame.home, state.currentGame.away]);
    assert.equal(m.server, state.server);
  }
}

storeTest(
  "writeMatch() plays a full match: status, games, server, revision, audit and advancement",
  async (store) => {
    const { ev, a: id } = await knockoutOfFour(store);
    const started = await w(store, id, { type: "start", firstServer: "away" });
    assert.equal(started.match.status, "in_progress");
    assert.equal(started.match.server, "away");
    assert.equal(started.match.revision, 1);
    assert.equal(started.match.started_at, T0.toISOString());
    await score(store, id, "home", 2);
    assert.equal((await row(store, id)).server, "home", "service changes after 2 points (ITTF Law 2.13.3)");
    await score(store, id, "home", 9);
    let m = await row(store, id);
    assert.deepEqual(JSON.parse(m.games), [[11, 0]]);
    assert.deepEqual([m.current_home, m.current_away], [0, 0]);
    assert.equal(m.server, "home", "the other side serves first in game 2 (Law 2.13.6)");
    await score(store, id, "away", 5);
    await score(store, id, "home", 11);
    m = await row(store, id);
    assert.equal(m.status, "completed");
    assert.equal(m.winner_entry_id, ev.entryIds[0]);
    assert.equal(m.result_reason, null);
    assert.deepEqual(JSON.parse(m.games), [[11, 0], [11, 5]]);
    assert.equal(m.completed_at, T0.toISOString());
    assert.equal(m.revision, 1 + 27);
    await assertConsistent(store, id);
    const final = await row(store, ev.rounds[1]![0]!);
    assert.equal(final.home_entry_id, ev.entryIds[0], "the winner of position 0 is home in the final");
    assert.equal(final.away_entry_id, null);
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label", "match_id"])
      .where("match_id", "=", id).execute();
    assert.equal(audit.length, 28);
    assert.ok(audit.every((a) => a.token_label === "umpire 1"));
    const event = await store.db.selectFrom("events").select("revision").where("id", "=", ev.eventId)
      .executeTakeFirstOrThrow();
    assert.equal(event.revision, 28, "every write bumps the event's revision");
    const ratings = await store.db.selectFrom("ratings").select("player_id").execute();
    assert.equal(ratings.length, 2, "the decided singles match is rated");
  },
);

storeTest("writeMatch() refuses a point on a finished match with a 409 that says so", async (store) => {
  const { a: id } = await knockoutOfFour(store);
  await win(store, id, "home");
  await assert.rejects(w(store, id, { type: "point", side: "home" }), (e: unknown) => {
    assert.ok(e instanceof WriteError);
    assert.equal(writeStatus(e.code), 409);
    assert.match(e.message, /Cannot record a point: match is "completed"/);
    return true;
  });
});

storeTest("writeMatch() answers 404 for an unknown match", async (store) => {
  await assert.rejects(w(store, "nope", { type: "point", side: "home" }), (e: unknown) => {
    assert.ok(e instanceof WriteError);
    assert.equal(writeStatus(e.code), 404);
    return true;
  });
});

storeTest("writeMatch() refuses points before the start and a start twice", async (store) => {
  const { a: id } = await knockoutOfFour(store);
  await assert.rejects(w(store, id, { type: "point", side: "home" }), aConflict);
  await w(store, id, { type: "start", firstServer: "home" });
  await assert.rejects(w(store, id, { type: "start", firstServer: "home" }), aConflict);
});

storeTest("writeMatch() undoes a point across the end of a game", async (store) => {
  const { id } = await startedMatch(store);
  await score(store, id, "away", 7);
  await score(store, id, "home", 11);
  let m = await row(store, id);
  assert.deepEqual(JSON.parse(m.games), [[11, 7]]);
  await w(store, id, { type: "undo" });
  m = await row(store, id);
  assert.deepEqual(JSON.parse(m.games), []);
  assert.deepEqual([m.current_home, m.current_away], [10, 7]);
  assert.equal(m.server, "home", "at 10-7 (17 points, 8 turns of 2) the first server serves again");
  assert.equal((await points(store, id)).length, 17);
  await assertConsistent(store, id);
});

storeTest(
  "writeMatch() undo after the match end reopens it and takes the winner out of the next round",
  async (store) => {
    const { ev, a: id } = await knockoutOfFour(store);
    await win(store, id, "away");
    assert.equal((await row(store, ev.rounds[1]![0]!)).home_entry_id, ev.entryIds[1]);
    await w(store, id, { type: "undo" });
    const m = await row(store, id);
    assert.equal(m.status, "in_progress");
    assert.equal(m.winner_entry_id, null);
    assert.equal(m.completed_at, null);
    assert.deepEqual([m.current_home, m.current_away], [0, 10]);
    assert.equal((await row(store, ev.rounds[1]![0]!)).home_entry_id, null);
    const ratings = await store.db.selectFrom("ratings").select(["player_id", "match_count"]).execute();
    assert.ok(
      ratings.every((r) => Number(r.match_count) === 20),
      "the ratings are rebuilt without the match",
    );
    await w(store, id, { type: "point", side: "away" });
    assert.equal((await row(store, id)).status, "completed");
  },
);

storeTest("writeMatch() refuses undo when nothing was scored", async (store) => {
  const { id } = await startedMatch(store);
  await assert.rejects(w(store, id, { type: "undo" }), (e: unknown) => {
    assert.ok(e instanceof WriteError);
    assert.equal(writeStatus(e.code), 409);
    assert.match(e.message, /no point has been recorded/);
    return true;
  });
});

storeTest("writeMatch() corrects a finished game, and a correction can change the winner", async (store) => {
  const { ev, id } = await startedMatch(store);
  await score(store, id, "home", 11);
  await w(store, id, { type: "correct", game: 1, home: 11, away: 9 });
  let m = await row(store, id);
  assert.deepEqual(JSON.parse(m.games), [[11, 9]]);
  assert.equal(m.status, "in_progress");
  await score(store, id, "home", 11);
  m = await row(store, id);
  assert.equal(m.status, "completed");
  assert.equal(m.winner_entry_id, ev.entryIds[0]);
  // Game 2 was really won by away: the match is 1-1 again and play goes on.
  await w(store, id, { type: "correct", game: 2, home: 9, away: 11 });
  m = await row(store, id);
  assert.equal(m.status, "in_progress");
  assert.equal(m.winner_entry_id, null);
  assert.deepEqual(JSON.parse(m.games), [[11, 9], [9, 11]]);
  assert.equal((await row(store, ev.rounds[1]![0]!)).home_entry_id, null, "the advancement is taken back");
  const audit = await store.db.selectFrom("audit_log").select("detail").where("action", "=", "match.correct")
    .execute();
  assert.equal(audit.length, 2);
  assert.deepEqual(JSON.parse(audit[1]?.detail ?? audit[0]!.detail).action.type, "correct");
});

storeTest(
  "writeMatch() refuses a correction of a game that is not finished or not a finished score",
  async (store) => {
    const { id } = await startedMatch(store);
    await score(store, id, "home", 11);
    await assert.rejects(w(store, id, { type: "correct", game: 2, home: 11, away: 3 }), aConflict);
    await assert.rejects(w(store, id, { type: "correct", game: 1, home: 11, away: 10 }), aConflict);
    assert.deepEqual(JSON.parse((await row(store, id)).games), [[11, 0]], "a refused write changes nothing");
  },
);

storeTest(
  "writeMatch() records a walkover: completed, advanced, prediction void, not rated",
  async (store) => {
    const { ev, a: id } = await knockoutOfFour(store);
    await store.db.insertInto("predictions").values({
      match_id: id,
      p_home: 0.6,
      ci_low: 0.5,
      ci_high: 0.7,
      confidence_label: "medium",
      home_rating: 1700,
      home_deviation: 100,
      home_match_count: 20,
      away_rating: 1650,
      away_deviation: 100,
      away_match_count: 20,
      created_at: T0.toISOString(),
      outcome: null,
    }).execute();
    await w(store, id, { type: "walkover", winner: "away" });
    const m = await row(store, id);
    assert.equal(m.status, "completed");
    assert.equal(m.result_reason, "walkover");
    assert.equal(m.winner_entry_id, ev.entryIds[1]);
    assert.equal(m.started_at, null);
    assert.equal((await row(store, ev.rounds[1]![0]!)).home_entry_id, ev.entryIds[1]);
    const p = await store.db.selectFrom("predictions").select("outcome").where("match_id", "=", id)
      .executeTakeFirstOrThrow();
    assert.equal(p.outcome, "void");
    assert.equal((await store.db.selectFrom("ratings").selectAll().execute()).length, 0);
    await assert.rejects(w(store, id, { type: "undo" }), aConflict);
    await assert.rejects(w(store, id, { type: "start", firstServer: "home" }), aConflict);
  },
);

storeTest(
  "writeMatch() records a retirement with the games finished and the other side winning",
  async (store) => {
    const { ev, id } = await homeRetires(store, 4);
    const m = await row(store, id);
    assert.equal(m.status, "completed");
    assert.equal(m.result_reason, "retired");
    assert.equal(m.retirement_after_game, 1);
    assert.equal(m.winner_entry_id, ev.entryIds[1]);
    assert.deepEqual(JSON.parse(m.games), [[11, 0]]);
    assert.equal((await row(store, ev.rounds[1]![0]!)).home_entry_id, ev.entryIds[1]);
    assert.equal(
      (await store.db.selectFrom("ratings").selectAll().execute()).length,
      2,
      "a retirement is rated",
    );
    await assert.rejects(w(store, id, { type: "point", side: "home" }), aConflict);
  },
);

storeTest(
  "writeMatch() refuses a correction that would make the games decide a retired match (409), and keeps one that does not",
  async (store) => {
    const { ev, id } = await homeRetires(store, 11);
    // Home wins game 2 instead: 2-0 by the games, yet away won by the retirement.
    await assert.rejects(w(store, id, { type: "correct", game: 2, home: 11, away: 9 }), {
      code: "match-state",
      message: /the games would decide the match \(2-0\), but it ended by result reason "retired"/,
    });
    let m = await row(store, id);
    assert.deepEqual(JSON.parse(m.games), [[11, 0], [0, 11]]);
    assert.equal(m.winner_entry_id, ev.entryIds[1]);
    await w(store, id, { type: "correct", game: 2, home: 9, away: 11 });
    m = await row(store, id);
    assert.deepEqual(JSON.parse(m.games), [[11, 0], [9, 11]]);
    assert.deepEqual([m.status, m.result_reason, m.winner_entry_id], [
      "completed",
      "retired",
      ev.entryIds[1],
    ]);
  },
);

storeTest(
  "writeMatch() takes back a walkover, retirement or disqualification: the match as it stood, next round and ratings follow",
  async (store) => {
    const { ev, a, b, final } = await knockoutOfFour(store);
    // The rating updates a match made (a walkover makes none: nothing was played).
    const rated = async (id: string) =>
      (await store.db.selectFrom("rating_history").select("player_id").where("match_id", "=", id).execute())
        .length;
    // A walkover given to the wrong side: back to scheduled, the final's slot emptied, nobody rated.
    await w(store, a, { type: "walkover", winner: "away" });
    assert.equal((await row(store, final)).home_entry_id, ev.entryIds[1]);
    await w(store, a, { type: "reopen" });
    let m = await row(store, a);
    assert.deepEqual(
      [m.status, m.result_reason, m.winner_entry_id, m.started_at, m.completed_at],
      ["scheduled", null, null, null, null],
    );
    assert.equal((await row(store, final)).home_entry_id, null);
    // A retirement taken back: play goes on from where it stood.
    await w(store, b, { type: "start", firstServer: "home" });
    await score(store, b, "home", 11);
    await score(store, b, "away", 3);
    await w(store, b, { type: "retire", side: "away" });
    assert.equal(await rated(b), 2);
    await w(store, b, { type: "reopen" });
    m = await row(store, b);
    assert.deepEqual([m.status, m.result_reason, m.retirement_after_game, m.completed_at], [
      "in_progress",
      null,
      null,
      null,
    ]);
    assert.deepEqual([JSON.parse(m.games), m.current_home, m.current_away], [[[11, 0]], 0, 3]);
    assert.equal(await rated(b), 0, "the ratings are rebuilt without the result");
    assert.equal((await row(store, final)).away_entry_id, null);
    await w(store, b, { type: "point", side: "away" });
    await assertConsistent(store, b);
    // A disqualification before play, taken back: scheduled again.
    await w(store, a, { type: "disqualify", side: "home" });
    await w(store, a, { type: "reopen" });
    assert.deepEqual([(await row(store, a)).status, (await row(store, a)).started_at], ["scheduled", null]);
    // Only a result by a reason is taken back this way; once the next match has begun, not at all.
    await assert.rejects(w(store, b, { type: "reopen" }), { code: "match-state" });
    await w(store, a, { type: "walkover", winner: "home" });
    await w(store, b, { type: "disqualify", side: "home" });
    await w(store, final, { type: "start", firstServer: "home" });
    await assert.rejects(w(store, a, { type: "reopen" }), { code: "next-match-started" });
    assert.equal((await row(store, a)).status, "completed");
  },
);

storeTest(
  "writeMatch() enters a whole result from a score sheet, from scheduled, in progress or another result",
  async (store) => {
    const { ev, a, b, final } = await knockoutOfFour(store);
    // A match scored on paper, never started here: completed, its points those of the sheet, the winner on.
    await w(store, a, {
      type: "result",
      games: [{ home: 7, away: 11 }, { home: 11, away: 9 }, { home: 5, away: 11 }],
    });
    let m = await row(store, a);
    assert.deepEqual([m.status, m.result_reason, m.winner_entry_id], ["completed", null, ev.entryIds[1]]);
    assert.deepEqual(JSON.parse(m.games), [[7, 11], [11, 9], [5, 11]]);
    assert.ok(m.started_at !== null && m.completed_at !== null);
    await assertConsistent(store, a);
    assert.equal((await row(store, final)).home_entry_id, ev.entryIds[1]);
    // A sheet read wrongly: the whole result replaced, the corrections gone, the next round follows.
    await w(store, a, { type: "correct", game: 1, home: 8, away: 11 });
    await w(store, a, { type: "result", games: [{ home: 11, away: 7 }, { home: 11, away: 9 }] });
    m = await row(store, a);
    assert.deepEqual([JSON.parse(m.games), m.winner_entry_id], [[[11, 7], [11, 9]], ev.entryIds[0]]);
    assert.equal(
      (await store.db.selectFrom("game_corrections").selectAll().where("match_id", "=", a).execute()).length,
      0,
    );
    assert.equal((await row(store, final)).home_entry_id, ev.entryIds[0]);
    // A match in progress: its taps give way to the sheet.
    await w(store, b, { type: "start", firstServer: "away" });
    await score(store, b, "home", 5);
    await w(store, b, {
      type: "result",
      games: [{ home: 11, away: 13 }, { home: 11, away: 8 }, { home: 11, away: 6 }],
    });
    m = await row(store, b);
    assert.deepEqual([m.status, m.first_server, JSON.parse(m.games).length], ["completed", "away", 3]);
    await assertConsistent(store, b);
    // Refused: games that do not decide the match, and a result decided by a reason (take it back first).
    await assert.rejects(w(store, final, { type: "result", games: [{ home: 11, away: 3 }] }), {
      code: "scoring",
      message: /do not decide a best of 3/,
    });
    await w(store, final, { type: "walkover", winner: "home" });
    await assert.rejects(
      w(store, final, { type: "result", games: [{ home: 11, away: 3 }, { home: 11, away: 3 }] }),
      {
        code: "match-state",
        message: /^Cannot enter a result: match is "completed" \(result reason "walkover"\)/,
      },
    );
  },
);

storeTest("writeMatch() records a disqualification before play and during play", async (store) => {
  const { ev, a, b } = await knockoutOfFour(store);
  await w(store, a, { type: "disqualify", side: "away" });
  let m = await row(store, a);
  assert.equal(m.result_reason, "disqualified");
  assert.equal(m.winner_entry_id, ev.entryIds[0]);
  assert.equal(m.retirement_after_game, null);
  await w(store, b, { type: "start", firstServer: "home" });
  await score(store, b, "away", 3);
  await w(store, b, { type: "disqualify", side: "home" });
  m = await row(store, b);
  assert.equal(m.winner_entry_id, ev.entryIds[3]);
  const final = await row(store, ev.rounds[1]![0]!);
  assert.deepEqual([final.home_entry_id, final.away_entry_id], [ev.entryIds[0], ev.entryIds[3]]);
});

storeTest(
  "writeMatch() advances both semi-final winners and freezes the final's prediction",
  async (store) => {
    const { ev, a, b, final: finalId } = await knockoutOfFour(store);
    await win(store, a, "home");
    await win(store, b, "away");
    const final = await row(store, finalId);
    assert.deepEqual([final.home_entry_id, final.away_entry_id], [ev.entryIds[0], ev.entryIds[3]]);
    assert.ok(final.revision >= 2, "the final's revision grows when a side is filled in");
    const p = await store.db.selectFrom("predictions").selectAll().where("match_id", "=", finalId)
      .executeTakeFirst();
    assert.ok(p, "a prediction is frozen once both sides are known");
    await win(store, finalId, "home");
    assert.equal((await row(store, finalId)).winner_entry_id, ev.entryIds[0]);
  },
);

storeTest("writeMatch() refuses to change a result once the next match has started", async (store) => {
  const { a, b, final: finalId } = await knockoutOfFour(store);
  await win(store, a, "home");
  await win(store, b, "home");
  await w(store, finalId, { type: "start", firstServer: "home" });
  await assert.rejects(w(store, a, { type: "undo" }), (e: unknown) => {
    assert.ok(e instanceof WriteError);
    assert.equal(writeStatus(e.code), 409);
    assert.equal(e.code, "next-match-started");
    return true;
  });
  assert.equal((await row(store, a)).status, "completed", "the refused undo changed nothing");
  assert.equal((await points(store, a)).length, 22);
});

storeTest("writeMatch() answers 409 with the current row for a stale revision", async (store) => {
  const { a: id } = await knockoutOfFour(store);
  await w(store, id, { type: "start", firstServer: "home" }, { expectedRevision: 0 });
  await w(store, id, { type: "point", side: "home" }, { expectedRevision: 1 });
  await assert.rejects(
    w(store, id, { type: "point", side: "away" }, { expectedRevision: 1 }),
    (e: unknown) => {
      assert.ok(e instanceof WriteError);
      assert.equal(writeStatus(e.code), 409);
      assert.equal(e.code, "stale-revision");
      assert.equal((e.current as MatchRow).revision, 2);
      return true;
    },
  );
  assert.deepEqual(await points(store, id), ["home"]);
});

storeTest("writeMatch() applies a repeated idempotency key once and answers it again", async (store) => {
  const { id } = await startedMatch(store);
  const first = await w(store, id, { type: "point", side: "home" }, { idempotencyKey: "k1" });
  const again = await w(store, id, { type: "point", side: "home" }, { idempotencyKey: "k1" });
  assert.equal(first.replayed, false);
  assert.equal(again.replayed, true);
  assert.equal(again.match.revision, first.match.revision);
  // A replay is recognised even when its revision has gone stale meanwhile.
  await w(store, id, { type: "point", side: "away" }, { idempotencyKey: "k2" });
  const late = await w(store, id, { type: "point", side: "home" }, {
    idempotencyKey: "k1",
    expectedRevision: 1,
  });
  assert.equal(late.replayed, true);
  assert.deepEqual(await points(store, id), ["home", "away"]);
});

storeTest("writeMatch() keeps idempotency keys per match", async (store) => {
  const { a, b } = await knockoutOfFour(store);
  await w(store, a, { type: "start", firstServer: "home" }, { idempotencyKey: "same" });
  const other = await w(store, b, { type: "start", firstServer: "home" }, { idempotencyKey: "same" });
  assert.equal(other.replayed, false);
});

storeTest(
  "writeMatch() queues concurrent points: none lost, none doubled, numbered without gaps",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 7 });
    const id = ev.rounds[0]![0]!;
    await w(store, id, { type: "start", firstServer: "home" });
    const sides: Side[] = Array.from({ length: 30 }, (_, i) => i % 3 === 0 ? "away" : "home");
    const results = await Promise.all(sides.map((side) => w(store, id, { type: "point", side })));
    const revisions = results.map((r) => r.match.revision).sort((x, y) => x - y);
    assert.deepEqual(
      revisions,
      Array.from({ length: 30 }, (_, i) => i + 2),
      "each write got its own revision",
    );
    const stored = await points(store, id);
    assert.equal(stored.length, 30);
    assert.equal(stored.filter((s) => s === "away").length, 10);
    await assertConsistent(store, id);
  },
);

storeTest(
  "writeMatch() lets one of two writes on the same revision through and refuses the other",
  async (store) => {
    const { id } = await startedMatch(store);
    const outcomes = await Promise.allSettled([
      w(store, id, { type: "point", side: "home" }, { expectedRevision: 1 }),
      w(store, id, { type: "point", side: "away" }, { expectedRevision: 1 }),
    ]);
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    assert.equal(ok.length, 1);
    assert.equal(refused.length, 1);
    assert.equal(writeStatus(((refused[0] as PromiseRejectedResult).reason as WriteError).code), 409);
    assert.equal((await points(store, id)).length, 1);
  },
);

storeTest("writeMatch() assigns a table and a time without touching the score", async (store) => {
  const { a: id } = await knockoutOfFour(store);
  const r = await w(store, id, { type: "assign", tableNo: 7, scheduledAt: "2026-11-28T12:30:00.000Z" });
  assert.equal(r.match.table_no, 7);
  assert.equal(r.match.scheduled_at, "2026-11-28T12:30:00.000Z");
  assert.equal(r.match.status, "scheduled");
  await w(store, id, { type: "assign", tableNo: null });
  const m = await row(store, id);
  assert.equal(m.table_no, null);
  assert.equal(m.scheduled_at, "2026-11-28T12:30:00.000Z", "a field not named is kept");
});

storeTest("writeMatch() refuses to start a match whose sides are not known", async (store) => {
  const { final } = await knockoutOfFour(store);
  await assert.rejects(w(store, final, { type: "start", firstServer: "home" }), (e: unknown) => {
    assert.ok(e instanceof WriteError);
    assert.equal(writeStatus(e.code), 409);
    assert.equal(e.code, "sides-unknown");
    return true;
  });
});

storeTest("writeMatch() resumes an imported running match from its game scores", async (store) => {
  const { a: id } = await knockoutOfFour(store);
  await store.db.updateTable("matches").set({
    status: "in_progress",
    first_server: "home",
    games: JSON.stringify([[11, 9]]),
    current_home: 3,
    current_away: 5,
    server: "away",
    started_at: T0.toISOString(),
  }).where("id", "=", id).execute();
  await w(store, id, { type: "point", side: "home" });
  const m = await row(store, id);
  assert.deepEqual(JSON.parse(m.games), [[11, 9]]);
  assert.deepEqual([m.current_home, m.current_away], [4, 5]);
  assert.equal((await points(store, id)).length, 20 + 9);
  await assertConsistent(store, id);
});

storeTest("writeMatch() writes nothing when a consequence fails", async (store) => {
  const { ev, a, b } = await knockoutOfFour(store);
  await win(store, a, "home");
  await win(store, b, "home");
  await w(store, ev.rounds[1]![0]!, { type: "start", firstServer: "home" });
  const before = await row(store, a);
  const auditBefore = (await store.db.selectFrom("audit_log").selectAll().execute()).length;
  await assert.rejects(w(store, a, { type: "correct", game: 2, home: 5, away: 11 }), aConflict);
  assert.deepEqual(await row(store, a), before);
  assert.equal((await store.db.selectFrom("audit_log").selectAll().execute()).length, auditBefore);
  assert.equal((await store.db.selectFrom("game_corrections").selectAll().execute()).length, 0);
});

storeTest(
  "writeMatch() forgets a key after a week; its stale revision still refuses a late repeat",
  async (store) => {
    const { id } = await startedMatch(store);
    const first = await w(store, id, { type: "point", side: "home" }, { idempotencyKey: "k1" });
    await assert.rejects(
      w(store, id, { type: "point", side: "home" }, {
        idempotencyKey: "k1",
        expectedRevision: first.match.revision - 1,
        at: KEY_RETENTION_MS + 60_000,
      }),
      aConflict,
    );
    assert.deepEqual(await points(store, id), ["home"]);
  },
);

/** The stored corrections of a match in the order made. */
async function corrections(store: Store, id: string) {
  return (await store.db.selectFrom("game_corrections").select([
    "seq",
    "game",
    "home",
    "away",
    "after_points",
  ])
    .where("match_id", "=", id).orderBy("seq").execute()).map((c) => ({
      seq: Number(c.seq),
      game: Number(c.game),
      home: Number(c.home),
      away: Number(c.away),
      afterPoints: c.after_points === null ? null : Number(c.after_points),
    }));
}

storeTest("writeMatch() undo after a correction takes the correction back, then the point", async (store) => {
  const { id } = await startedMatch(store);
  await score(store, id, "home", 11);
  await w(store, id, { type: "correct", game: 1, home: 9, away: 11 });
  assert.deepEqual(await corrections(store, id), [{ seq: 1, game: 1, home: 9, away: 11, afterPoints: 11 }]);
  let m = (await w(store, id, { type: "undo" })).match;
  assert.deepEqual(JSON.parse(m.games), [[11, 0]]);
  assert.deepEqual(await corrections(store, id), []);
  assert.equal((await points(store, id)).length, 11);
  m = (await w(store, id, { type: "undo" })).match;
  assert.deepEqual(JSON.parse(m.games), []);
  assert.deepEqual([m.current_home, m.current_away], [10, 0]);
  await assertConsistent(store, id);
  const audit = await store.db.selectFrom("audit_log").select("action").where("match_id", "=", id).execute();
  assert.equal(audit.filter((a) => a.action === "match.undo").length, 2);
});

storeTest(
  "writeMatch() keeps every correction and undo puts the earlier one back in force",
  async (store) => {
    const { a: id } = await knockoutOfFour(store);
    await win(store, id, "home");
    await w(store, id, { type: "correct", game: 2, home: 11, away: 8 });
    let m = (await w(store, id, { type: "correct", game: 2, home: 9, away: 11 })).match;
    // The second correction flips game 2: 1-1 in a best of 3, so play goes on.
    assert.equal(m.status, "in_progress");
    assert.deepEqual(await corrections(store, id), [
      { seq: 1, game: 2, home: 11, away: 8, afterPoints: 22 },
      { seq: 2, game: 2, home: 9, away: 11, afterPoints: 22 },
    ]);
    m = (await w(store, id, { type: "undo" })).match;
    assert.equal(m.status, "completed");
    assert.equal(m.winner_entry_id, m.home_entry_id);
    assert.deepEqual(JSON.parse(m.games), [[11, 0], [11, 8]]);
    assert.deepEqual((await corrections(store, id)).map((c) => c.seq), [1]);
    // The next correction comes after the one left, whatever was taken back.
    await w(store, id, { type: "correct", game: 1, home: 11, away: 5 });
    assert.deepEqual((await corrections(store, id)).map((c) => c.seq), [1, 2]);
  },
);

storeTest(
  "writeMatch() undo counts a correction stored without its place as made at its game's end",
  async (store) => {
    const { id } = await startedMatch(store);
    await score(store, id, "home", 11);
    await score(store, id, "away", 2);
    // As the migration leaves a correction made before corrections kept their place among the points.
    await store.db.insertInto("game_corrections").values({
      match_id: id,
      seq: 1,
      game: 1,
      home: 11,
      away: 9,
      after_points: null,
      created_at: T0.toISOString(),
    }).execute();
    for (const expected of [12, 11, 11, 10]) {
      await w(store, id, { type: "undo" });
      assert.equal((await points(store, id)).length, expected);
    }
    assert.deepEqual(await corrections(store, id), []);
  },
);

storeTest("writeMatch() refuses a reused idempotency key with another action (422)", async (store) => {
  const { id } = await startedMatch(store);
  const first = await w(store, id, { type: "point", side: "home" }, { idempotencyKey: "k1" });
  for (const action of [{ type: "point", side: "away" }, { type: "undo" }] as MatchAction[]) {
    await assert.rejects(w(store, id, action, { idempotencyKey: "k1" }), (e: unknown) => {
      assert.ok(e instanceof WriteError);
      assert.equal(writeStatus(e.code), 422);
      assert.equal(e.code, "idempotency-key-reused");
      assert.match(e.message, /^Cannot reuse "Idempotency-Key" "k1": it was first sent with another request/);
      return true;
    });
  }
  // The revision is not part of the request: a retry may name a newer one.
  const again = await w(store, id, { type: "point", side: "home" }, {
    idempotencyKey: "k1",
    expectedRevision: first.match.revision,
  });
  assert.equal(again.replayed, true);
  assert.deepEqual(await points(store, id), ["home"]);
  // A key stored before fingerprints were kept is still answered as a repeat.
  await store.db.insertInto("idempotency_keys").values({
    key: `${id}:old`,
    response: "1",
    created_at: T0.toISOString(),
  }).execute();
  assert.equal((await w(store, id, { type: "undo" }, { idempotencyKey: "old" })).replayed, true);
});

Deno.test("actionFingerprint() names the action and its fields in a fixed order", () => {
  assert.equal(actionFingerprint({ type: "point", side: "home" }), '{"type":"point","side":"home"}');
  assert.equal(
    actionFingerprint({ type: "assign", scheduledAt: null, tableNo: 3 }),
    actionFingerprint({ type: "assign", tableNo: 3, scheduledAt: null }),
  );
  assert.notEqual(
    actionFingerprint({ type: "assign", tableNo: 3 }),
    actionFingerprint({ type: "assign", tableNo: 3, scheduledAt: null }),
  );
});

postgresTest(
  "writeMatch() that waited for a match a re-import replaced (same id) writes to the new row, not a 404",
  async (store) => {
    const { id } = await startedMatch(store);
    const old = await row(store, id);
    let holding!: (pid: number) => void;
    const held = new Promise<number>((resolve) => holding = resolve);
    let release!: () => void;
    const released = new Promise<void>((resolve) => release = resolve);
    // As importEvent does: the event's matches deleted and inserted again in one transaction.
    const reimport = store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("matches").where("id", "=", id).execute();
      await trx.insertInto("matches").values({ ...old, revision: 0 }).execute();
      holding((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
      await released;
    });
    const reimportPid = await held;
    const point = w(store, id, { type: "point", side: "away" });
    // The point waits for the re-import: its connection is blocked by the re-import's.
    await until(async () => {
      const blocked = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where ${reimportPid} = any(pg_blocking_pids(pid))`
        .execute(store.db);
      return blocked.rows[0]!.n > 0;
    }, "the point to wait for the re-import's transaction");
    release();
    await reimport;
    const result = await point;
    assert.equal(result.match.revision, 1);
    assert.deepEqual(await points(store, id), ["away"]);
  },
);
