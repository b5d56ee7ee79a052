/**
 * The producer's write of an event's on-air state (domain/stream_state.ts): one transaction with an audit row
 * and a bump of the store's revision, so that overlays kept by the answer cache are made again with it.
 */
import {
  applyStreamChange,
  STREAM_GRAPHICS,
  type StreamChange,
  StreamStateError,
} from "../domain/stream_state.ts";
import type { StreamState } from "../domain/stream_state.ts";
import { writeAudit } from "./audit.ts";
import { readStreamState } from "./read_stream_state.ts";
import { bumpRevision } from "./revision.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";
import type { Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** The state after the write, and whether anything changed. */
export interface StreamStateChange {
  state: StreamState;
  changed: boolean;
}

/**
 * Applies the producer's change to the event with this slug (a draft too: the producer may prepare the slate
 * and the sponsor before publishing). A change the rules refuse is an "invalid-stream" code and leaves the state.
 */
export async function changeStreamState(
  store: Store,
  slug: string,
  change: StreamChange,
  ctx: ManageWriteContext,
): Promise<StreamStateChange> {
  return await writeTransaction(store.db, async (trx) => {
    const query = trx.selectFrom("events").select("id").where("slug", "=", slug);
    // Row-locked on PostgreSQL, so that two changes at once apply one after the other.
    const event = await (store.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
    if (!event) throw new WriteError("not-found", `Event "${slug}" does not exist`);
    const was = await readStreamState(trx, event.id);
    let state: StreamState;
    try {
      state = applyStreamChange(was, change);
    } catch (e) {
      if (e instanceof StreamStateError) throw new WriteError("invalid-stream", e.message);
      throw e;
    }
    if (JSON.stringify(state) === JSON.stringify(was)) return { state, changed: false };
    // Checked when chosen: a category dropped by a re-import later leaves the graphic showing the first.
    if (JSON.stringify(state.picks) !== JSON.stringify(was.picks)) await checkPicks(trx, event.id, state);
    const row = {
      on_air: STREAM_GRAPHICS.filter((g) => state.onAir[g]).join(","),
      slate_kind: state.slate.kind,
      slate_text: state.slate.text,
      sponsor_image: state.sponsor?.imageUrl ?? null,
      sponsor_text: state.sponsor?.text ?? null,
      standings_category_id: state.picks.standingsCategoryId,
      standings_group_id: state.picks.standingsGroupId,
      bracket_category_id: state.picks.bracketCategoryId,
      updated_at: ctx.now.toISOString(),
    };
    await trx.insertInto("stream_states").values({ event_id: event.id, ...row })
      .onConflict((oc) => oc.column("event_id").doUpdateSet(row)).execute();
    // The overlays read the state when they are made: a new generation makes the kept ones again.
    await bumpRevision(trx, undefined, undefined, { rankingsUnchanged: true, listingUnchanged: true });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "event.stream",
      eventId: event.id,
      // An image's data URL is left out of the log: its size says enough.
      detail: { slug, change: { ...change, sponsor: auditSponsor(change.sponsor) } },
    });
    return { state, changed: true };
  });
}

/** The picked categories and group are the event's, the group of its category; else "invalid-stream". */
async function checkPicks(trx: Transaction<Database>, eventId: string, state: StreamState): Promise<void> {
  const { standingsCategoryId, standingsGroupId, bracketCategoryId } = state.picks;
  for (const id of [standingsCategoryId, bracketCategoryId]) {
    if (id === null) continue;
    const found = await trx.selectFrom("subevents").select("id").where("id", "=", id)
      .where("event_id", "=", eventId).executeTakeFirst();
    if (!found) throw new WriteError("invalid-stream", `The event has no category "${id}"`);
  }
  if (standingsGroupId === null) return;
  const group = await trx.selectFrom("groups").select("id").where("id", "=", standingsGroupId)
    .where("subevent_id", "=", standingsCategoryId ?? "").executeTakeFirst();
  if (!group) {
    throw new WriteError("invalid-stream", `The category has no group "${standingsGroupId}"`);
  }
}

function auditSponsor(sponsor: StreamChange["sponsor"]) {
  if (!sponsor?.imageUrl?.startsWith("data:")) return sponsor;
  return { ...sponsor, imageUrl: `data URL of ${sponsor.imageUrl.length} characters` };
}
