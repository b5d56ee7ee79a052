import assert from "node:assert/strict";
import {
  eloProbability,
  type FrozenSingle,
  planTies,
  type ReplaySingle,
  tieCalibration,
} from "../../cli/calibrate_ties.ts";
import {
  DEFAULT_DATA_DIR,
  frozenElo,
  londonReplaySingles,
  readLondonData,
} from "../../cli/calibrate_london.ts";
import { formatReport } from "../../cli/calibrate_report.ts";
import { predictTieAhead, replayLondon } from "../../cli/calibrate_replay.ts";
import { scoreTies } from "../../cli/calibrate_scores.ts";
import type { MatchPrediction } from "../../domain/prediction.ts";
import { storeTest } from "../support/stores.ts";

/** One tie CRO v ARG in the World Team order, won 3-1 by CRO, then a single of another tie. */
function singles(): ReplaySingle[] {
  const s = (index: number, home: string, away: string, winner: "home" | "away"): ReplaySingle => ({
    index,
    id: 1000 + index,
    category: "WT",
    home: { player: home, team: home.slice(1) },
    away: { player: away, team: away.slice(1) },
    winner,
  });
  return [
    s(0, "ACRO", "XARG", "home"),
    s(1, "BCRO", "YARG", "away"),
    s(2, "CCRO", "ZARG", "home"),
    s(3, "ACRO", "YARG", "home"),
    s(4, "DHKG", "XNED", "home"),
  ];
}

const at = (pHome: number): MatchPrediction => ({
  pHome,
  ciLow: pHome - 0.1,
  ciHigh: pHome + 0.1,
  confidenceLabel: "medium",
});

Deno.test("planTies() asks, before each single of a decided tie, for the matches of the tie still to play", () => {
  const plan = planTies(singles());
  assert.equal(plan.ties.length, 2);
  assert.deepEqual(plan.steps.get(0)?.pairs, [
    ["ACRO", "XARG"],
    ["BCRO", "YARG"],
    ["CCRO", "ZARG"],
    ["ACRO", "YARG"],
    ["BCRO", "XARG"],
  ]);
  assert.deepEqual(plan.steps.get(3)?.pairs, [["ACRO", "YARG"], ["BCRO", "XARG"]]);
  // The second tie has one single: not decided, nothing to plan.
  assert.equal(plan.steps.get(4), undefined);
});

Deno.test("tieCalibration() predicts before the tie and live after each match, ours and p_elo's alike", () => {
  const plan = planTies(singles());
  const made = new Map<number, MatchPrediction[]>();
  for (const [index, step] of plan.steps) made.set(index, step.pairs.map(() => at(0.6)));
  const frozen = new Map<number, FrozenSingle>([0, 1, 2, 3].map((i) => [i, { ...at(0.6), pElo: 0.5 }]));
  const elo = new Map([["ACRO", 1600], ["BCRO", 1600], ["CCRO", 1600], ["XARG", 1500], ["YARG", 1500]]);
  const withoutZ = tieCalibration(plan, made, frozen, elo);
  assert.equal(withoutZ.ties, 2);
  assert.equal(withoutZ.frozenAgree, 4);
  // Z has no Elo, but C-Z was played and has its p_elo: the baseline needs B-X, never played, from the curve.
  assert.equal(withoutZ.withElo, 1);
  const stages = withoutZ.predictions.map((p) => [p.stage, Number(p.ours.toFixed(5)), p.outcome]);
  // 0.6 each: before 0.68256; after 1-0 0.8208; after 1-1 0.648; after 2-1 0.84.
  assert.deepEqual(stages, [[0, 0.68256, 1], [1, 0.8208, 1], [2, 0.648, 1], [3, 0.84, 1]]);
  // Baseline before the tie: four singles at p_elo 0.5, B-X on the Elo curve of +100.
  const bx = eloProbability(100);
  const first = withoutZ.predictions[0]!;
  // 3 of 5 with p = 0.5, 0.5, 0.5, 0.5, bx: by symmetry of the first four, 0.5 * (P(2 of 4) * bx + P(>= 3 of 4)).
  assert.ok(Math.abs(first.elo! - (6 / 16 * bx + 5 / 16)) < 1e-12);
  assert.equal(first.pre?.confidenceLabel, "medium");
  assert.ok(Math.abs(withoutZ.eloCurveGap - Math.abs(eloProbability(100) - 0.5)) < 1e-12);
});

const hasRealData = await Deno.stat(`${DEFAULT_DATA_DIR}/london_2026_matches.csv`).then(
  () => true,
  () => false,
);

if (hasRealData) {
  storeTest(
    "the first 40 London singles: the ties they close are predicted from the replay's ratings",
    async (store) => {
      const data = await readLondonData(DEFAULT_DATA_DIR);
      const plan = planTies(londonReplaySingles(data, 40));
      const made = new Map<number, MatchPrediction[]>();
      const replay = await replayLondon(store, data, {
        limit: 40,
        beforeDraw: (index, predict) => predictTieAhead(plan, index, predict, made),
      });
      const frozen = new Map<number, FrozenSingle>(
        replay.matches.map((m, i) => [i, { pHome: m.pHome, ciLow: m.ciLow, ciHigh: m.ciHigh, pElo: m.pElo }]),
      );
      const calibration = tieCalibration(plan, made, frozen, frozenElo(data));
      assert.ok(calibration.decided >= 10);
      // Each single's own prediction, made before its draw, is the prediction the store froze.
      assert.equal(calibration.frozenAgree, calibration.frozenTotal);
      assert.equal(calibration.predictions.filter((p) => p.stage === 0).length, calibration.decided);
      const text = formatReport(null, null, [], scoreTies(calibration));
      assert.ok(text.includes("## Ties (World Team Championships 2026)"));
      assert.ok(text.includes(`Found ${calibration.ties} ties from 40 singles`));
    },
  );
}
