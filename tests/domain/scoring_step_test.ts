import assert from "node:assert/strict";
import { MatchStatusError, scheduledMatch, startMatch } from "../../domain/match_status.ts";
import { type ScoringState, scoringStep, type StepRecord } from "../../domain/scoring_step.ts";
import type { Side } from "../../domain/scoring.ts";

const NOW = "2026-11-28T10:00:00.000Z";

function inPlay(points: Side[] = [], incidents: StepRecord["incidents"] = []): ScoringState {
  return {
    status: startMatch(scheduledMatch()),
    record: { points, pointTimes: points.map(() => null), incidents },
    format: { bestOf: 3, firstServer: "home" },
    now: NOW,
  };
}

const eleven = (side: Side): Side[] => Array.from({ length: 11 }, () => side);

Deno.test("scoringStep() adds a rally at the end of the record, timed now, and replays the score once", () => {
  const step = scoringStep(inPlay(["home"]), { type: "point", side: "away" });
  assert.deepEqual(step.change, { type: "add-point", side: "away" });
  assert.deepEqual(step.record?.points, ["home", "away"]);
  assert.deepEqual(step.record?.pointTimes, [null, NOW]);
  assert.deepEqual(step.state.currentGame, { home: 1, away: 1 });
  assert.equal(step.status.status, "in_progress");
});

Deno.test("scoringStep() completes the match with the point that decides it (Law 2.12: best of 3)", () => {
  const step = scoringStep(inPlay([...eleven("away"), ...eleven("away").slice(1)]), {
    type: "point",
    side: "away",
  });
  assert.equal(step.status.status, "completed");
  assert.equal(step.status.winner, "away");
});

Deno.test("scoringStep() refuses a point on a match not in play, and changes nothing", () => {
  const state = { ...inPlay(), status: scheduledMatch() };
  assert.throws(() => scoringStep(state, { type: "point", side: "home" }), MatchStatusError);
});

Deno.test("scoringStep() takes back the last rally, or the last incident made after it", () => {
  assert.deepEqual(scoringStep(inPlay(["home"]), { type: "undo" }).change, { type: "remove-point" });
  const timeout = { kind: "timeout" as const, side: "home" as const, afterPoints: 1, at: NOW };
  const undo = scoringStep(inPlay(["home"], [timeout]), { type: "undo" });
  assert.deepEqual(undo.change, { type: "remove-incident" });
  assert.deepEqual(undo.state.timeouts, []);
});

Deno.test("scoringStep() adds a time-out (Regulation 3.4.4.2) as an incident after the rallies so far", () => {
  const step = scoringStep(inPlay(["home", "away"]), { type: "timeout", side: "away" });
  assert.deepEqual(step.change, { type: "add-incident", incident: { kind: "timeout", side: "away" } });
  assert.equal(step.state.timeouts.length, 1);
  assert.equal(step.record, undefined);
});

Deno.test("scoringStep() corrects a finished game, and a retirement changes no record", () => {
  const step = scoringStep(inPlay(eleven("home")), { type: "correct", game: 1, home: 11, away: 9 });
  assert.deepEqual(step.change, {
    type: "add-incident",
    incident: { kind: "correction", game: 1, home: 11, away: 9 },
  });
  assert.deepEqual(step.state.gameScores, [{ home: 11, away: 9 }]);
  const retired = scoringStep(inPlay(["home"]), { type: "retire", side: "home" });
  assert.deepEqual(retired.change, { type: "none" });
  assert.equal(retired.status.resultReason, "retired");
  assert.equal(retired.status.winner, "away");
});
