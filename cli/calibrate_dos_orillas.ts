/**
 * The second real data set of `deno task calibrate` (cli/calibrate.ts): four tournaments of the Liga Dos Orillas
 * 2022 (`../shared/data/liga-dos-orillas-2022/` when present, GNU GPL version 2), the data the model was judged on, never tuned on. This
 * file reads its CSV into the replay's shape: the matches in the order they were played, every player without a
 * prior, and a plain Elo's prediction of each match as the baseline (domain/plain_elo.ts).
 * @module
 */
import { plainEloPredictions } from "../domain/plain_elo.ts";
import type { Score } from "../domain/scoring.ts";
import {
  CalibrateError,
  type LondonData,
  type LondonMatch,
  type LondonPrediction,
  parseCsv,
  type ReplaySource,
} from "./calibrate_data.ts";

/**
 * The default folder: beside London's, in the shared data (`../shared/data/liga-dos-orillas-2022/`): a public
 * data set is kept there with its source and licence, not in this repository.
 */
export const DOS_ORILLAS_DATA_DIR = decodeURIComponent(
  new URL("../../shared/data/liga-dos-orillas-2022/", import.meta.url).pathname,
);

const FILE = "matches.csv";

/** The rounds of a tournament in the order they are played: groups, then the knockout. */
export const ROUND_ORDER: readonly string[] = ["zona", "16avos", "octavos", "cuartos", "semifinal", "final"];

/** The data set as the replay and the report see it. */
export const DOS_ORILLAS_SOURCE: ReplaySource = {
  slug: "calibration-liga-dos-orillas-2022",
  eventName: "Calibration replay: Liga Dos Orillas 2022, tournaments 1 to 4",
  categoryName: "Dos Orillas 2022 singles",
  venue: "Santa Fe and Paraná",
  priors: false,
  name: "Dos Orillas 2022",
  title: "Real data: Liga Dos Orillas 2022 through the store (judged on)",
  about:
    "Four tournaments of the Liga Dos Orillas, Santa Fe and Paraná, Argentina, 27 February to 24 July 2022 " +
    "(`../shared/data/liga-dos-orillas-2022/`, from srvanrell/ranking-table-tennis, GNU GPL version 2): regional players " +
    "in three levels, many of them in several tournaments and levels, none of them in London. Nothing of it was " +
    "used to fit the model. Imported the same way as London, every player without a prior (the league's own " +
    "levels are not on a 400-point scale), and replayed the same way, each tournament on its date in the order " +
    "of its rounds (groups first), so that the weeks between tournaments grow the deviations. The source gives " +
    "games won, not their points: a game is played as 11-0 (ratings and predictions use the result only). The " +
    "baseline is a plain Elo (K 32, everyone from 1500, as London's `p_elo`) replayed in the same order.",
  baseline: "plain Elo",
};

/** "Ferretti, Gustavo" -> "ferretti-gustavo": the player's key, the same name being the same player. */
export function playerKeyOf(name: string): string {
  const key = name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  if (key === "") throw new CalibrateError(`Cannot read "${FILE}": expected a player's name, got "${name}"`);
  return key;
}

/**
 * The games of a result the source gives as games won: the loser's games first, then the winner's, each 11-0.
 * @example
 * gamesOf(3, 1); // [{ home: 0, away: 11 }, { home: 11, away: 0 }, { home: 11, away: 0 }, { home: 11, away: 0 }]
 */
export function gamesOf(setsA: number, setsB: number): Score[] {
  const won = { home: 11, away: 0 };
  const lost = { home: 0, away: 11 };
  const [first, then, count, rest] = setsA > setsB ? [lost, won, setsB, setsA] : [won, lost, setsA, setsB];
  return [...Array.from({ length: count }, () => first), ...Array.from({ length: rest }, () => then)];
}

/** Reads the data set: the matches in replay order with the plain Elo baseline; bookkeeping rows left out. */
export async function readDosOrillasData(dir: string): Promise<LondonData> {
  const path = `${dir.replace(/\/+$/, "")}/${FILE}`;
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    const why = e instanceof Deno.errors.NotFound ? "is missing" : `cannot be read: ${(e as Error).message}`;
    throw new CalibrateError(`Cannot calibrate: the data "${path}" ${why} (pass --second-data DIR)`);
  }
  const rows = parseCsv(text).map((row, i) => {
    const get = (name: string) => {
      const value = row[name];
      if (value === undefined) throw new CalibrateError(`Cannot read "${FILE}": no column "${name}"`);
      return value;
    };
    return {
      line: i + 2,
      tournament: get("tournament"),
      date: get("date"),
      row: Number(get("row")),
      playerA: get("player_a"),
      playerB: get("player_b"),
      setsA: Number(get("sets_a")),
      setsB: Number(get("sets_b")),
      round: get("round"),
      category: get("category"),
    };
  });
  const played = rows.filter((r) => !(r.setsA < 0 && r.setsB < 0));
  for (const r of played) {
    const valid = Math.max(r.setsA, r.setsB) === 3 && Math.min(r.setsA, r.setsB) >= 0 &&
      Math.min(r.setsA, r.setsB) <= 2 && Number.isInteger(r.setsA) && Number.isInteger(r.setsB);
    if (!valid) {
      throw new CalibrateError(
        `Cannot read "${FILE}" line ${r.line}: expected a best of 5 result, got "${r.setsA}-${r.setsB}"`,
      );
    }
    if (!ROUND_ORDER.includes(r.round)) {
      throw new CalibrateError(`Cannot read "${FILE}" line ${r.line}: unknown round "${r.round}"`);
    }
  }
  const ordered = [...played].sort((x, y) =>
    x.date.localeCompare(y.date) || x.tournament.localeCompare(y.tournament) ||
    ROUND_ORDER.indexOf(x.round) - ROUND_ORDER.indexOf(y.round) || x.row - y.row
  );
  if (ordered.length === 0) throw new CalibrateError(`Cannot calibrate: "${FILE}" has no matches`);
  const matches = ordered.map((r, i): LondonMatch => {
    const a = playerKeyOf(r.playerA);
    const b = playerKeyOf(r.playerB);
    return {
      sourceMatchId: i + 1,
      date: r.date,
      playerA: a,
      playerAName: r.playerA,
      playerB: b,
      playerBName: r.playerB,
      winner: r.setsA > r.setsB ? a : b,
      games: gamesOf(r.setsA, r.setsB),
      category: `${r.tournament} ${r.category}`,
    };
  });
  const elo = plainEloPredictions(
    matches.map((m) => ({ home: m.playerA, away: m.playerB, homeWon: m.winner === m.playerA })),
  );
  const predictions = matches.map((m, i): LondonPrediction => ({
    playerA: m.playerA,
    playerB: m.playerB,
    winner: m.winner,
    // No priors: the source has none, and `DOS_ORILLAS_SOURCE.priors` keeps these from being read.
    eloA: Number.NaN,
    eloB: Number.NaN,
    matchesA: 0,
    matchesB: 0,
    pElo: elo[i]!,
  }));
  return { matches, predictions, source: DOS_ORILLAS_SOURCE };
}
