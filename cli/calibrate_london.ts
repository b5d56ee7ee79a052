/**
 * London 2026, the data set the prediction model is tuned on (`deno task calibrate`, cli/calibrate.ts): its CSV
 * files read, and made into the event file the replay imports (players with their frozen ITTF Elo and match
 * counts as priors) and into the singles the tie level rebuilds its ties from.
 */
import { isCountryCode } from "../lib/country_codes.ts";
import type { ReplaySingle } from "./calibrate_ties.ts";
import type { Score } from "../domain/scoring.ts";
import { CalibrateError, parseCsv } from "./calibrate_data.ts";
import type { LondonData, LondonMatch, LondonPrediction, ReplaySource } from "./calibrate_data.ts";
import type { EventFile, MatchInput, PlayerInput } from "../event_file/format.ts";

/** The slug of the event the replay imports; a store that already holds it is refused. */
export const CALIBRATION_SLUG = "calibration-wttc-london-2026";

/** The one category of the replayed event: a knockout whose matches all sit in round 1. */
export const CALIBRATION_CATEGORY = "L";

/** The default data folder: `../shared/data/wttc-london-2026/` from the repository root. */
export const DEFAULT_DATA_DIR = decodeURIComponent(
  new URL("../../shared/data/wttc-london-2026/", import.meta.url).pathname,
);

const MATCHES_FILE = "london_2026_matches.csv";

const PREDICTIONS_FILE = "london_2026_predictions.csv";

/** London 2026: the data set the model is tuned on. */
export const LONDON_SOURCE: ReplaySource = {
  slug: CALIBRATION_SLUG,
  eventName: "Calibration replay: ITTF World Team Championships Finals London 2026",
  categoryName: "London 2026 singles",
  venue: "London",
  priors: true,
  name: "London 2026",
  title: "Real data: London 2026 through the store (tuned on)",
  about:
    "ITTF World Team Championships Finals London 2026 (`../shared/data/wttc-london-2026/`, MIT), the data " +
    "set the model's import priors were fitted on (docs/ratings.md). The players were imported through " +
    "`importEvent` with `elo_*_before` and `cumulative_matches_*` as priors (a player without a predictions row " +
    "had no earlier ITTF match: 1500 after 0 matches), as one knockout category whose matches wait with no " +
    "sides, in a draft event published for the replay (only a published event's results rate players) and set " +
    "back to a draft at its end. Then, in `source_match_id` order, match i at 09:00 + i minutes: its sides were " +
    "set (the draw), its prediction frozen by `freezePrediction`, and it was played through `writeMatch` (start, " +
    "then one write per point from `pointsForScores` of its games, player A at home), which rated it and settled " +
    "the prediction.",
  baseline: "`p_elo`",
};

function column(row: Record<string, string>, name: string, file: string): string {
  const value = row[name];
  if (value === undefined) throw new CalibrateError(`Cannot read "${file}": no column "${name}"`);
  return value;
}

function numberColumn(row: Record<string, string>, name: string, file: string): number {
  const text = column(row, name, file);
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) {
    throw new CalibrateError(`Cannot read "${file}": "${name}" should be a number, got "${text}"`);
  }
  return value;
}

/** "8:11 11:9" (player A first) as game scores, player A as home. */
function parseGames(text: string, file: string): Score[] {
  return text.trim().split(/\s+/).map((game) => {
    const m = /^(\d+):(\d+)$/.exec(game);
    if (!m) {
      throw new CalibrateError(`Cannot read "${file}": "${game}" is not a game score like "11:9"`);
    }
    return { home: Number(m[1]), away: Number(m[2]) };
  });
}

/**
 * Reads the two CSVs of the London 2026 data; throws a `CalibrateError` with a one-line message when the
 * folder or a file is missing or malformed.
 */
export async function readLondonData(dir: string): Promise<LondonData> {
  const read = async (name: string) => {
    const path = `${dir.replace(/\/+$/, "")}/${name}`;
    try {
      return await Deno.readTextFile(path);
    } catch (e) {
      const hint = `pass --data DIR, the folder holding ${MATCHES_FILE} and ${PREDICTIONS_FILE}`;
      if (e instanceof Deno.errors.NotFound) {
        throw new CalibrateError(`Cannot calibrate: the data "${path}" is missing (${hint})`);
      }
      throw new CalibrateError(
        `Cannot calibrate: cannot read "${path}": ${(e as Error).message.split("\n")[0]} (${hint})`,
      );
    }
  };
  // One after the other, so that a missing folder is always reported by the same file.
  const matchText = await read(MATCHES_FILE);
  const predictionText = await read(PREDICTIONS_FILE);
  const matches = parseCsv(matchText).map((row): LondonMatch => ({
    sourceMatchId: numberColumn(row, "source_match_id", MATCHES_FILE),
    date: column(row, "match_date", MATCHES_FILE),
    playerA: column(row, "player_a_id", MATCHES_FILE),
    playerAName: column(row, "player_a_name", MATCHES_FILE),
    playerB: column(row, "player_b_id", MATCHES_FILE),
    playerBName: column(row, "player_b_name", MATCHES_FILE),
    winner: column(row, "winner_id", MATCHES_FILE),
    games: parseGames(column(row, "games", MATCHES_FILE), MATCHES_FILE),
    category: column(row, "category", MATCHES_FILE),
  })).sort((x, y) => x.sourceMatchId - y.sourceMatchId);
  const predictions = parseCsv(predictionText).map((row): LondonPrediction => ({
    playerA: column(row, "player_a_id", PREDICTIONS_FILE),
    playerB: column(row, "player_b_id", PREDICTIONS_FILE),
    winner: column(row, "winner_id", PREDICTIONS_FILE),
    eloA: numberColumn(row, "elo_a_before", PREDICTIONS_FILE),
    eloB: numberColumn(row, "elo_b_before", PREDICTIONS_FILE),
    matchesA: numberColumn(row, "cumulative_matches_a", PREDICTIONS_FILE),
    matchesB: numberColumn(row, "cumulative_matches_b", PREDICTIONS_FILE),
    pElo: numberColumn(row, "p_elo", PREDICTIONS_FILE),
  }));
  if (matches.length === 0) {
    throw new CalibrateError(`Cannot calibrate: "${MATCHES_FILE}" has no matches`);
  }
  return { matches, predictions };
}

