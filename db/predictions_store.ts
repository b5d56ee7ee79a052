/**
 * Frozen pre-match predictions: made once, when both sides of a match are known and before it starts, from the
 * ratings of that moment (stored with the prediction); never changed afterwards, except that `outcome` is set
 * when the match is decided: "home" or "away" for a result of play (a retirement included), "void" for a
 * walkover or a disqualification before play (no result to score the prediction against).
 * Doubles: each pair is rated as one side by domain/prediction teamRating (mean rating, RMS deviation).
 */
import type { Kysely, Transaction } from "kysely";
import { type PredictionSide, predictMatch, teamRating } from "../domain/prediction.ts";
import { inflateDeviation } from "../domain/glicko2.ts";
import { idleDays, loadRatings } from "./ratings_store.ts";
import type { Database, MatchRow } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Freezes the prediction of a scheduled match whose two sides are known; does nothing otherwise. */
export async function freezePrediction(db: Db, match: MatchRow, now: string): Promise<void> {
  if (match.status !== "scheduled") return;
  await freezePredictionAsOf(db, match, now);
}

/**
 * Freezes a match's prediction as of `now`, from the ratings then, whatever its status: for a match known to have
 * been called at `now` though it comes in already started (the demo's matches in play). Does nothing when a side
 * is unknown or a prediction exists.
 */
export async function freezePredictionAsOf(db: Db, match: MatchRow, now: string): Promise<void> {
  if (!match.home_entry_id || !match.away_entry_id) return;
  const existing = await db.selectFrom("predictions").select("match_id").where("match_id", "=", match.id)
    .executeTakeFirst();
  if (existing) return;
  // A tie between two teams is predicted from its line-ups, not as a match of the rows that stand for them.
  const teams = await db.selectFrom("teams").select("entry_id")
    .where("entry_id", "in", [match.home_entry_id, match.away_entry_id]).executeTakeFirst();
  if (teams) return;
  const entries = await db.selectFrom("entries").select(["id", "player1_id", "player2_id"])
    .where("id", "in", [match.home_entry_id, match.away_entry_id]).execute();
  const playerIds = entries.flatMap((e) => e.player2_id ? [e.player1_id, e.player2_id] : [e.player1_id]);
  const ratings = await loadRatings(db, playerIds);
  const side = (entryId: string): PredictionSide | undefined => {
    const e = entries.find((x) => x.id === entryId);
    if (!e) return undefined;
    const one = (id: string): PredictionSide | undefined => {
      const r = ratings.get(id);
      if (!r) return undefined;
      // The deviation has grown since the player's last rated match, as it will when the match is rated.
      const grown = inflateDeviation(r, idleDays(r.lastPlayedAt, now));
      return { rating: grown.rating, deviation: grown.deviation, matchCount: r.matchCount };
    };
    const a = one(e.player1_id);
    if (!a) return undefined;
    if (!e.player2_id) return a;
    const b = one(e.player2_id);
    return b && teamRating(a, b);
  };
  const home = side(match.home_entry_id);
  const away = side(match.away_entry_id);
  if (!home || !away) return;
  const p = predictMatch(home, away, match.best_of);
  await db.insertInto("predictions").values({
    match_id: match.id,
    p_home: p.pHome,
    ci_low: p.ciLow,
    ci_high: p.ciHigh,
    confidence_label: p.confidenceLabel,
    home_rating: home.rating,
    home_deviation: home.deviation,
    home_match_count: home.matchCount,
    away_rating: away.rating,
    away_deviation: away.deviation,
    away_match_count: away.matchCount,
    created_at: now,
    outcome: null,
  }).execute();
}

/** The outcome a decided match gives its prediction: "home", "away", or "void" when nothing was played. */
export function predictionOutcome(
  match: Pick<MatchRow, "status" | "result_reason" | "winner_entry_id" | "home_entry_id" | "games">,
): string | null {
  if (match.status !== "completed" || match.winner_entry_id === null) return null;
  const played = match.games !== "[]";
  if (match.result_reason === "walkover" || (match.result_reason === "disqualified" && !played)) {
    return "void";
  }
  return match.winner_entry_id === match.home_entry_id ? "home" : "away";
}

/** Sets (or clears, when the match is no longer decided) the outcome of the match's prediction. */
export async function settlePredictionOutcome(db: Db, match: MatchRow): Promise<void> {
  await db.updateTable("predictions").set({ outcome: predictionOutcome(match) }).where(
    "match_id",
    "=",
    match.id,
  )
    .execute();
}
