/**
 * `deno task calibrate`: the calibration benchmark of the prediction model, in two parts, printed and saved to
 * docs/calibration.md.
 *
 * - Real data: London 2026 (857 singles, `../shared/data/wttc-london-2026/`) replayed through the real store and
 *   write path. The players come in through `importEvent` with their frozen ITTF Elo and match counts as priors;
 *   each match then gets its two sides (the draw), a prediction frozen by `freezePrediction` from the ratings of
 *   that moment, and is played point by point through `writeMatch`, which rates it and settles the prediction's
 *   outcome. The 822 matches with `p_elo` are scored side by side with it.
 * - Real data judged on: four tournaments of the Liga Dos Orillas 2022 (`../shared/data/liga-dos-orillas-2022/` when present,
 *   cli/calibrate_dos_orillas.ts), replayed the same way into another event of the same store, every player without
 *   a prior, beside a plain Elo replayed in the same order. The model's import priors were fitted on London only.
 * - Simulation: `simulateTournaments` with known true strengths, several seeds pooled.
 * - Ties: the ties of the event rebuilt from the singles (cli/calibrate_ties.ts, domain/tie_rebuild.ts); before each
 *   single's draw the replay also predicts the matches its tie still has to play, from which each tie is predicted
 *   before it starts and live after each match, beside the same computation from `p_elo`.
 *
 * Flags: `--data DIR`, `--second-data DIR`, `--database-url URL` (default an in-memory SQLite; DATABASE_URL is deliberately not read,
 * so that the benchmark never writes into a live store by accident), `--seeds N`, `--limit N` (replay the first
 * N matches only), `--out FILE`, `--strict` (exit 1 when a target fails). Figures and reading: docs/ratings.md.
 * @module
 */
import { isCountryCode } from "../lib/country_codes.ts";
import { ConfigError, parseDatabaseUrl, redact } from "./config.ts";
import type { StoreUrl } from "../lib/store_url.ts";
import { stderrLogger } from "../lib/log.ts";
import {
  accuracy,
  brier,
  expectedCalibrationError,
  intervalCoverage,
  logLoss,
  type ReliabilityBin,
  reliabilityTable,
  type SimulatedMatch,
  simulateTournaments,
} from "../domain/calibration.ts";
import { bootstrapInterval } from "../domain/bootstrap.ts";
import { type ConfidenceLabel, type MatchPrediction, predictMatch } from "../domain/prediction.ts";
import { inflateDeviation } from "../domain/glicko2.ts";
import { idleDays, loadRatings } from "../db/ratings_store.ts";
import {
  type FrozenSingle,
  planTies,
  type ReplaySingle,
  type TieCalibration,
  tieCalibration,
  type TiePlan,
} from "./calibrate_ties.ts";
import { pointsForScores, type Score, type Side } from "../domain/scoring.ts";
import { DOS_ORILLAS_DATA_DIR, DOS_ORILLAS_SOURCE, readDosOrillasData } from "./calibrate_dos_orillas.ts";
import {
  CalibrateError,
  type LondonData,
  type LondonMatch,
  type LondonPrediction,
  parseCsv,
  type ReplaySource,
} from "./calibrate_data.ts";
import { entryIdFor, eventIdFor, matchIdFor } from "../db/ids.ts";
import { importEvent } from "../event_file/import.ts";
import type { EventFile, MatchInput, PlayerInput } from "../event_file/format.ts";
import { writeMatch } from "../db/match_writes.ts";
import { setEventStatus } from "../db/manage_writes.ts";
import { freezePrediction } from "../db/predictions_store.ts";
import { bumpRevision } from "../db/revision.ts";
import type { PredictionTable } from "../db/schema.ts";
import { openStore, type Store } from "../db/store.ts";
import { writeTransaction } from "../db/write_transaction.ts";

/** The slug of the event the replay imports; a store that already holds it is refused. */
export const CALIBRATION_SLUG = "calibration-wttc-london-2026";
/** The one category of the replayed event: a knockout whose matches all sit in round 1. */
export const CALIBRATION_CATEGORY = "L";
/** The confidence labels, in the order the report lists them. */
export const LABELS: readonly ConfidenceLabel[] = ["high", "medium", "low", "insufficient"];
/** The default data folder: `../shared/data/wttc-london-2026/` from the repository root. */
export const DEFAULT_DATA_DIR = decodeURIComponent(
  new URL("../../shared/data/wttc-london-2026/", import.meta.url).pathname,
);
/** Where the report is saved by default. */
export const DEFAULT_REPORT_PATH = decodeURIComponent(
  new URL("../docs/calibration.md", import.meta.url).pathname,
);
/** Seeds pooled in the simulation by default: one seed alone is mostly binning noise (docs/ratings.md). */
export const DEFAULT_SEEDS = 20;
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

