/**
 * The replay of a data set through the real store and write path (`deno task calibrate`): the event imported,
 * and each match given its two sides, a prediction frozen from the ratings of that moment and its points, which
 * rate it and settle the prediction's outcome.
 */
import { type ConfidenceLabel, type MatchPrediction, predictMatch } from "../domain/prediction.ts";
import { inflateDeviation } from "../domain/glicko2.ts";
import { idleDays, loadRatings } from "../db/ratings_store.ts";
import type { TiePlan } from "./calibrate_ties.ts";
import { pointsForScores, type Side } from "../domain/scoring.ts";
import { CalibrateError, type LondonData } from "./calibrate_data.ts";
import { entryIdFor, eventIdFor, matchIdFor } from "../db/ids.ts";
import { importEvent } from "../event_file/import.ts";
import { writeMatch } from "../db/match_writes.ts";
import { setEventStatus } from "../db/manage_writes.ts";
import { freezePrediction } from "../db/predictions_store.ts";
import { bumpRevision } from "../db/revision.ts";
import type { PredictionTable } from "../db/schema.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/write_transaction.ts";
import {
  CALIBRATION_CATEGORY,
  entryKey,
  LONDON_SOURCE,
  londonEventFile,
  matchKey,
} from "./calibrate_london.ts";

const MINUTE_MS = 60_000;

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
