/**
 * The tie level of `deno task calibrate` (cli/calibrate.ts): the ties of the 2026 World Team Championships Finals
 * rebuilt from their singles (domain/tie_rebuild.ts), predicted before the tie and live after each match
 * (domain/tie_probability.ts) from the model's match predictions made while the singles are replayed through the
 * store, beside the same computation from `p_elo`. This file plans which predictions the replay makes and turns
 * them into tie-level predictions and outcomes; cli/calibrate.ts scores and reports them.
 * @module
 */
import type { MatchPrediction } from "../domain/prediction.ts";
import { predictTie, type TiePrediction, tieWinProbability } from "../domain/tie_probability.ts";
import {
  lineUpPairs,
  rebuildTies,
  type RebuiltTie,
  type TieSingle,
  WORLD_TEAM_ORDER,
} from "../domain/tie_rebuild.ts";

/** Wins that decide a World Team Championships tie: best of five singles. */
export const TIE_WINS_NEEDED = 3;

/** A single of the replay as the tie rebuild sees it, with its index in the replay (home = player A). */
export interface ReplaySingle extends TieSingle {
  readonly index: number;
}

/** The stored frozen prediction of a replayed single and its `p_elo`, home = player A. */
export interface FrozenSingle {
  readonly pHome: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly pElo: number | null;
}

/** Before the draw of a single, the matches of its tie still to play, as [tie's home player, away player]. */
export interface TiePlanStep {
  readonly tie: number;
  /** How many singles of the tie are already played. */
  readonly stage: number;
  readonly pairs: readonly (readonly [string, string])[];
}

/** The ties of the replay and, per replay index, the predictions to make before that single's draw. */
export interface TiePlan {
  readonly ties: readonly RebuiltTie<ReplaySingle>[];
  readonly steps: ReadonlyMap<number, TiePlanStep>;
}

/**
 * Rebuilds the ties (first to three, World Team order) and plans, before each single of a tie with a line-up, a
 * prediction of every match of the tie from that single on: what the model says of the rest of the tie with the
 * ratings of that moment. The first of them is the single's own frozen prediction.
 */
export function planTies(singles: readonly ReplaySingle[]): TiePlan {
  const ties = rebuildTies(singles, { winsNeeded: TIE_WINS_NEEDED, order: WORLD_TEAM_ORDER });
  const steps = new Map<number, TiePlanStep>();
  ties.forEach((tie, t) => {
    if (tie.lineUp === null || tie.winner === null) return;
    const pairs = lineUpPairs(tie.lineUp, WORLD_TEAM_ORDER);
    tie.singles.forEach((single, stage) =>
      steps.set(single.index, { tie: t, stage, pairs: pairs.slice(stage) })
    );
  });
  return { ties, steps };
}

/** The Elo win probability of a rating difference, the curve `p_elo` follows (400 scale). */
export function eloProbability(difference: number): number {
  return 1 / (1 + Math.pow(10, -difference / 400));
}

/** One tie-level prediction: the stage (singles already played), ours, the baseline's, and the tie's outcome. */
export interface TieStagePrediction {
  readonly tie: number;
  readonly stage: number;
  readonly ours: number;
  /** From `p_elo`: null when a player of the line-up has no Elo. */
  readonly elo: number | null;
  /** 1 when the tie's home side won it. */
  readonly outcome: 0 | 1;
  /** Before the tie only: our interval and label. */
  readonly pre: TiePrediction | null;
}

/** What the tie-level part found, for the report. */
export interface TieCalibration {
  readonly singles: number;
  readonly ties: number;
  readonly byCategory: readonly (readonly [string, number])[];
  /** Ties by the number of singles played: 3, 4, 5. */
  readonly byLength: readonly (readonly [number, number])[];
  readonly decided: number;
  readonly withLineUp: number;
  /** Singles whose player A plays for the tie's away team. */
  readonly sidesSwapped: number;
  /** Ties with an Elo for every player of the line-up (the baseline's ties). */
  readonly withElo: number;
  /** Singles whose frozen prediction equals the plan's prediction of that single, made at its draw. */
  readonly frozenAgree: number;
  readonly frozenTotal: number;
  /** Largest |Elo curve - p_elo| over the singles with p_elo: the curve the unplayed singles use. */
  readonly eloCurveGap: number;
  readonly predictions: readonly TieStagePrediction[];
}