const MATCHES_FILE = "london_2026_matches.csv";
const PREDICTIONS_FILE = "london_2026_predictions.csv";
const MINUTE_MS = 60_000;

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
const entryKey = (id: string) => `e${id}`;
const matchKey = (m: LondonMatch) => `m${m.sourceMatchId}`;

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

/** The frozen part of a stored prediction (everything but the outcome). */
export type FrozenPrediction = Omit<PredictionTable, "outcome">;

/** One replayed match: its frozen prediction as stored at the end, what happened, and the benchmark's p_elo. */
export interface ReplayedMatch {
  readonly sourceMatchId: number;
  readonly matchId: string;
  readonly pHome: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly label: ConfidenceLabel;
  /** 1 when player A (home) won, from the data. */
  readonly outcome: 0 | 1;
  /** The outcome the store settled on the prediction ("home" / "away"). */
  readonly storedOutcome: string | null;
  /** The benchmark's P(player A wins), null for the matches it does not predict. */
  readonly pElo: number | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  /** The prediction as read right after it was frozen, and as stored at the end of the replay. */
  readonly frozen: FrozenPrediction;
  readonly final: FrozenPrediction;
}

/** What a replay did. */
export interface ReplayResult {
  readonly matches: readonly ReplayedMatch[];
  /** Point writes, one transaction each. */
  readonly points: number;
  /** Wall-clock time of the replay, the time in `ReplayOptions.beforeDraw` left out. */
  readonly seconds: number;
}

/** Options of `replayLondon`. */
export interface ReplayOptions {
  /** Replay the first `limit` matches only (all by default). */
  readonly limit?: number;
  /**
   * Time of the first match; match i is at base + i minutes. Default: each match on its own date, the day's k-th
   * at 09:00 UTC + k minutes, so that the days between a data set's events grow the deviations.
   */
  readonly base?: Date;
  /** Called after each match (progress). */
  readonly onMatch?: (done: number, total: number) => void;
  /**
   * Called before match `index` is drawn, with `predict`: the model's prediction of any two players of the data
   * (player ids of the CSV) from the store's ratings at that moment, made as `freezePrediction` makes one. Its
   * time is left out of the replay's `seconds`.
   */
  readonly beforeDraw?: (index: number, predict: PairPredictor) => Promise<void>;
}

/** The model's prediction of player A (home) against player B, best of 5, from the store's current ratings. */
export type PairPredictor = (playerA: string, playerB: string) => Promise<MatchPrediction>;

/** A `PairPredictor` on the replay's store at `at` (ISO time): each player's rating, its deviation grown since. */
function pairPredictor(store: Store, slug: string, at: string): PairPredictor {
  return async (playerA, playerB) => {
    const entryIds = [playerA, playerB].map((id) => entryIdFor(slug, CALIBRATION_CATEGORY, entryKey(id)));
    const entries = await store.db.selectFrom("entries").select(["id", "player1_id"]).where(
      "id",
      "in",
      entryIds,
    )
      .execute();
    const playerOf = (entryId: string) => {
      const entry = entries.find((e) => e.id === entryId);
      if (!entry) throw new CalibrateError(`Cannot predict a pair: entry "${entryId}" is not in the store`);
      return entry.player1_id;
    };
    const [a, b] = entryIds.map(playerOf) as [string, string];
    const ratings = await loadRatings(store.db, [a, b]);
    const side = (id: string) => {
      const r = ratings.get(id);
      if (!r) throw new CalibrateError(`Cannot predict a pair: player "${id}" has no rating`);
      const grown = inflateDeviation(r, idleDays(r.lastPlayedAt, at));
      return { rating: grown.rating, deviation: grown.deviation, matchCount: r.matchCount };
    };
    return predictMatch(side(a), side(b), 5);
  };
}

function frozenPart(row: PredictionTable): FrozenPrediction {
  const { outcome: _outcome, ...rest } = row;
  return { ...rest };
}

