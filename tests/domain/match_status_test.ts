import assert from "node:assert/strict";
import fc from "fast-check";
import {
  assertCanCorrect,
  assertCanRecordPoint,
  assertCanUndo,
  assertMatchStatusRecord,
  assertResultStands,
  completeFromScore,
  disqualify,
  isMatchStatus,
  isResultReason,
  MATCH_STATUSES,
  matchHasBegun,
  MatchStatusError,
  type MatchStatusRecord,
  playHasBegun,
  reopenAfterUndo,
  reopenDecision,
  reopensTo,
  RESULT_REASONS,
  retire,
  scheduledMatch,
  settleFromScore,
  standingsStatus,
  startMatch,
  walkover,
} from "../../domain/match_status.ts";
import { type MatchFormat, type Side, undoLastPoint } from "../../domain/scoring.ts";
import { replayMatch, scoreMatch } from "../../domain/match_replay.ts";
import { assertThrownBy } from "../support/assert_thrown.ts";
import { A, H } from "../support/points.ts";

const BO3: MatchFormat = { bestOf: 3, firstServer: H };

function makeRecord(overrides: Partial<MatchStatusRecord> = {}): MatchStatusRecord {
  return { ...scheduledMatch(), ...overrides };
}

const inProgress = makeRecord({ status: "in_progress" });
const completedByScore = makeRecord({ status: "completed", winner: H });
const retired = makeRecord({
  status: "completed",
  resultReason: "retired",
  winner: A,
  retirementAfterGame: 1,
});
const walkedOver = makeRecord({ status: "completed", resultReason: "walkover", winner: A });

const fresh = replayMatch([], BO3);
const oneGame = replayMatch(Array(11).fill(H), BO3);
const decidedPoints: Side[] = Array(22).fill(H);
const decided = replayMatch(decidedPoints, BO3);

const throwsStatus = (fn: () => unknown, message: string | RegExp) =>
  assertThrownBy(fn, MatchStatusError, message);

Deno.test("MATCH_STATUSES and RESULT_REASONS list the complete sets", () => {
  assert.deepEqual([...MATCH_STATUSES], ["scheduled", "in_progress", "completed"]);
  assert.deepEqual([...RESULT_REASONS], ["walkover", "retired", "disqualified"]);
  assert.equal(isMatchStatus("in_progress"), true);
  assert.equal(isMatchStatus("finished"), false);
  assert.equal(isResultReason("retired"), true);
  assert.equal(isResultReason(null), false);
});

Deno.test("startMatch() moves a scheduled match to in_progress and refuses any other status", () => {
  assert.deepEqual(startMatch(scheduledMatch()), inProgress);
  throwsStatus(() => startMatch(inProgress), 'Cannot start the match: match is "in_progress"');
  throwsStatus(
    () => startMatch(retired),
    'Cannot start the match: match is "completed" (result reason "retired")',
  );
});

Deno.test("assertCanRecordPoint() allows points only while in progress", () => {
  assertCanRecordPoint(inProgress);
  throwsStatus(() => assertCanRecordPoint(completedByScore), 'Cannot record a point: match is "completed"');
  throwsStatus(() => assertCanRecordPoint(scheduledMatch()), 'Cannot record a point: match is "scheduled"');
});

Deno.test("completeFromScore() completes a match its score decides, with no result reason", () => {
  assert.deepEqual(completeFromScore(inProgress, decided), completedByScore);
  throwsStatus(
    () => completeFromScore(inProgress, oneGame),
    "Cannot complete the match from the score: the match is not decided (1-0)",
  );
  throwsStatus(
    () => completeFromScore(completedByScore, decided),
    'Cannot complete the match from the score: match is "completed"',
  );
});

Deno.test("reopenDecision() takes back a walkover, retirement or disqualification to where play stood", () => {
  const awarded = walkover(scheduledMatch(), "away");
  assert.deepEqual(reopenDecision(awarded, false), scheduledMatch());
  assert.deepEqual(reopenDecision(retired, true), inProgress);
  assert.deepEqual(
    reopenDecision(disqualify(scheduledMatch(), replayMatch([], BO3), "home"), false),
    scheduledMatch(),
  );
  assert.deepEqual(reopenDecision(disqualify(inProgress, oneGame, "away"), true), inProgress);
  throwsStatus(
    () => reopenDecision(completedByScore, true),
    "Cannot take back the result: the score decided it; undo its last point instead",
  );
  throwsStatus(() => reopenDecision(inProgress, true), 'Cannot take back the result: match is "in_progress"');
  // A walkover recorded with a first server (an import may give one) was still never played.
  assert.deepEqual(reopenDecision(awarded, true), scheduledMatch());
});

