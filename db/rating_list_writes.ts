/**
 * A federation's rating list applied to an event (domain/rating_list.ts reads and matches it): each matched
 * player's prior rating becomes the list's, which the draw orders and seeds by (db/draw_writes.ts) and the
 * ratings start from (db/ratings_store.ts). A dry run reports and writes nothing; applying writes in one
 * transaction, rebuilds the ratings once and is audited as `event.rating_list`.
 */
import {
  type ListedPlayer,
  matchRatingList,
  parseRatingList,
  type RatingListReport,
} from "../domain/rating_list.ts";
import { writeAudit } from "./audit.ts";
import { rebuildRatings } from "./ratings_store.ts";
import { bumpRevision, lockListing } from "./revision.ts";
import type { Database } from "./schema.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { writeTransaction } from "./write_transaction.ts";
import type { Kysely } from "kysely";

/** What a list did (or would do): the report, the columns found and how many ratings changed. */
export interface RatingListResult extends RatingListReport {
  columns: Record<string, string>;
  dryRun: boolean;
  /** Matched players whose rating the list changes. */
  changed: number;
}

/** The event's players as the list is matched against them. */
async function eventPlayers(db: Kysely<Database>, eventId: string): Promise<ListedPlayer[]> {
  const entries = await db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select(["entries.player1_id", "entries.player2_id"]).where("subevents.event_id", "=", eventId).execute();
  const ids = [...new Set(entries.flatMap((e) => [e.player1_id, e.player2_id]).filter((p) => p !== null))];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("players")
    .select(["id", "display_name", "association", "federation_id", "birth_date", "prior_rating"])
    .where("id", "in", ids).orderBy("id").execute();
  return rows.map((p) => ({
    id: p.id,
    name: p.display_name,
    association: p.association,
    federationId: p.federation_id,
    birthYear: p.birth_date === null ? null : Number(p.birth_date.slice(0, 4)) || null,
    rating: p.prior_rating === null ? null : Number(p.prior_rating),
  }));
}

/**
 * Reads `text` as a rating list, matches it to the event's players and, unless `dryRun`, gives each matched
 * player the list's rating. Throws domain/rating_list.ts's `RatingListError` for a list it cannot read.
 */
export async function applyRatingList(
  store: Pick<Store, "db">,
  eventId: string,
  text: string,
  dryRun: boolean,
  ctx: ManageWriteContext,
): Promise<RatingListResult> {
  const list = parseRatingList(text);
  return await writeTransaction(store.db, async (trx) => {
    if (!dryRun) await lockListing(trx);
    const report = matchRatingList(list, await eventPlayers(trx, eventId));
    const changes = report.matched.filter((m) => m.rating !== m.before);
    const result = { ...report, columns: list.columns, dryRun, changed: changes.length };
    if (dryRun || changes.length === 0) return result;
    const at = ctx.now.toISOString();
    for (const m of changes) {
      // A new prior starts without the deviation and match count of the one it replaces (db/entry_writes.ts).
      await trx.updateTable("players").set({
        prior_rating: m.rating,
        prior_deviation: null,
        prior_match_count: 0,
      })
        .where("id", "=", m.playerId).execute();
    }
    await rebuildRatings(trx, at);
    const events = await trx.selectFrom("entries").innerJoin(
      "subevents",
      "subevents.id",
      "entries.subevent_id",
    )
      .select("subevents.event_id").distinct()
      .where((eb) =>
        eb.or([
          eb("entries.player1_id", "in", changes.map((m) => m.playerId)),
          eb("entries.player2_id", "in", changes.map((m) => m.playerId)),
        ])
      ).execute();
    for (const { event_id } of events) {
      await trx.updateTable("events").set({ updated_at: at }).where("id", "=", event_id).execute();
      await bumpRevision(trx, event_id);
    }
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "event.rating_list",
      eventId,
      detail: {
        matched: report.matched.length,
        changed: changes.length,
        unmatched: report.unmatched.length,
        ambiguous: report.ambiguous.length,
        refused: report.refused.length,
        ratings: changes.map((m) => ({ playerId: m.playerId, from: m.before, to: m.rating })),
      },
    });
    return result;
  });
}