/**
 * Replays the data through the store: imports the event, then per match in `source_match_id` order sets its two
 * sides, freezes its prediction, starts it and writes its points (from `pointsForScores` of its games) through
 * `writeMatch`. Each match is played on its date, the day's k-th at 09:00 + k minutes (or match i at base + i
 * minutes), so the idle-day inflation of deviations applies between a data set's events, never within a day. Returns each match with its stored prediction and
 * the benchmark's `p_elo`, paired in order by player ids and winner.
 */
export async function replayLondon(
  store: Store,
  data: LondonData,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const limit = Math.min(options.limit ?? data.matches.length, data.matches.length);
  const slug = (data.source ?? LONDON_SOURCE).slug;
  const times = matchTimes(data.matches.slice(0, limit), options.base);
  const first = times[0] ?? Date.parse(`${data.matches[0]!.date}T09:00:00.000Z`);
  const existing = await store.db.selectFrom("events").select("id").where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) {
    throw new CalibrateError(
      `Cannot calibrate: the store already holds event "${slug}" (use an empty store)`,
    );
  }
  const started = performance.now();
  const eventId = eventIdFor(slug);
  await importEvent(store, londonEventFile(data, limit), () => new Date(first - 60 * MINUTE_MS));
  const entryId = (playerId: string) => entryIdFor(slug, CALIBRATION_CATEGORY, entryKey(playerId));
  const ctx = (at: number) => ({ actor: "calibrate", now: new Date(at) });

  // Only a published event's results rate players (db/ratings_store.ts, RATED_EVENT_STATUS): the replay publishes
  // the event for its matches to move the ratings, and sets it back to a draft at the end, whatever happens, so
  // that the store it ran on keeps no rating from it (unpublishing rebuilds the ratings without it).
  await setEventStatus(store, slug, "published", ctx(first - 30 * MINUTE_MS));
  try {
    const out: ReplayedMatch[] = [];
    let points = 0;
    let aside = 0; // milliseconds in `beforeDraw`, left out of the replay's time
    let next = 0; // the predictions rows follow the matches in order
    for (let i = 0; i < limit; i++) {
      const source = data.matches[i]!;
      const matchId = matchIdFor(slug, CALIBRATION_CATEGORY, matchKey(source));
      const at = times[i]!;
      const drawnAt = new Date(at).toISOString();
      if (options.beforeDraw) {
        const asideFrom = performance.now();
        await options.beforeDraw(i, pairPredictor(store, slug, drawnAt));
        aside += performance.now() - asideFrom;
      }
      // The draw: both sides become known, and the prediction is frozen from the ratings of this moment.
      const frozen = await writeTransaction(store.db, async (trx) => {
        const row = await trx.updateTable("matches")
          .set((eb) => ({
            home_entry_id: entryId(source.playerA),
            away_entry_id: entryId(source.playerB),
            revision: eb("revision", "+", 1),
            updated_at: drawnAt,
          }))
          .where("id", "=", matchId).returningAll().executeTakeFirstOrThrow();
        await bumpRevision(trx, eventId);
        await freezePrediction(trx, row, drawnAt);
        return await trx.selectFrom("predictions").selectAll().where("match_id", "=", matchId)
          .executeTakeFirst();
      });
      if (!frozen) {
        throw new CalibrateError(
          `Cannot calibrate: no prediction was frozen for match "${source.sourceMatchId}"`,
        );
      }
      const firstServer: Side = "home";
      const sequence = pointsForScores(source.games, { home: 0, away: 0 }, { bestOf: 5, firstServer });
      // Play starts a second after the draw and its points spread over the rest of the minute.
      const startAt = at + 1000;
      const step = Math.floor(58_000 / Math.max(1, sequence.length));
      await writeMatch(store, matchId, { type: "start", firstServer }, ctx(startAt));
      for (let k = 0; k < sequence.length; k++) {
        await writeMatch(
          store,
          matchId,
          { type: "point", side: sequence[k]! },
          ctx(startAt + (k + 1) * step),
        );
      }
      points += sequence.length;

      const row = await store.db.selectFrom("matches").selectAll().where("id", "=", matchId)
        .executeTakeFirstOrThrow();
      const final = await store.db.selectFrom("predictions").selectAll().where("match_id", "=", matchId)
        .executeTakeFirstOrThrow();
      if (row.status !== "completed") {
        throw new CalibrateError(
          `Cannot calibrate: match "${source.sourceMatchId}" is "${row.status}" after its points`,
        );
      }
      let pElo: number | null = null;
      const candidate = data.predictions[next];
      if (
        candidate && candidate.playerA === source.playerA && candidate.playerB === source.playerB &&
        candidate.winner === source.winner
      ) {
        pElo = candidate.pElo;
        next++;
      }
      out.push({
        sourceMatchId: source.sourceMatchId,
        matchId,
        pHome: final.p_home,
        ciLow: final.ci_low,
        ciHigh: final.ci_high,
        label: final.confidence_label as ConfidenceLabel,
        outcome: source.winner === source.playerA ? 1 : 0,
        storedOutcome: final.outcome,
        pElo,
        createdAt: final.created_at,
        startedAt: row.started_at,
        frozen: frozenPart(frozen),
        final: frozenPart(final),
      });
      options.onMatch?.(i + 1, limit);
    }
    if (limit === data.matches.length && next !== data.predictions.length) {
      throw new CalibrateError(
        `Cannot pair the predictions with the matches: paired ${next} of ${data.predictions.length} rows`,
      );
    }
    return { matches: out, points, seconds: (performance.now() - started - aside) / 1000 };
  } finally {
    await setEventStatus(store, slug, "draft", ctx((times.at(-1) ?? first) + 2 * MINUTE_MS));
  }
}

