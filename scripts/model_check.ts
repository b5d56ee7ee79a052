/**
 * Offline check of the rating and prediction model against London 2026 (857 real singles, best of 5) and
 * against simulated tournaments. Run: `deno run --allow-read scripts/model_check.ts [--tau=0.5]
 * [--floor=55] [--retention=0.963] [--offset=300] [--newcomer-deviation=250] [--data=DIR] [--seeds=20]`. Figures and their reading: docs/ratings.md.
 *
 * Replay: players start from the imported prior (elo_*_before, cumulative_matches_*; a player with no prior row
 * had no earlier ITTF match: 1500 after 0 matches), matches run in source_match_id order, each is predicted first and rated after. All rows
 * carry the same event date, so no idle-day inflation applies inside the event.
 */

import { NEW_TO_SOURCE } from "../cli/calibrate_london.ts";
import { parseCsv } from "../cli/calibrate_data.ts";
import { DEFAULT_TAU, type Glicko2Rating, rateMatch } from "../domain/glicko2.ts";
import { type ConfidenceLabel, predictMatch } from "../domain/prediction.ts";
import { type PriorOptions, ratingFromPrior } from "../domain/rating_prior.ts";
import {
  accuracy,
  brier,
  expectedCalibrationError,
  intervalCoverage,
  logLoss,
  reliabilityTable,
  type SimulatedMatch,
  simulateTournaments,
  type SimulationOptions,
} from "../domain/calibration.ts";

const DEFAULT_DATA_DIR = "/work/shared/data/wttc-london-2026";
const LABELS: readonly ConfidenceLabel[] = ["high", "medium", "low", "insufficient"];

const encoder = new TextEncoder();
function print(line = ""): void {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
}

function flags(args: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const arg of args) {
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match || match[1] === undefined || match[2] === undefined) {
      throw new Error(`Cannot read the arguments: expected --name=value, got "${arg}"`);
    }
    map.set(match[1], match[2]);
  }
  return map;
}

function numberFlag(map: Map<string, string>, name: string): number | undefined {
  const text = map.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`Cannot read "--${name}": expected a number, got "${text}"`);
  return value;
}

function field(row: Record<string, string>, name: string): string {
  const value = row[name];
  if (value === undefined) throw new Error(`Cannot read the CSV: no column "${name}"`);
  return value;
}

interface Replayed {
  readonly pHome: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly label: ConfidenceLabel;
  readonly outcome: number;
  readonly pElo: number | null;
}

function replay(dataDir: string, tau: number, prior: PriorOptions): Replayed[] {
  const matches = parseCsv(Deno.readTextFileSync(`${dataDir}/london_2026_matches.csv`))
    .sort((x, y) => Number(field(x, "source_match_id")) - Number(field(y, "source_match_id")));
  const predictions = parseCsv(Deno.readTextFileSync(`${dataDir}/london_2026_predictions.csv`));

  const priors = new Map<string, { rating: number; matchCount: number }>();
  for (const row of predictions) {
    for (const side of ["a", "b"]) {
      const id = field(row, `player_${side}_id`);
      if (!priors.has(id)) {
        priors.set(id, {
          rating: Number(field(row, `elo_${side}_before`)),
          matchCount: Number(field(row, `cumulative_matches_${side}`)),
        });
      }
    }
  }

  const state = new Map<string, { rating: Glicko2Rating; matchCount: number }>();
  const current = (id: string) => {
    let entry = state.get(id);
    if (!entry) {
      // A player without a predictions row had no earlier ITTF match: the source's 1500 after 0 matches.
      const p = priors.get(id) ?? NEW_TO_SOURCE;
      entry = { rating: ratingFromPrior(p, prior), matchCount: p.matchCount };
      state.set(id, entry);
    }
    return entry;
  };

  const out: Replayed[] = [];
  let next = 0; // predictions.csv rows follow the matches in order
  for (const row of matches) {
    const a = field(row, "player_a_id");
    const b = field(row, "player_b_id");
    const winner = field(row, "winner_id");
    const home = current(a);
    const away = current(b);
    const prediction = predictMatch(
      { ...home.rating, matchCount: home.matchCount },
      { ...away.rating, matchCount: away.matchCount },
      5,
    );
    let pElo: number | null = null;
    const candidate = predictions[next];
    if (
      candidate && field(candidate, "player_a_id") === a && field(candidate, "player_b_id") === b &&
      field(candidate, "winner_id") === winner
    ) {
      pElo = Number(field(candidate, "p_elo"));
      next++;
    }
    const homeWon = winner === a;
    out.push({
      pHome: prediction.pHome,
      ciLow: prediction.ciLow,
      ciHigh: prediction.ciHigh,
      label: prediction.confidenceLabel,
      outcome: homeWon ? 1 : 0,
      pElo,
    });
    const rated = rateMatch(home.rating, away.rating, homeWon, { tau });
    state.set(a, { rating: rated.home, matchCount: home.matchCount + 1 });
    state.set(b, { rating: rated.away, matchCount: away.matchCount + 1 });
  }
  if (next !== predictions.length) {
    throw new Error(`Cannot match the predictions: matched "${next}" of "${predictions.length}" rows`);
  }
  return out;
}

const f4 = (x: number | null) => (x === null ? "    -" : x.toFixed(4));
const f3 = (x: number | null) => (x === null ? "    -" : x.toFixed(3));
const pad = (s: string | number, n: number) => String(s).padStart(n);

