/**
 * The calibration benchmark's report as Markdown (docs/calibration.md), laid out as `deno fmt` leaves it: the
 * targets, the real data sets, the simulation and the ties.
 */
import type { ReliabilityBin } from "../domain/calibration.ts";
import type { RealDataReport, ScoreLine, TieReport } from "./calibrate_scores.ts";
import type { SimulationReport } from "./calibrate_simulation.ts";
import {
  f2,
  f3,
  f4,
  MIN_FAVOURITE_MATCHES,
  orDash,
  realList,
  type TargetResult,
  verdict,
} from "./calibrate_targets.ts";

/** Markdown the way `deno fmt` leaves it (lineWidth 110), so that the saved report passes `deno fmt --check`. */
const WIDTH = 110;

/** A paragraph filled greedily to the line width; `first` and `rest` prefix its first and later lines. */
function para(text: string, first = "", rest = ""): string[] {
  const out: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      out.push(line);
      line = rest + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  out.push(line);
  return out;
}

const bullet = (text: string) => para(text, "- ", "  ");

/** A table with its columns padded to their widest cell, as `deno fmt` aligns them. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, c) => Math.max(1, h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, c) => (cells[c] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)];
}

function reliabilityRows(
  ours: readonly ReliabilityBin[],
  elo: readonly ReliabilityBin[],
  skipEmpty: boolean,
) {
  return ours.flatMap((row, i) => {
    const other = elo[i];
    if (skipEmpty && row.count === 0 && (other?.count ?? 0) === 0) return [];
    return [[
      `${f2(row.low)}-${f2(row.high)}`,
      String(row.count),
      orDash(row.meanPredicted, f3),
      orDash(row.observedRate, f3),
      String(other?.count ?? 0),
      orDash(other?.meanPredicted, f3),
      orDash(other?.observedRate, f3),
    ]];
  });
}

const reliabilityHeader = (
  b: string,
) => ["Bin", "n ours", "mean ours", "won ours", `n ${b}`, `mean ${b}`, `won ${b}`];

/** An ECE with its bootstrap interval. */
const eceCell = (s: ScoreLine) => `${f3(s.ece)} [${f3(s.eceLow)}, ${f3(s.eceHigh)}]`;

/** Log loss, Brier and accuracy cells, "ours / p_elo" each. */
function versus(ours: ScoreLine, elo: ScoreLine): string[] {
  return [
    `${f4(ours.logLoss)} / ${f4(elo.logLoss)}`,
    `${f4(ours.brier)} / ${f4(elo.brier)}`,
    `${f3(ours.accuracy)} / ${f3(elo.accuracy)}`,
  ];
}

function realDataSection(real: RealDataReport): string[] {
  const i = real.integrity;
  const b = real.source.baseline;
  const writes = real.points + 2 * real.replayed;
  const perWrite = writes > 0 ? (1000 * real.seconds) / writes : 0;
  const lines = [
    "",
    `## ${real.source.title}`,
    "",
    ...para(real.source.about),
    "",
    ...bullet(
      `Store: \`${real.store}\`. Replayed ${real.replayed} matches: ${real.points} point writes and a start and a ` +
        `draw per match, one transaction each, in ${real.seconds.toFixed(1)} s (${
          perWrite.toFixed(2)
        } ms per write, import included)` +
        (real.seconds > 180 ? ": over the 3-minute budget." : "."),
    ),
    ...bullet(
      `Write path: ${i.frozenBeforeStart}/${i.total} predictions frozen before their match started, ` +
        `${i.unchanged}/${i.total} unchanged by play, ${i.outcomesAgree}/${i.total} outcomes settled as the data ` +
        "says.",
    ),
    ...bullet(`Scored: the ${real.scored} matches with ${b} (paired in order by players and winner).`),
    "",
    ...table(
      ["Model", "n", "Log loss", "Brier", "Accuracy", "ECE (10 bins) [95% bootstrap]"],
      ([["ours", real.ours], [b, real.elo], ["ours, every replayed match", real.oursAll]] as const)
        .map(([name, s]) => [name, String(s.n), f4(s.logLoss), f4(s.brier), f3(s.accuracy), eceCell(s)]),
    ),
    "",
    "### Reliability (10 bins of P(player A wins))",
    "",
    ...table(reliabilityHeader(b), reliabilityRows(real.reliability.ours, real.reliability.elo, false)),
    "",
    "### By confidence label",
    "",
    ...para(
      `The label is ours (frozen with the prediction); ${b} is scored on exactly the same matches. ` +
        "Calibration is judged from the favourite's side (home/away order carries no meaning here): the mean " +
        "predicted probability of the favourite against how often it won, calibrated when they differ by at most " +
        "two standard errors of the win rate the predictions imply, 2 sqrt(sum p(1-p)) / n.",
    ),
    "",
    ...table(
      [
        "Label",
        "n",
        `Log loss ours / ${b}`,
        `Brier ours / ${b}`,
        `Accuracy ours / ${b}`,
        "ECE ours",
        `ECE ${b}`,
        "Favourite predicted / won, ours",
        "± 2 SE",
        "Calibrated",
        `Favourite predicted / won, ${b}`,
        "Mean 90% width",
      ],
      real.labels.map((l) => {
        if (!l.ours || !l.elo || !l.oursFavourite || !l.eloFavourite) {
          return [l.label, "0", "-", "-", "-", "-", "-", "-", "-", "n/a", "-", "-"];
        }
        return [
          l.label,
          String(l.n),
          ...versus(l.ours, l.elo),
          eceCell(l.ours),
          eceCell(l.elo),
          `${f3(l.oursFavourite.predicted)} / ${f3(l.oursFavourite.observed)}`,
          f3(l.oursFavourite.twoSe),
          l.oursFavourite.calibrated ? "yes" : "no",
          `${f3(l.eloFavourite.predicted)} / ${f3(l.eloFavourite.observed)}`,
          orDash(l.meanWidth, f3),
        ];
      }),
    ),
  ];
  for (const l of real.labels) {
    if (l.label === "all" || !l.reliability) continue;
    lines.push(
      "",
      `#### Reliability, label ${l.label} (n ${l.n}; empty bins left out)`,
      "",
      ...table(reliabilityHeader(b), reliabilityRows(l.reliability.ours, l.reliability.elo, true)),
    );
  }
  return lines;
}