/**
 * When each match is played (epoch ms): match i at base + i minutes, or without a base each on its own date, the
 * day's k-th at 09:00 UTC + k minutes.
 * @example
 * matchTimes([{ date: "2022-02-27" }, { date: "2022-02-27" }, { date: "2022-03-27" }]);
 * // 09:00 and 09:01 on 27 February, 09:00 on 27 March
 */
export function matchTimes(matches: readonly { readonly date: string }[], base?: Date): number[] {
  const perDay = new Map<string, number>();
  return matches.map((m, i) => {
    if (base) return base.getTime() + i * MINUTE_MS;
    const k = perDay.get(m.date) ?? 0;
    perDay.set(m.date, k + 1);
    return Date.parse(`${m.date}T09:00:00.000Z`) + k * MINUTE_MS;
  });
}

/** Proper scores of a set of predictions. */
export interface ScoreLine {
  readonly n: number;
  readonly logLoss: number;
  readonly brier: number;
  readonly accuracy: number;
  /** Expected calibration error over 10 equal-width bins. */
  readonly ece: number;
  /** Its 95% percentile bootstrap interval over the matches (1,000 resamples, seed 1). */
  readonly eceLow: number;
  readonly eceHigh: number;
}

/**
 * Calibration seen from the favourite: its mean predicted probability against how often it won, with two
 * standard errors of the observed rate under the predictions, 2 sqrt(sum p(1-p)) / n. Calibrated when the
 * difference is within them.
 */
export interface FavouriteView {
  readonly predicted: number;
  readonly observed: number;
  readonly twoSe: number;
  readonly calibrated: boolean;
}

/** The scores of one confidence label (or "all"), ours and p_elo on the same matches. */
export interface LabelReport {
  readonly label: ConfidenceLabel | "all";
  readonly n: number;
  readonly ours: ScoreLine | null;
  readonly elo: ScoreLine | null;
  readonly oursFavourite: FavouriteView | null;
  readonly eloFavourite: FavouriteView | null;
  /** Mean width of our 90% interval. */
  readonly meanWidth: number | null;
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] } | null;
}

/** Checks on the write path: every prediction frozen before its match started, never changed, settled right. */
export interface ReplayIntegrity {
  readonly total: number;
  readonly frozenBeforeStart: number;
  readonly unchanged: number;
  readonly outcomesAgree: number;
}

/** The real-data part of the report, one per data set. */
export interface RealDataReport {
  readonly source: ReplaySource;
  /** The store it ran on (password hidden). */
  readonly store: string;
  readonly replayed: number;
  readonly scored: number;
  readonly points: number;
  readonly seconds: number;
  readonly integrity: ReplayIntegrity;
  /** On the matches with p_elo. */
  readonly ours: ScoreLine;
  readonly elo: ScoreLine;
  /** On every replayed match. */
  readonly oursAll: ScoreLine;
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] };
  /** The four labels, then "all". */
  readonly labels: readonly LabelReport[];
}