/** A frozen prediction seen from the other side. */
function mirrored(p: FrozenSingle): FrozenSingle {
  return {
    pHome: 1 - p.pHome,
    ciLow: 1 - p.ciHigh,
    ciHigh: 1 - p.ciLow,
    pElo: p.pElo === null ? null : 1 - p.pElo,
  };
}

/**
 * The tie-level predictions: for each decided tie with a line-up, before the tie (stage 0, `predictTie` of the
 * predictions made before its first single) and after each single that leaves it open (stage k, the live
 * probability from the k results and the predictions made before single k + 1); the baseline the same way from
 * `p_elo` (the single's own where it was played, the Elo curve of the frozen Elo ratings where it was not).
 * `made` holds, per replay index, the predictions the plan asked for; `frozen` the stored frozen prediction of
 * each replayed single; `elo` each player's frozen Elo.
 */
export function tieCalibration(
  plan: TiePlan,
  made: ReadonlyMap<number, readonly MatchPrediction[]>,
  frozen: ReadonlyMap<number, FrozenSingle>,
  elo: ReadonlyMap<string, number>,
): TieCalibration {
  const predictions: TieStagePrediction[] = [];
  let frozenAgree = 0;
  let frozenTotal = 0;
  let withElo = 0;
  let eloCurveGap = 0;
  const singles = plan.ties.flatMap((t) => t.singles);
  for (const single of singles) {
    const a = elo.get(single.home.player);
    const b = elo.get(single.away.player);
    const pElo = frozen.get(single.index)?.pElo ?? null;
    if (pElo !== null && a !== undefined && b !== undefined) {
      eloCurveGap = Math.max(eloCurveGap, Math.abs(eloProbability(a - b) - pElo));
    }
  }
  plan.ties.forEach((tie, t) => {
    if (tie.lineUp === null || tie.winner === null) return;
    const pairs = lineUpPairs(tie.lineUp, WORLD_TEAM_ORDER);
    const eloPairs = pairs.map(([home, away], i) => {
      const single = tie.singles[i];
      const stored = single && frozen.get(single.index);
      if (stored && stored.pElo !== null) return tie.sameSides[i] ? stored.pElo : 1 - stored.pElo;
      const a = elo.get(home);
      const b = elo.get(away);
      return a === undefined || b === undefined ? null : eloProbability(a - b);
    });
    const eloKnown = eloPairs.every((p) => p !== null);
    if (eloKnown) withElo++;
    const outcome = tie.winner === "home" ? 1 : 0;
    tie.singles.forEach((single, stage) => {
      const ahead = made.get(single.index);
      if (ahead === undefined || ahead.length !== pairs.length - stage) {
        throw new Error(`Cannot score tie ${t + 1}: no predictions before its single ${single.id}`);
      }
      const stored = frozen.get(single.index);
      if (stored !== undefined) {
        frozenTotal++;
        const own = tie.sameSides[stage] ? stored : mirrored(stored);
        const first = ahead[0]!;
        if (
          Math.abs(own.pHome - first.pHome) <= 1e-12 && Math.abs(own.ciLow - first.ciLow) <= 1e-12 &&
          Math.abs(own.ciHigh - first.ciHigh) <= 1e-12
        ) frozenAgree++;
      }
      const results = tie.results.slice(0, stage);
      const homeWins = results.filter((r) => r === "home").length;
      const awayWins = stage - homeWins;
      const live = (ps: readonly number[]) => tieWinProbability(ps, homeWins, awayWins, TIE_WINS_NEEDED);
      predictions.push({
        tie: t,
        stage,
        ours: live(ahead.map((m) => m.pHome)),
        elo: eloKnown ? live(eloPairs.slice(stage) as number[]) : null,
        outcome,
        pre: stage === 0 ? predictTie(ahead, TIE_WINS_NEEDED) : null,
      });
    });
  });
  const count = <K>(keys: readonly K[]) => {
    const counts = new Map<K, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts.entries()];
  };
  return {
    singles: singles.length,
    ties: plan.ties.length,
    byCategory: count(plan.ties.map((t) => t.category)).sort(([a], [b]) => a.localeCompare(b)),
    byLength: count(plan.ties.map((t) => t.singles.length)).sort(([a], [b]) => a - b),
    decided: plan.ties.filter((t) => t.winner !== null).length,
    withLineUp: plan.ties.filter((t) => t.lineUp !== null).length,
    sidesSwapped: plan.ties.reduce((n, t) => n + t.sameSides.filter((same) => !same).length, 0),
    withElo,
    frozenAgree,
    frozenTotal,
    eloCurveGap,
    predictions,
  };
}