function simulationSection(sim: SimulationReport): string[] {
  const perSeed = sim.formats[0] ? sim.formats[0].n / sim.seeds : 0;
  return [
    "",
    "## Simulation: known true strengths",
    "",
    ...para(
      `\`simulateTournaments\` (domain/calibration.ts), seeds 1-${sim.seeds} pooled, ${perSeed} matches per seed ` +
        "and format (64 players, 6 tournaments of 7 rounds, 30 idle days between): players start where a " +
        "consistent import would put them, true strengths drift as the model assumes, outcomes follow the win " +
        "curve of the true difference. ECE is of pHome against outcomes; coverage is the share of matches whose " +
        "90% interval holds the true win probability. Labels pool the three formats. The favourite columns are " +
        "as above, for information only: simulated matches share their players' rating errors, so they are not " +
        "independent and the binomial standard error understates the spread; the simulation's targets are the " +
        "ECE and the coverage.",
    ),
    "",
    ...table(
      [
        "Setting",
        "n",
        "ECE",
        "90% coverage",
        "Mean width",
        "Log loss (truth)",
        "Favourite predicted / won (± 2 SE)",
      ],
      [...sim.formats, ...sim.labels].map((l) => [
        l.setting,
        String(l.n),
        f4(l.ece),
        f3(l.coverage),
        f3(l.meanWidth),
        `${f4(l.logLoss)} (${f4(l.truthLogLoss)})`,
        `${f3(l.favourite.predicted)} / ${f3(l.favourite.observed)} (±${f3(l.favourite.twoSe)})`,
      ]),
    ),
  ];
}