Deno.test("reopensTo() says where taking a result back leads, null for a result of the score", () => {
  assert.equal(reopensTo(retired, true), "in_progress");
  assert.equal(reopensTo(retired, false), "scheduled");
  assert.equal(reopensTo(walkover(scheduledMatch(), "home"), true), "scheduled");
  assert.equal(reopensTo(completedByScore, true), null);
  assert.equal(reopensTo(inProgress, true), null);
});

Deno.test("reopenAfterUndo() takes a match completed by score back to in_progress", () => {
  const afterUndo = replayMatch(undoLastPoint(decidedPoints), BO3);
  assertCanUndo(completedByScore);
  assert.deepEqual(reopenAfterUndo(completedByScore, afterUndo), inProgress);
  throwsStatus(
    () => reopenAfterUndo(completedByScore, decided),
    "Cannot reopen the match: the score still decides it (2-0)",
  );
  throwsStatus(
    () => reopenAfterUndo(inProgress, afterUndo),
    'Cannot reopen the match: match is "in_progress"',
  );
  throwsStatus(
    () => reopenAfterUndo(retired, afterUndo),
    'Cannot reopen the match: match is "completed" (result reason "retired")',
  );
});

Deno.test("assertCanUndo() and assertCanCorrect() refuse matches not played to a score", () => {
  assertCanUndo(inProgress);
  throwsStatus(
    () => assertCanUndo(scheduledMatch()),
    'Cannot undo the last point or correction: match is "scheduled"',
  );
  throwsStatus(
    () => assertCanUndo(retired),
    'Cannot undo the last point or correction: match is "completed" (result reason "retired")',
  );
  assertCanCorrect(inProgress);
  assertCanCorrect(completedByScore);
  assertCanCorrect(retired);
  throwsStatus(
    () => assertCanCorrect(walkedOver),
    'Cannot correct a game: match is "completed" (result reason "walkover")',
  );
  throwsStatus(() => assertCanCorrect(scheduledMatch()), 'Cannot correct a game: match is "scheduled"');
});

Deno.test("assertResultStands() refuses a correction that lets the games decide a retired match", () => {
  // Best of 3: game 1 to home, game 2 to away, then home retires before game 3 (away wins by retirement).
  const points: Side[] = [...Array(11).fill(H), ...Array(11).fill(A)];
  const atRetirement = replayMatch(points, BO3);
  const retiredHome = retire(inProgress, atRetirement, H);
  assertCanCorrect(retiredHome);
  // A correction that keeps the games at 1-1 leaves the result by retirement standing.
  assertResultStands(retiredHome, scoreMatch({ points, corrections: [{ game: 2, home: 9, away: 11 }] }, BO3));
  // Game 2 corrected to 11-9 for home: the games (2-0) would decide the match for the side that retired.
  const corrected = scoreMatch({ points, corrections: [{ game: 2, home: 11, away: 9 }] }, BO3);
  assert.equal(corrected.finished, true);
  throwsStatus(
    () => assertResultStands(retiredHome, corrected),
    'Cannot correct a game: the games would decide the match (2-0), but it ended by result reason "retired"',
  );
  const disqualified = disqualify(inProgress, atRetirement, A);
  throwsStatus(() => assertResultStands(disqualified, corrected), /result reason "disqualified"$/);
  // A match decided by its score is brought in line by settleFromScore instead.
  assertResultStands(completedByScore, corrected);
  assertResultStands(inProgress, corrected);
});

Deno.test("settleFromScore() follows the score both ways and refuses result reasons", () => {
  assert.deepEqual(settleFromScore(inProgress, oneGame), inProgress);
  assert.deepEqual(settleFromScore(inProgress, decided), completedByScore);
  assert.deepEqual(settleFromScore(completedByScore, oneGame), inProgress);
  throwsStatus(
    () => settleFromScore(scheduledMatch(), fresh),
    'Cannot apply the score: match is "scheduled"',
  );
  throwsStatus(() => settleFromScore(walkedOver, fresh), /^Cannot apply the score: match is "completed"/);
});

Deno.test("walkover() is only awarded before play", () => {
  assert.deepEqual(walkover(scheduledMatch(), A), walkedOver);
  throwsStatus(() => walkover(inProgress, A), 'Cannot record a walkover: match is "in_progress"');
  throwsStatus(() => walkover(completedByScore, A), 'Cannot record a walkover: match is "completed"');
  throwsStatus(
    () => walkover(scheduledMatch(), "nobody" as Side),
    'Cannot record a walkover: expected winner "home" or "away", got "nobody"',
  );
});

Deno.test("retire() completes a match in play for the other side and counts finished games", () => {
  assert.deepEqual(
    retire(inProgress, oneGame, A),
    makeRecord({
      status: "completed",
      resultReason: "retired",
      winner: H,
      retirementAfterGame: 1,
    }),
  );
  assert.equal(retire(inProgress, fresh, H).retirementAfterGame, 0);
  throwsStatus(() => retire(scheduledMatch(), fresh, H), 'Cannot record a retirement: match is "scheduled"');
  throwsStatus(
    () => retire(completedByScore, decided, H),
    'Cannot record a retirement: match is "completed"',
  );
  throwsStatus(
    () => retire(inProgress, decided, H),
    "Cannot record a retirement: the match is already decided (2-0)",
  );
});