const playerKey = (id: string) => `p${id}`;

export const entryKey = (id: string) => `e${id}`;

export const matchKey = (m: LondonMatch) => `m${m.sourceMatchId}`;

/** "ARAPOVIC Hana (CRO)" -> name and association, which is the player's country when it is a code ("CRO"). */
export function splitName(
  text: string,
): { displayName: string; association: string | null; country?: string } {
  const m = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(text.trim());
  if (!m) return { displayName: text.trim(), association: null };
  return { displayName: m[1]!, association: m[2]!, ...(isCountryCode(m[2]) ? { country: m[2] } : {}) };
}

/**
 * The prior of a player the data names in no predictions row: the rows are the matches in which both players
 * had earlier ITTF matches, so such a player had none, and the source's Elo of them is its start, 1500 after 0
 * matches. Without it the player would enter at the 1500 / 350 of a player nobody knows anything about, not as
 * the typical newcomer `ratingFromPrior` makes of a source's start.
 */
export const NEW_TO_SOURCE = { rating: 1500, matchCount: 0 } as const;

/**
 * The import file of the replay: every player, with the prior of the first predictions row that names them when the
 * source has priors (`elo_*_before`, `cumulative_matches_*`; a player with no row gets `NEW_TO_SOURCE`), without one
 * otherwise, and one knockout category whose matches (the first `limit`) all wait in round 1, each at its own
 * position, with no sides yet, so that nothing is predicted at import.
 */
export function londonEventFile(data: LondonData, limit = data.matches.length): EventFile {
  const source = data.source ?? LONDON_SOURCE;
  const priors = new Map<string, { rating: number; matchCount: number }>();
  for (const row of source.priors ? data.predictions : []) {
    if (!priors.has(row.playerA)) priors.set(row.playerA, { rating: row.eloA, matchCount: row.matchesA });
    if (!priors.has(row.playerB)) priors.set(row.playerB, { rating: row.eloB, matchCount: row.matchesB });
  }
  const players = new Map<string, PlayerInput>();
  for (const m of data.matches) {
    for (const [id, name] of [[m.playerA, m.playerAName], [m.playerB, m.playerBName]] as const) {
      if (players.has(id)) continue;
      players.set(id, {
        id: playerKey(id),
        // No federation id: with one, the player would be the same row as that person in any other event of the
        // store (db/ids.ts), and the replay would move their rating.
        ...splitName(name),
        ...(source.priors ? { prior: priors.get(id) ?? { ...NEW_TO_SOURCE } } : {}),
      });
    }
  }
  const dates = data.matches.map((m) => m.date).sort();
  const matches = data.matches.slice(0, limit).map((m, i): MatchInput => ({
    id: matchKey(m),
    stage: "knockout",
    round: 1,
    position: i,
    home: null,
    away: null,
    status: "scheduled",
  }));
  return {
    format: "tt-event/1",
    event: {
      slug: source.slug,
      name: source.eventName,
      venue: source.venue,
      startDate: dates[0]!,
      endDate: dates.at(-1)!,
      // A draft: the benchmark's players must not reach a public leaderboard of the store it runs on.
      status: "draft",
      description: "Singles of the team event replayed by deno task calibrate (cli/calibrate.ts).",
    },
    players: [...players.values()],
    categories: [{
      id: CALIBRATION_CATEGORY,
      name: source.categoryName,
      kind: "singles",
      format: "knockout",
      bestOf: 5,
      entries: [...players.keys()].map((id) => ({ id: entryKey(id), players: [playerKey(id)] })),
      matches,
    }],
  };
}

/**
 * The London singles as the tie rebuild sees them (the first `limit`): each player's team is the association in
 * their name, player A at home.
 */
export function londonReplaySingles(data: LondonData, limit = data.matches.length): ReplaySingle[] {
  const side = (player: string, name: string) => ({ player, team: splitName(name).association ?? name });
  return data.matches.slice(0, limit).map((m, index) => ({
    index,
    id: m.sourceMatchId,
    category: m.category,
    home: side(m.playerA, m.playerAName),
    away: side(m.playerB, m.playerBName),
    winner: m.winner === m.playerA ? "home" : "away",
  }));
}

/** The frozen Elo of each player, from the first predictions row that names them (the event's priors). */
export function frozenElo(data: LondonData): Map<string, number> {
  const elo = new Map<string, number>();
  for (const row of data.predictions) {
    if (!elo.has(row.playerA)) elo.set(row.playerA, row.eloA);
    if (!elo.has(row.playerB)) elo.set(row.playerB, row.eloB);
  }
  return elo;
}