/** Scores of predictions against outcomes (10 bins for the ECE). */
export function scoreLine(ps: readonly number[], ys: readonly number[]): ScoreLine {
  const ece = bootstrapInterval(ps, ys, (p, y) => expectedCalibrationError(p, y), { seed: 1 });
  return {
    n: ps.length,
    logLoss: logLoss(ps, ys),
    brier: brier(ps, ys),
    accuracy: accuracy(ps, ys),
    ece: ece.value,
    eceLow: ece.low,
    eceHigh: ece.high,
  };
}

/**
 * The favourite's view of predictions: mean of max(p, 1 - p) against the favourite's win rate, calibrated when
 * they differ by no more than two standard errors, 2 sqrt(sum p(1-p)) / n (the spread of the observed rate if the
 * predictions are right). An even 0.5 counts home as the favourite.
 * @example
 * favouriteView([0.8, 0.3], [1, 0]); // predicted 0.75, observed 1, twoSe 2 sqrt(0.16 + 0.21) / 2 = 0.608: calibrated
 */
export function favouriteView(ps: readonly number[], ys: readonly number[]): FavouriteView {
  let predicted = 0;
  let observed = 0;
  let variance = 0;
  ps.forEach((p, i) => {
    const fav = Math.max(p, 1 - p);
    predicted += fav;
    observed += (p >= 0.5 ? ys[i] : 1 - (ys[i] ?? 0)) ?? 0;
    variance += fav * (1 - fav);
  });
  const n = ps.length;
  const twoSe = (2 * Math.sqrt(variance)) / n;
  return {
    predicted: predicted / n,
    observed: observed / n,
    twoSe,
    calibrated: Math.abs(observed / n - predicted / n) <= twoSe,
  };
}

