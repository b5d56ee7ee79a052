/**
 * A tie's prediction (docs/teams.md): frozen when its line-ups are published, from the frozen predictions of its
 * matches in order (domain/tie_probability.ts `predictTie`), and made again if the line-ups change before the tie
 * begins; and the live probability from the matches left after the results so far.
 */
import type { Kysely, Transaction } from "kysely";
import type { MatchPrediction } from "../domain/prediction.ts";
import { predictTie, tieWinProbability, UNKNOWN_MATCH } from "../domain/tie_probability.ts";
import { findTie, type TieRecord, tieResults } from "./read_ties.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A tie's frozen prediction with when it was made. */
export interface TiePredictionRecord extends MatchPrediction {
  createdAt: string;
}

/** The frozen predictions of the tie's matches by their order in the tie; one a player has no rating for is unknown. */
async function matchPredictions(
  db: Db,
  tie: Pick<TieRecord, "matches">,
): Promise<Map<number, MatchPrediction>> {
  const ids = tie.matches.map((m) => m.id);
  const rows = ids.length === 0 ? [] : await db.selectFrom("predictions")
    .select(["match_id", "p_home", "ci_low", "ci_high", "confidence_label"])
    .where("match_id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.match_id, r]));
  return new Map(tie.matches.map((m) => {
    const r = byId.get(m.id);
    const p: MatchPrediction = r
      ? {
        pHome: Number(r.p_home),
        ciLow: Number(r.ci_low),
        ciHigh: Number(r.ci_high),
        confidenceLabel: r.confidence_label as MatchPrediction["confidenceLabel"],
      }
      : UNKNOWN_MATCH;
    return [Number(m.tie_order), p];
  }));
}

/**
 * Freezes the prediction of a tie from the matches made from its published line-ups (any earlier one goes:
 * line-ups change only before the tie begins); a match of the format not made (an event imported in the middle
 * of the tie) counts as unknown. Nothing for a tie with no match made (line-ups not published).
 */
export async function freezeTiePrediction(
  trx: Transaction<Database>,
  tie: TieRecord,
  now: string,
): Promise<void> {
  await trx.deleteFrom("tie_predictions").where("tie_id", "=", tie.id).execute();
  if (tie.matches.length === 0) return;
  const byOrder = await matchPredictions(trx, tie);
  const inOrder = tie.format.matches.map((_, i) => byOrder.get(i + 1) ?? UNKNOWN_MATCH);
  const p = predictTie(inOrder, tie.format.winsNeeded);
  await trx.insertInto("tie_predictions").values({
    tie_id: tie.id,
    p_home: p.pHome,
    ci_low: p.ciLow,
    ci_high: p.ciHigh,
    confidence_label: p.confidenceLabel,
    created_at: now,
  }).execute();
}

/** The tie's frozen prediction, or null when none was made (line-ups not published). */
export async function findTiePrediction(db: Db, tieId: string): Promise<TiePredictionRecord | null> {
  const row = await db.selectFrom("tie_predictions").selectAll().where("tie_id", "=", tieId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    pHome: Number(row.p_home),
    ciLow: Number(row.ci_low),
    ciHigh: Number(row.ci_high),
    confidenceLabel: row.confidence_label as MatchPrediction["confidenceLabel"],
    createdAt: row.created_at,
  };
}

/**
 * The probability now that the home team wins the tie: from the results so far and the frozen predictions of the
 * matches still to finish, in order (1 or 0 once decided).
 */
export async function liveTieProbability(db: Db, tie: TieRecord): Promise<number> {
  const results = tieResults(tie);
  const won = (side: "home" | "away") =>
    results.filter((r) => r.status === "completed" && r.winner === side).length;
  const byOrder = await matchPredictions(db, tie);
  const finished = new Set(results.filter((r) => r.status === "completed").map((r) => r.order));
  const left = tie.format.matches.map((_, i) => i + 1).filter((order) => !finished.has(order))
    .map((order) => (byOrder.get(order) ?? UNKNOWN_MATCH).pHome);
  return tieWinProbability(left, won("home"), won("away"), tie.format.winsNeeded);
}

/**
 * Freezes the prediction of each tie of an event imported with its line-ups published (one that has none yet):
 * what publishing them on /manage would have done.
 */
export async function freezeEventTiePredictions(
  trx: Transaction<Database>,
  eventId: string,
  now: string,
): Promise<void> {
  const ties = await trx.selectFrom("ties").innerJoin("matches", "matches.id", "ties.match_id")
    .leftJoin("tie_predictions", "tie_predictions.tie_id", "ties.match_id")
    .select("ties.match_id").where("matches.event_id", "=", eventId)
    .where("ties.lineup_published_at", "is not", null).where("tie_predictions.tie_id", "is", null).execute();
  for (const { match_id } of ties) {
    const tie = await findTie(trx, match_id);
    if (tie) await freezeTiePrediction(trx, tie, now);
  }
}