function tiesSection(ties: TieReport): string[] {
  const c = ties.calibration;
  const lengths = c.byLength.map(([n, count]) => `${count} of ${n} singles`).join(", ");
  const categories = c.byCategory.map(([category, count]) => `${count} ${category}`).join(", ");
  return [
    "",
    "## Ties (World Team Championships 2026)",
    "",
    ...para(
      "The ties were rebuilt from the singles alone (`rebuildTies`, domain/tie_rebuild.ts): within a category, " +
        "in `source_match_id` order, consecutive singles between the same two associations (the association " +
        "in each player's name) form one tie until a side has three wins; the next single starts a new tie. The " +
        "line-up (A, B, C against X, Y, Z) is read back from the singles, which follow the World Team order " +
        "A-X, B-Y, C-Z, A-Y, B-X, so every match of the tie is known before it starts, those never played " +
        "(the tie was decided) included.",
    ),
    "",
    ...bullet(
      `Found ${c.ties} ties from ${c.singles} singles (${categories}): ${lengths}; ${c.decided} decided 3-x, ` +
        `${c.withLineUp} with the line-up read back in the World Team order; in ${c.sidesSwapped} singles player ` +
        "A played for the tie's second team.",
    ),
    ...bullet(
      "Ours: before each single's draw in the store replay above, the model predicted every match of its tie " +
        "still to play from the ratings of that moment (as `freezePrediction` does; the first of them is the " +
        `single's own frozen prediction, equal in ${c.frozenAgree} of ${c.frozenTotal} singles). Before the ` +
        "tie: `predictTie` of the five predictions (domain/tie_probability.ts; interval from every match at its " +
        "interval's end at once, label as a match's). After match k, while the tie is open: the live probability " +
        "from the k results and the predictions made before match k + 1 (nothing from later matches leaks in).",
    ),
    ...bullet(
      "Baseline: the same computation from `p_elo`: a played single's own `p_elo`, and for a single never played " +
        "the Elo curve 1 / (1 + 10^(-d/400)) of the two players' frozen `elo_*_before` (the curve `p_elo` " +
        `follows: largest gap over the singles with \`p_elo\` ${c.eloCurveGap.toExponential(1)}). ` +
        `It predicts the ${c.withElo} ties whose six players all have an Elo; the table compares both there.`,
    ),
    "",
    ...table(
      [
        "Stage",
        "n",
        "Log loss ours / `p_elo`",
        "Brier ours / `p_elo`",
        "Accuracy ours / `p_elo`",
        "ECE ours / `p_elo` [95% bootstrap]",
      ],
      ties.stages.map((l) => [
        l.stage,
        String(l.n),
        ...versus(l.ours, l.elo),
        `${eceCell(l.ours)} / ${eceCell(l.elo)}`,
      ]),
    ),
    "",
    ...para(
      `Before the tie on all ${ties.preAll.n} ties, ours: log loss ${f4(ties.preAll.logLoss)}, Brier ` +
        `${f4(ties.preAll.brier)}, accuracy ${
          f3(ties.preAll.accuracy)
        }. After match 3 and 4 only the ties still ` +
        "open are predicted.",
    ),
    "",
    "### Reliability before the tie (10 bins of P(first team wins))",
    "",
    ...table(
      reliabilityHeader("`p_elo`"),
      reliabilityRows(ties.reliability.ours, ties.reliability.elo, true),
    ),
    "",
    "### Before the tie, by our confidence label",
    "",
    ...para(
      "Judged from the favourite's side as for the singles: calibrated when the favourite's win rate is within " +
        "two standard errors of its mean prediction.",
    ),
    "",
    ...table(
      [
        "Label",
        "n",
        "Log loss",
        "Brier",
        "Favourite predicted / won",
        "± 2 SE",
        "Calibrated",
        "Mean 90% width",
      ],
      ties.labels.map((l) => [
        l.label,
        String(l.n),
        f4(l.ours.logLoss),
        f4(l.ours.brier),
        `${f3(l.oursFavourite.predicted)} / ${f3(l.oursFavourite.observed)}`,
        f3(l.oursFavourite.twoSe),
        l.oursFavourite.calibrated ? "yes" : "no",
        f3(l.meanWidth),
      ]),
    ),
    "",
    ...para(
      "A tie's matches are taken as independent given their probabilities; they share players, so the tie " +
        "probabilities lean to the extremes a little where one player's rating is off. 240 ties are fewer than " +
        "the 822 singles: a bin's rate has a standard error near ±0.1.",
    ),
  ];
}

/** The report as Markdown: targets first, then the real data, then the simulation, then how to read it, then the ties. */
export function formatReport(
  real: RealDataReport | readonly RealDataReport[] | null,
  sim: SimulationReport | null,
  targets: readonly TargetResult[],
  ties: TieReport | null = null,
): string {
  const passed = targets.filter((t) => t.pass === true).length;
  const failed = targets.filter((t) => t.pass === false).length;
  const lines: string[] = [
    "# Calibration report",
    "",
    ...para(
      "Written by `deno task calibrate` (`cli/calibrate.ts`); the model and the choices behind it are in " +
        "[ratings.md](ratings.md). Do not edit by hand: run the command again.",
    ),
    "",
    "## Targets",
    "",
    ...table(["Target", "Value", "Result"], targets.map((t) => [t.target, t.value, verdict(t.pass)])),
    "",
    `${passed} passed, ${failed} failed.`,
    ...realList(real).flatMap(realDataSection),
    ...(sim ? simulationSection(sim) : []),
    "",
    "## Reading",
    "",
    ...para(
      "The import priors (newcomer offset and deviation) were fitted on London 2026 alone; the second data set " +
        "judges the model on matches it never saw while it was tuned, of another level and without imported " +
        "ratings, so it judges the rest of the model (the unknown player's start, the deviation's weight in the " +
        "prediction, learning across events). Both are small: a bin's rate has a standard error near ±0.05 on " +
        "London, more on a label and on the second set. The simulation only shows that the maths is consistent " +
        "with its own assumptions. An ECE's bootstrap interval sits mostly above the ECE itself (binning noise only " +
        "adds to it), so the target's \"within the baseline's interval\" is the lenient reading; the strict one, at " +
        "most the baseline's ECE, is in the tables. The London figures of the store replay should equal those of the " +
        "in-memory check (`scripts/model_check.ts`, docs/ratings.md): the same ratings, predictions and order, " +
        "through the write path.",
    ),
  ];
  for (const r of realList(real)) {
    for (const l of r.labels) {
      const fav = l.oursFavourite;
      if (l.label === "all" || !fav || fav.calibrated || l.n < MIN_FAVOURITE_MATCHES) continue;
      const under = fav.observed > fav.predicted;
      lines.push(
        "",
        ...para(
          `${r.source.name}, label ${l.label} misses its target: its favourites won ${
            f3(fav.observed)
          } of the ` +
            `time against ${f3(fav.predicted)} predicted (${under ? "underconfident" : "overconfident"}).`,
        ),
      );
    }
  }
  if (ties) lines.push(...tiesSection(ties));
  lines.push("");
  return lines.join("\n");
}