const sameFrozen = (a: FrozenPrediction, b: FrozenPrediction) =>
  (Object.keys(a) as (keyof FrozenPrediction)[]).every((k) => a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

/** Scores a replay: ours and p_elo on the matches that have p_elo, overall, by bin and by confidence label. */
export function scoreReplay(
  replay: ReplayResult,
  store: string,
  source: ReplaySource = LONDON_SOURCE,
): RealDataReport {
  const all = replay.matches;
  const rated = all.filter((m) => m.pElo !== null);
  if (rated.length === 0) throw new CalibrateError("Cannot score the replay: no match has a p_elo");
  const ours = rated.map((m) => m.pHome);
  const elo = rated.map((m) => m.pElo ?? 0.5);
  const ys = rated.map((m) => m.outcome);
  const labels = [...LABELS, "all" as const].map((label): LabelReport => {
    const subset = rated.filter((m) => label === "all" || m.label === label);
    if (subset.length === 0) {
      return {
        label,
        n: 0,
        ours: null,
        elo: null,
        oursFavourite: null,
        eloFavourite: null,
        meanWidth: null,
        reliability: null,
      };
    }
    const p = subset.map((m) => m.pHome);
    const pe = subset.map((m) => m.pElo ?? 0.5);
    const y = subset.map((m) => m.outcome);
    return {
      label,
      n: subset.length,
      ours: scoreLine(p, y),
      elo: scoreLine(pe, y),
      oursFavourite: favouriteView(p, y),
      eloFavourite: favouriteView(pe, y),
      meanWidth: subset.reduce((s, m) => s + m.ciHigh - m.ciLow, 0) / subset.length,
      reliability: { ours: reliabilityTable(p, y), elo: reliabilityTable(pe, y) },
    };
  });
  return {
    source,
    store,
    replayed: all.length,
    scored: rated.length,
    points: replay.points,
    seconds: replay.seconds,
    integrity: {
      total: all.length,
      frozenBeforeStart:
        all.filter((m) => m.startedAt !== null && Date.parse(m.createdAt) <= Date.parse(m.startedAt))
          .length,
      unchanged: all.filter((m) => sameFrozen(m.frozen, m.final)).length,
      outcomesAgree: all.filter((m) => m.storedOutcome === (m.outcome === 1 ? "home" : "away")).length,
    },
    ours: scoreLine(ours, ys),
    elo: scoreLine(elo, ys),
    oursAll: scoreLine(all.map((m) => m.pHome), all.map((m) => m.outcome)),
    reliability: { ours: reliabilityTable(ours, ys), elo: reliabilityTable(elo, ys) },
    labels,
  };
}

/** One line of the simulation: a format or a label, pooled over the seeds. */
export interface SimulationLine {
  readonly setting: string;
  readonly n: number;
  readonly ece: number;
  /** Share of matches whose 90% interval holds the true win probability. */
  readonly coverage: number;
  readonly meanWidth: number;
  readonly logLoss: number;
  /** Log loss of the true probabilities: the floor no model can beat on these outcomes. */
  readonly truthLogLoss: number;
  readonly favourite: FavouriteView;
}

/** The simulation part of the report. */
export interface SimulationReport {
  readonly seeds: number;
  /** Best of 3, 5 and 7. */
  readonly formats: readonly SimulationLine[];
  /** Each confidence label, pooled over the three formats. */
  readonly labels: readonly SimulationLine[];
}

function simulationLine(setting: string, sims: readonly SimulatedMatch[]): SimulationLine {
  const ps = sims.map((m) => m.pHome);
  const ys = sims.map((m) => m.outcome);
  const truth = sims.map((m) => m.trueP);
  return {
    setting,
    n: sims.length,
    ece: expectedCalibrationError(ps, ys),
    coverage: intervalCoverage(sims.map((m) => m.ciLow), sims.map((m) => m.ciHigh), truth),
    meanWidth: sims.reduce((s, m) => s + m.ciHigh - m.ciLow, 0) / sims.length,
    logLoss: logLoss(ps, ys),
    truthLogLoss: logLoss(truth, ys),
    favourite: favouriteView(ps, ys),
  };
}

/**
 * Plays `simulateTournaments` (64 players x 6 tournaments x 7 rounds) for seeds 1..`seeds` in best of 3, 5 and 7,
 * and measures ECE and 90% interval coverage of the true win probability per format and per label.
 */
export function simulationReport(seeds = DEFAULT_SEEDS): SimulationReport {
  const byFormat = [3, 5, 7].map((bestOf) => ({
    bestOf,
    sims: Array.from({ length: seeds }, (_, s) => simulateTournaments({ seed: s + 1, bestOf })).flat(),
  }));
  const pooled = byFormat.flatMap((f) => f.sims);
  return {
    seeds,
    formats: byFormat.map((f) => simulationLine(`best of ${f.bestOf}`, f.sims)),
    labels: LABELS.map((label) => ({ label, sims: pooled.filter((m) => m.confidenceLabel === label) }))
      .filter((l) => l.sims.length > 0).map((l) => simulationLine(`label ${l.label}`, l.sims)),
  };
}

/** One target and whether it is met; `pass` is null when there is nothing to judge. */
export interface TargetResult {
  readonly target: string;
  readonly value: string;
  readonly pass: boolean | null;
}

const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);
const f4 = (x: number) => x.toFixed(4);
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

function realList(real: RealDataReport | readonly RealDataReport[] | null): readonly RealDataReport[] {
  if (real === null) return [];
  return "source" in real ? [real as RealDataReport] : real as readonly RealDataReport[];
}

const verdict = (pass: boolean | null) => (pass === null ? "n/a" : pass ? "PASS" : "FAIL");
const orDash = (x: number | null | undefined, format: (x: number) => string) =>
  x === null || x === undefined ? "-" : format(x);

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

/** One stage of the ties: ours and the baseline on the ties the baseline predicts. */
export interface TieStageLine {
  readonly stage: string;
  readonly n: number;
  readonly ours: ScoreLine;
  readonly elo: ScoreLine;
}

/** The pre-tie predictions of one confidence label (or "all"). */
export interface TieLabelLine {
  readonly label: ConfidenceLabel | "all";
  readonly n: number;
  readonly ours: ScoreLine;
  readonly oursFavourite: FavouriteView;
  readonly meanWidth: number;
}

/** The tie-level part of the report. */
export interface TieReport {
  readonly calibration: Omit<TieCalibration, "predictions">;
  /** Before the tie, every tie (ours only: the baseline misses a player's Elo on some). */
  readonly preAll: ScoreLine;
  readonly stages: readonly TieStageLine[];
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] };
  readonly labels: readonly TieLabelLine[];
}

