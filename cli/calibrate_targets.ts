/**
 * The targets of the calibration benchmark (`deno task calibrate`, docs/ratings.md) and whether a report meets
 * them: ECE and interval coverage in the simulation, and on real data no worse than the baseline.
 */
import type { RealDataReport } from "./calibrate_scores.ts";
import type { SimulationReport } from "./calibrate_simulation.ts";

/** Target: simulated ECE at most this, in every format and label. */
export const TARGET_MAX_ECE = 0.03;

/** Target: the 90% interval holds the true win probability this often (bounds included), in every format and label. */
export const TARGET_COVERAGE = [0.85, 0.95] as const;

/** Target: a label's ECE is compared with the baseline's from this many matches on (fewer: mostly binning noise). */
export const MIN_LABEL_MATCHES = 100;

/**
 * Target: a label's favourites are judged from this many matches on; fewer (the two `high` matches of Dos Orillas)
 * are shown in the tables, but one surprise decides them.
 */
export const MIN_FAVOURITE_MATCHES = 30;

/** One target and whether it is met; `pass` is null when there is nothing to judge. */
export interface TargetResult {
  readonly target: string;
  readonly value: string;
  readonly pass: boolean | null;
}

export const f2 = (x: number) => x.toFixed(2);

export const f3 = (x: number) => x.toFixed(3);

export const f4 = (x: number) => x.toFixed(4);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The targets: log loss no worse than p_elo's on the same matches; in simulation, ECE <= 0.03 and 90% coverage
 * within 85-95% for every format and label; on the real data, each label's favourite win rate within two
 * standard errors of its mean prediction.
 */
export function evaluateTargets(
  real: RealDataReport | readonly RealDataReport[] | null,
  sim: SimulationReport | null,
): TargetResult[] {
  const out: TargetResult[] = [];
  for (const r of realList(real)) {
    const { name, baseline } = r.source;
    out.push({
      target: `${name}: log loss on the ${r.scored} matches with ${baseline} below ${baseline}'s`,
      value: `${f4(r.ours.logLoss)} vs ${f4(r.elo.logLoss)}`,
      pass: r.ours.logLoss < r.elo.logLoss,
    });
    for (const l of r.labels) {
      // Per label where the label has enough matches for an ECE to mean something; "all" is every match.
      if (!l.ours || !l.elo || (l.label !== "all" && l.n < MIN_LABEL_MATCHES)) continue;
      out.push({
        target:
          `${name}, ${l.label === "all" ? "every match" : `label ${l.label}`}: ECE at most ${baseline}'s ` +
          "or within its 95% bootstrap interval",
        value: `n ${l.n}, ${f3(l.ours.ece)} vs ${f3(l.elo.ece)} [${f3(l.elo.eceLow)}, ${f3(l.elo.eceHigh)}]`,
        pass: l.ours.ece <= Math.max(l.elo.ece, l.elo.eceHigh),
      });
    }
    for (const l of r.labels) {
      // The target is per label; "all" is shown in the tables but is not a label.
      if (l.label === "all" || (l.n > 0 && l.n < MIN_FAVOURITE_MATCHES)) continue;
      const fav = l.oursFavourite;
      out.push({
        target: `${name}, label ${l.label}: favourite's win rate within 2 SE of its mean prediction`,
        value: fav
          ? `n ${l.n}, predicted ${f3(fav.predicted)}, won ${f3(fav.observed)}, ±${f3(fav.twoSe)}`
          : "no matches",
        pass: fav ? fav.calibrated : null,
      });
    }
  }
  if (sim) {
    for (const line of [...sim.formats, ...sim.labels]) {
      out.push({
        target: `Simulation, ${line.setting}: ECE <= ${TARGET_MAX_ECE}`,
        value: f4(line.ece),
        pass: line.ece <= TARGET_MAX_ECE,
      });
      out.push({
        target: `Simulation, ${line.setting}: 90% interval covers the truth ${pct(TARGET_COVERAGE[0])}-${
          pct(TARGET_COVERAGE[1])
        }`,
        value: pct(line.coverage),
        pass: line.coverage >= TARGET_COVERAGE[0] && line.coverage <= TARGET_COVERAGE[1],
      });
    }
  }
  return out;
}

export function realList(real: RealDataReport | readonly RealDataReport[] | null): readonly RealDataReport[] {
  if (real === null) return [];
  return "source" in real ? [real as RealDataReport] : real as readonly RealDataReport[];
}

export const verdict = (pass: boolean | null) => (pass === null ? "n/a" : pass ? "PASS" : "FAIL");

export const orDash = (x: number | null | undefined, format: (x: number) => string) =>
  x === null || x === undefined ? "-" : format(x);