function scoreLine(name: string, ps: number[], ys: number[]): void {
  print(
    `${name.padEnd(22)} n=${pad(ps.length, 4)}  logloss ${f4(logLoss(ps, ys))}  brier ${
      f4(brier(ps, ys))
    }  ` +
      `accuracy ${f3(accuracy(ps, ys))}  ECE ${f4(expectedCalibrationError(ps, ys))}`,
  );
}

/** The favourite's view: its probability and whether it won (home/away order is arbitrary here). */
function favourite(ps: number[], ys: number[]): { ps: number[]; ys: number[] } {
  return {
    ps: ps.map((p) => Math.max(p, 1 - p)),
    ys: ys.map((y, i) => ((ps[i] ?? 0.5) >= 0.5 ? y : 1 - y)),
  };
}

function main(): void {
  const map = flags(Deno.args);
  const tau = numberFlag(map, "tau") ?? DEFAULT_TAU;
  const prior: PriorOptions = {
    floor: numberFlag(map, "floor"),
    retention: numberFlag(map, "retention"),
    newcomerOffset: numberFlag(map, "offset"),
    newcomerDeviation: numberFlag(map, "newcomer-deviation"),
  };
  const seeds = numberFlag(map, "seeds") ?? 20;
  const dataDir = map.get("data") ?? DEFAULT_DATA_DIR;

  const all = replay(dataDir, tau, prior);
  const rated = all.filter((r) => r.pElo !== null);
  const ours = rated.map((r) => r.pHome);
  const elo = rated.map((r) => r.pElo ?? 0.5);
  const ys = rated.map((r) => r.outcome);

  print(`London 2026 replay: ${all.length} matches, ${rated.length} with p_elo (tau ${tau})`);
  scoreLine("ours (822)", ours, ys);
  scoreLine("p_elo (822)", elo, ys);
  scoreLine("ours (all 857)", all.map((r) => r.pHome), all.map((r) => r.outcome));
  print();
  print("Reliability (10 bins, P(player A wins)):   ours                 |  p_elo");
  print("  bin        n   mean    obs  |    n   mean    obs");
  const tableOurs = reliabilityTable(ours, ys);
  const tableElo = reliabilityTable(elo, ys);
  tableOurs.forEach((row, i) => {
    const other = tableElo[i];
    print(
      `  ${row.low.toFixed(1)}-${row.high.toFixed(1)} ${pad(row.count, 4)} ${f3(row.meanPredicted)} ${
        f3(row.observedRate)
      }  | ${pad(other?.count ?? 0, 4)} ${f3(other?.meanPredicted ?? null)} ${
        f3(other?.observedRate ?? null)
      }`,
    );
  });
  print();
  print("By confidence label (822; favourite's view: mean predicted vs observed win rate of the favourite)");
  for (const label of [...LABELS, "all"]) {
    const subset = rated.filter((r) => label === "all" || r.label === label);
    if (subset.length === 0) {
      print(`  ${label.padEnd(13)} n=   0`);
      continue;
    }
    const p = subset.map((r) => r.pHome);
    const y = subset.map((r) => r.outcome);
    const pe = subset.map((r) => r.pElo ?? 0.5);
    const fav = favourite(p, y);
    const meanFav = fav.ps.reduce((s, x) => s + x, 0) / fav.ps.length;
    const obsFav = fav.ys.reduce((s, x) => s + x, 0) / fav.ys.length;
    const se = Math.sqrt((meanFav * (1 - meanFav)) / fav.ps.length);
    const width = subset.reduce((s, r) => s + r.ciHigh - r.ciLow, 0) / subset.length;
    print(
      `  ${label.padEnd(13)} n=${pad(subset.length, 4)}  fav mean ${f3(meanFav)} obs ${f3(obsFav)} (±${
        f3(2 * se)
      })  logloss ${f4(logLoss(p, y))} vs p_elo ${f4(logLoss(pe, y))}  mean width ${f3(width)}`,
    );
  }

  print();
  print(`Simulation (${seeds} seeds x 64 players x 6 tournaments x 7 rounds, 30 idle days between)`);
  const simulate = (extra: Partial<SimulationOptions>) =>
    Array.from(
      { length: seeds },
      (_, seed) => simulateTournaments({ seed: seed + 1, glicko: { tau }, prior, ...extra }),
    )
      .flat();
  simulationLine("best of 5", simulate({}));
  simulationLine("best of 3", simulate({ bestOf: 3 }));
  simulationLine("best of 7", simulate({ bestOf: 7 }));
  simulationLine("bo5, fixed truth", simulate({ drift: false }));
  print("By confidence label (best of 5)");
  const sims = simulate({});
  for (const label of LABELS) {
    const subset = sims.filter((m) => m.confidenceLabel === label);
    if (subset.length > 0) simulationLine(label, subset);
  }
}

function simulationLine(name: string, sims: SimulatedMatch[]): void {
  const ps = sims.map((m) => m.pHome);
  const ys = sims.map((m) => m.outcome);
  const trueP = sims.map((m) => m.trueP);
  const coverage = intervalCoverage(sims.map((m) => m.ciLow), sims.map((m) => m.ciHigh), trueP);
  const width = sims.reduce((s, m) => s + m.ciHigh - m.ciLow, 0) / sims.length;
  print(
    `  ${name.padEnd(17)} n=${pad(sims.length, 5)}  ECE ${f4(expectedCalibrationError(ps, ys))}  logloss ${
      f4(logLoss(ps, ys))
    } (truth ${f4(logLoss(trueP, ys))})  90% coverage ${f3(coverage)}  mean width ${f3(width)}`,
  );
}

if (import.meta.main) main();