Deno.test("disqualify() completes a match before or during play for the other side", () => {
  const before = disqualify(scheduledMatch(), fresh, H);
  assert.deepEqual(before, makeRecord({ status: "completed", resultReason: "disqualified", winner: A }));
  assert.equal(disqualify(inProgress, oneGame, A).winner, H);
  assert.equal(disqualify(inProgress, oneGame, A).retirementAfterGame, null);
  throwsStatus(
    () => disqualify(retired, oneGame, A),
    /^Cannot record a disqualification: match is "completed"/,
  );
});

Deno.test("standingsStatus() maps statuses and reasons to the standings input", () => {
  assert.equal(standingsStatus("scheduled", null, 0), "scheduled");
  assert.equal(standingsStatus("in_progress", null, 1), "in_progress");
  assert.equal(standingsStatus("completed", null, 3), "completed");
  assert.equal(standingsStatus("completed", "walkover", 0), "walkover");
  assert.equal(standingsStatus("completed", "retired", 1), "retired");
  assert.equal(standingsStatus("completed", "disqualified", 0), "walkover");
  assert.equal(standingsStatus("completed", "disqualified", 2), "retired");
  throwsStatus(
    () => standingsStatus("in_progress", "retired", 1),
    'Cannot rank the match: a match "in_progress" has no result reason, got "retired"',
  );
});

Deno.test("assertMatchStatusRecord() accepts coherent records and names what is wrong", () => {
  for (const record of [scheduledMatch(), inProgress, completedByScore, retired, walkedOver]) {
    assertMatchStatusRecord(record);
  }
  throwsStatus(() => assertMatchStatusRecord(makeRecord({ status: "done" as "completed" })), /got "done"/);
  throwsStatus(() => assertMatchStatusRecord(makeRecord({ status: "completed" })), /needs a winner/);
  throwsStatus(() => assertMatchStatusRecord(makeRecord({ winner: H })), /a match "scheduled" has no winner/);
  throwsStatus(
    () => assertMatchStatusRecord({ ...retired, retirementAfterGame: null }),
    /a retirement needs "retirementAfterGame"/,
  );
  throwsStatus(
    () => assertMatchStatusRecord({ ...completedByScore, retirementAfterGame: 2 }),
    /only set for a retirement/,
  );
});

Deno.test("every transition from a coherent record gives a coherent record or a MatchStatusError", () => {
  const recordArb = fc.constantFrom(scheduledMatch(), inProgress, completedByScore, retired, walkedOver);
  const stateArb = fc.constantFrom(fresh, oneGame, decided);
  const sideArb = fc.constantFrom<Side>(H, A);
  fc.assert(
    fc.property(recordArb, stateArb, sideArb, fc.integer({ min: 0, max: 9 }), (record, state, side, pick) => {
      const transitions = [
        () => startMatch(record),
        () => walkover(record, side),
        () => retire(record, state, side),
        () => disqualify(record, state, side),
        () => completeFromScore(record, state),
        () => reopenAfterUndo(record, state),
        () => settleFromScore(record, state),
        () => startMatch(startMatch(record)),
        () => reopenDecision(record, false),
        () => reopenDecision(record, true),
      ];
      try {
        const next = transitions[pick]!();
        assertMatchStatusRecord(next);
        if (next.status === "completed") assert.notEqual(next.winner, null);
      } catch (error) {
        assert.ok(error instanceof MatchStatusError, String(error));
        assert.match(error.message, /^Cannot /);
      }
    }),
  );
});

Deno.test("matchHasBegun() once a match left scheduled or has a start time, a walkover included", () => {
  assert.equal(matchHasBegun({ status: "scheduled", startedAt: null }), false);
  assert.equal(matchHasBegun({ status: "scheduled", startedAt: "2026-04-18T09:00:00.000Z" }), true);
  assert.equal(matchHasBegun({ status: "in_progress", startedAt: "2026-04-18T09:00:00.000Z" }), true);
  assert.equal(matchHasBegun({ status: "completed", startedAt: null }), true, "a walkover");
});

Deno.test("playHasBegun() once a first server was named, never for a match decided before play", () => {
  assert.equal(playHasBegun({ firstServer: "away" }), true);
  assert.equal(playHasBegun({ firstServer: null }), false);
  // Taking back a result given before play leads back to scheduled.
  assert.equal(
    reopensTo(walkover(scheduledMatch(), "away"), playHasBegun({ firstServer: null })),
    "scheduled",
  );
});