/** Scores the tie-level predictions: per stage against the baseline, reliability and labels before the tie. */
export function scoreTies(calibration: TieCalibration): TieReport {
  const { predictions, ...rest } = calibration;
  const paired = predictions.filter((p) => p.elo !== null);
  const line = (stage: string, subset: typeof predictions): TieStageLine[] =>
    subset.length === 0 ? [] : [{
      stage,
      n: subset.length,
      ours: scoreLine(subset.map((p) => p.ours), subset.map((p) => p.outcome)),
      elo: scoreLine(subset.map((p) => p.elo ?? 0.5), subset.map((p) => p.outcome)),
    }];
  const pre = predictions.filter((p) => p.stage === 0);
  const prePaired = paired.filter((p) => p.stage === 0);
  const labels = [...LABELS, "all" as const].flatMap((label): TieLabelLine[] => {
    const subset = pre.filter((p) => label === "all" || p.pre?.confidenceLabel === label);
    if (subset.length === 0) return [];
    const ps = subset.map((p) => p.ours);
    const ys = subset.map((p) => p.outcome);
    return [{
      label,
      n: subset.length,
      ours: scoreLine(ps, ys),
      oursFavourite: favouriteView(ps, ys),
      meanWidth: subset.reduce((sum, p) => sum + (p.pre ? p.pre.ciHigh - p.pre.ciLow : 0), 0) / subset.length,
    }];
  });
  return {
    calibration: rest,
    preAll: scoreLine(pre.map((p) => p.ours), pre.map((p) => p.outcome)),
    stages: [
      ...line("before the tie", prePaired),
      ...[1, 2, 3, 4].flatMap((k) => line(`after match ${k}`, paired.filter((p) => p.stage === k))),
      ...line("live, after matches 1-4 pooled", paired.filter((p) => p.stage > 0)),
    ],
    reliability: {
      ours: reliabilityTable(prePaired.map((p) => p.ours), prePaired.map((p) => p.outcome)),
      elo: reliabilityTable(prePaired.map((p) => p.elo ?? 0.5), prePaired.map((p) => p.outcome)),
    },
    labels,
  };
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

/** Where the command writes: `out` for the report (stdout), `err` for problems and progress (stderr). */
export interface CalibrateIo {
  out(text: string): void;
  err(line: string): void;
}

/** The usage line. */
export const CALIBRATE_USAGE =
  "Usage: deno task calibrate [--data DIR] [--second-data DIR] [--database-url URL] " +
  "[--seeds N] [--limit N] [--out FILE] [--strict]";

/** Parsed flags of the command. */
export interface CalibrateFlags {
  readonly dataDir: string;
  /** The data set judged on (cli/calibrate_dos_orillas.ts). */
  readonly secondDataDir: string;
  readonly databaseUrl: StoreUrl;
  readonly seeds: number;
  readonly limit: number | undefined;
  readonly out: string;
  readonly strict: boolean;
}

/** Reads `--name value` or `--name=value` flags; throws a `ConfigError` naming the flag that is wrong. */
export function parseCalibrateFlags(args: readonly string[]): CalibrateFlags {
  const values = new Map<string, string>();
  let strict = false;
  const names = ["data", "second-data", "database-url", "seeds", "limit", "out"];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--strict") {
      strict = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new ConfigError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!names.includes(name)) throw new ConfigError(`Unknown flag "${arg}"`);
    const value = inline ?? args[++i];
    if (value === undefined || value === "") throw new ConfigError(`Flag "--${name}" needs a value`);
    values.set(name, value);
  }
  const positive = (name: string): number | undefined => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      throw new ConfigError(`Invalid "--${name}" "${text}": expected a whole number from 1`);
    }
    return Number(text);
  };
  return {
    dataDir: values.get("data") ?? DEFAULT_DATA_DIR,
    secondDataDir: values.get("second-data") ?? DOS_ORILLAS_DATA_DIR,
    databaseUrl: parseDatabaseUrl(values.get("database-url") ?? "sqlite::memory:"),
    seeds: positive("seeds") ?? DEFAULT_SEEDS,
    limit: positive("limit"),
    out: values.get("out") ?? DEFAULT_REPORT_PATH,
    strict,
  };
}

/**
 * Runs the command: reads the data, replays it through the store, simulates, prints the report and saves it.
 * Returns the exit code: 0 (1 with `--strict` when a target fails), 1 when the data or the store fails (one line
 * on stderr), 2 for a usage error.
 */
