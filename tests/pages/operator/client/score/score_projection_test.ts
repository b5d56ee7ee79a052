import assert from "node:assert/strict";
import fc from "fast-check";
import { replayUmpire } from "../../../../../domain/match_replay.ts";
import type { Side } from "../../../../../domain/scoring.ts";
import type { OutboxItem } from "../../../../../pages/operator/client/score/outbox.ts";
import { allowed, projectMatch } from "../../../../../pages/operator/client/score/score_projection.ts";
import { scoringMatch as match } from "./fixtures.ts";

let n = 0;
const tap = (type: string, body: Record<string, unknown> = {}): OutboxItem => ({
  key: `k${++n}`,
  matchId: "m1",
  type,
  body,
  at: "2026-11-28T10:00:00.000Z",
  label: type,
});

Deno.test("projectMatch() shows the server's points with the waiting ones replayed by the rules", () => {
  const side = fc.constantFrom<Side>("home", "away");
  fc.assert(
    fc.property(
      fc.array(side, { maxLength: 60, size: "max" }),
      fc.array(side, { maxLength: 60, size: "max" }),
      (a, b) => {
        const server: Side[] = [];
        for (
          const p of a
        ) {
          if (!replayUmpire({ points: server }, { bestOf: 5, firstServer: "home" }).finished) {
            server.push(p);
          }
        }
        const p = projectMatch(
          match({ points: server, pointTimes: server.map(() => null) }),
          b.map((s) => tap("point", { side: s })),
        );
        const all = [...server];
        for (const s of b) {
          if (!replayUmpire({ points: all }, { bestOf: 5, firstServer: "home" }).finished) {
            all.push(s);
          }
        }
        assert.deepEqual(
          p.state.gameScores,
          replayUmpire({ points: all }, { bestOf: 5, firstServer: "home" }).gameScores,
        );
        assert.deepEqual(
          p.state.currentGame,
          replayUmpire({ points: all }, { bestOf: 5, firstServer: "home" }).currentGame,
        );
        assert.equal(p.refused.length, b.length - (all.length - server.length));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("projectMatch() sets aside a waiting undo with nothing to undo, and keeps the taps after it", () => {
  const undo = tap("undo");
  const p = projectMatch(match(), [undo, tap("point", { side: "home" }), tap("point", { side: "away" })]);
  assert.deepEqual(p.refused, [undo.key]);
  assert.deepEqual(p.state.currentGame, { home: 1, away: 1 });
  assert.deepEqual(p.last, { kind: "point", side: "away" });
});

Deno.test("projectMatch() starts a scheduled match with the waiting start's choices", () => {
  const p = projectMatch(match({ status: "scheduled", firstServer: null, setup: null }), [
    tap("start", { firstServer: "away", left: "away" }),
    tap("point", { side: "home" }),
  ]);
  assert.equal(p.started, true);
  assert.equal(p.state.left, "away");
  assert.equal(p.state.server, "away");
  assert.deepEqual(p.state.currentGame, { home: 1, away: 0 });
});

Deno.test("allowed() follows the rules: one time-out per side, a penalty point only after a warning", () => {
  const p = projectMatch(match(), [tap("timeout", { side: "home" })]);
  const at = "2026-11-28T10:01:00.000Z";
  assert.equal(allowed(p, { type: "timeout", body: { side: "home" }, at }), false);
  assert.equal(allowed(p, { type: "timeout", body: { side: "away" }, at }), true);
  assert.equal(
    allowed(p, { type: "card", body: { side: "away", target: "player", card: "yellow_red" }, at }),
    false,
  );
  assert.equal(
    allowed(p, { type: "card", body: { side: "away", target: "player", card: "yellow" }, at }),
    true,
  );
});
