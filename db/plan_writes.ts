/**
 * Keeping a plan of the order of play: each match the plan placed that nobody has placed by hand, and that has
 * not started, is given the plan's table and time, marked as planned (db/read_schedule.ts lets a plan made again
 * move it), in one transaction with one audit row. A match the desk gave a table or a time keeps them.
 */
import { writeAudit } from "./audit.ts";
import { refreshEstimates } from "./estimate_writes.ts";
import { bumpRevision } from "./revision.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** Where the plan puts a match. */
export interface Placement {
  matchId: string;
  table: number;
  /** Milliseconds since the epoch. */
  start: number;
}

/**
 * Writes the placements of the event `slug` that may be written (see above); answers how many matches moved.
 * Throws WriteError "not-found" for an unknown event.
 */
export async function keepPlan(
  store: Store,
  slug: string,
  placements: readonly Placement[],
  ctx: ManageWriteContext,
): Promise<{ changed: number }> {
  return await writeTransaction(store.db, async (trx) => {
    const event = await trx.selectFrom("events").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!event) throw new WriteError("not-found", `Event "${slug}" does not exist`);
    const ids = placements.map((p) => p.matchId);
    const rows = ids.length === 0 ? [] : await trx.selectFrom("matches")
      .select(["id", "subevent_id", "status", "table_no", "scheduled_at", "planned", "revision", "tie_id"])
      .where("event_id", "=", event.id).where("id", "in", ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const at = ctx.now.toISOString();
    const moved: { id: string; table: number; start: string }[] = [];
    const categories = new Set<string>();
    for (const p of placements) {
      const m = byId.get(p.matchId);
      // A tie's match has its tie's table from when it was made: it follows its tie, never placed by hand.
      const byHand = m !== undefined && m.planned === 0 && m.tie_id == null &&
        (m.table_no !== null || m.scheduled_at !== null);
      if (!m || m.status !== "scheduled" || byHand) continue;
      const start = new Date(p.start).toISOString();
      if (m.table_no === p.table && m.scheduled_at === start) continue;
      await trx.updateTable("matches")
        .set({ table_no: p.table, scheduled_at: start, planned: 1, revision: m.revision + 1, updated_at: at })
        .where("id", "=", m.id).execute();
      moved.push({ id: m.id, table: p.table, start });
      categories.add(m.subevent_id);
    }
    // The kept plan is what the estimated starts follow from now on.
    for (const id of await refreshEstimates(trx, event.id, ctx.now)) categories.add(id);
    if (categories.size === 0) return { changed: 0 };
    await bumpRevision(trx, event.id, [...categories], {
      rankingsUnchanged: true,
      listingUnchanged: true,
      rosterUnchanged: true,
    });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "plan.keep",
      eventId: event.id,
      detail: { slug, matches: moved.length },
    });
    return { changed: moved.length };
  });
}