export async function runCalibrate(args: readonly string[], io: CalibrateIo): Promise<number> {
  let flags: CalibrateFlags;
  try {
    flags = parseCalibrateFlags(args);
  } catch (e) {
    io.err(`${(e as Error).message}\n${CALIBRATE_USAGE}`);
    return 2;
  }
  let data: LondonData;
  let second: LondonData | null = null;
  try {
    data = await readLondonData(flags.dataDir);
    // The second data set is judged on where it is present (docs/calibration.md says where it comes from).
    if (await exists(flags.secondDataDir)) second = await readDosOrillasData(flags.secondDataDir);
    else stderrLogger.info(`No second data set at ${flags.secondDataDir}: London alone is scored`);
  } catch (e) {
    io.err(oneLine(e));
    return 1;
  }
  let store: Store;
  try {
    store = await openStore(flags.databaseUrl);
  } catch (e) {
    io.err(`Cannot open the store "${redact(flags.databaseUrl.url)}": ${oneLine(e)}`);
    return 1;
  }
  let real: RealDataReport;
  let judged: RealDataReport | null = null;
  let ties: TieReport;
  try {
    const plan = planTies(londonReplaySingles(data, flags.limit));
    const made = new Map<number, MatchPrediction[]>();
    const replay = await replayLondon(store, data, {
      limit: flags.limit,
      onMatch: (done, total) => {
        if (done % 100 === 0 || done === total) stderrLogger.info(`Replayed ${done} of ${total} matches`);
      },
      beforeDraw: (index, predict) => predictTieAhead(plan, index, predict, made),
    });
    real = scoreReplay(replay, redact(flags.databaseUrl.url));
    const frozen = new Map<number, FrozenSingle>(
      replay.matches.map((m, i) => [i, { pHome: m.pHome, ciLow: m.ciLow, ciHigh: m.ciHigh, pElo: m.pElo }]),
    );
    ties = scoreTies(tieCalibration(plan, made, frozen, frozenElo(data)));
    // In the same store: another event, other players; London is a draft again, its results rate nobody.
    if (second) {
      const secondReplay = await replayLondon(store, second, {
        limit: flags.limit,
        onMatch: (done, total) => {
          if (done % 100 === 0 || done === total) stderrLogger.info(`Replayed ${done} of ${total} matches`);
        },
      });
      judged = scoreReplay(secondReplay, redact(flags.databaseUrl.url), DOS_ORILLAS_SOURCE);
    }
  } catch (e) {
    io.err(oneLine(e));
    return 1;
  } finally {
    await store.close().catch(() => {});
  }
  const sim = simulationReport(flags.seeds);
  const scored = judged ? [real, judged] : [real];
  const targets = evaluateTargets(scored, sim);
  const report = formatReport(scored, sim, targets, ties);
  io.out(report);
  try {
    await Deno.writeTextFile(flags.out, report);
    stderrLogger.info(`Saved the report to ${flags.out}`);
  } catch (e) {
    io.err(`Cannot save the report "${flags.out}": ${oneLine(e)}`);
    return 1;
  }
  return flags.strict && targets.some((t) => t.pass === false) ? 1 : 0;
}

/** Before match `index` is drawn: the model's predictions of the matches its tie still has to play. */
export async function predictTieAhead(
  plan: TiePlan,
  index: number,
  predict: PairPredictor,
  made: Map<number, MatchPrediction[]>,
): Promise<void> {
  const step = plan.steps.get(index);
  if (!step) return;
  const out: MatchPrediction[] = [];
  for (const [home, away] of step.pairs) out.push(await predict(home, away));
  made.set(index, out);
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split("\n")[0]!.trim();
}

const encoder = new TextEncoder();

if (import.meta.main) {
  const io: CalibrateIo = {
    out: (text) => Deno.stdout.writeSync(encoder.encode(text.endsWith("\n") ? text : text + "\n")),
    err: (line) => Deno.stderr.writeSync(encoder.encode(line + "\n")),
  };
  let code: number;
  try {
    code = await runCalibrate(Deno.args, io);
  } catch (e) {
    io.err(`Cannot calibrate: ${oneLine(e)}`);
    code = 1;
  }
  Deno.exit(code);
}

/** Whether a folder exists (a data set not present is skipped, not an error). */
async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
