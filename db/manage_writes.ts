/**
 * The operator's writes that are not match writes: publishing and unpublishing an event, the desk's
 * announcement, locking and unlocking a draw. Each is one transaction with the revision bump (so that ETags
 * and caches move) and an audit row. Match writes go through db/match_writes.ts.
 */
import { bumpRevision, lockListing, refreshListedPlayers } from "./revision.ts";
import { writeAudit } from "./audit.ts";
import { writeEventSetting } from "./event_setting_write.ts";
import { releaseHeldIdentities } from "./held_identities.ts";
import { rebuildRatings } from "./ratings_store.ts";
import { AnnouncementError, normalizeAnnouncement } from "../domain/announcement.ts";
import { type AnnouncementRecord, storedAnnouncement } from "./read_events.ts";
import { drawHasStarted } from "./read_manage.ts";
import { unassignedPositions } from "./read_draw_detail.ts";
import { deskDrawState } from "../domain/drawn_groups.ts";
import type { EventStatus } from "./schema.ts";
import { forUpdate } from "./row_lock.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** The outcome of a status change: the new status and whether anything changed. */
export interface StatusChange<S> {
  id: string;
  status: S;
  changed: boolean;
}

/**
 * Publishes ("published") or unpublishes ("draft") the event with this slug; the players' `listed` flags, the
 * ratings (only published events' results count) and the revisions follow in the same transaction. Setting the status it already has changes nothing.
 */
export async function setEventStatus(
  store: Store,
  slug: string,
  status: Extract<EventStatus, "published" | "draft">,
  ctx: ManageWriteContext,
): Promise<StatusChange<EventStatus>> {
  return await writeTransaction(store.db, async (trx) => {
    await lockListing(trx);
    const event = await trx.selectFrom("events").select(["id", "status"]).where("slug", "=", slug)
      .executeTakeFirst();
    if (!event) throw unknownEvent(slug);
    if (event.status === status) return { id: event.id, status, changed: false };
    await trx.updateTable("events").set({ status, updated_at: ctx.now.toISOString() }).where(
      "id",
      "=",
      event.id,
    )
      .execute();
    // What the event's file said about players public elsewhere becomes theirs once it is public too.
    if (status === "published") await releaseHeldIdentities(trx, event.id);
    await refreshListedPlayers(trx);
    // Only published events' results rate players: they start or stop counting.
    await rebuildRatings(trx, ctx.now.toISOString());
    await bumpRevision(trx, event.id, undefined, { wasPublished: event.status === "published" });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: status === "published" ? "event.publish" : "event.unpublish",
      eventId: event.id,
      detail: { slug, from: event.status, to: status },
    });
    return { id: event.id, status, changed: true };
  });
}

/** The outcome of posting or taking down an announcement: the one shown now, and whether anything changed. */
export interface AnnouncementChange {
  changed: boolean;
  announcement: AnnouncementRecord | null;
}

/**
 * Posts the desk's announcement on the event with this slug (a draft too: the desk may prepare it before
 * publishing), or takes it down when `text` is null or blank. The text is stored as
 * domain/announcement.ts `normalizeAnnouncement` folds it (a refused text is a 422 and leaves the stored one);
 * the same text again changes nothing, and keeps the time it was first posted.
 */
export async function setEventAnnouncement(
  store: Store,
  slug: string,
  text: string | null,
  ctx: ManageWriteContext,
): Promise<AnnouncementChange> {
  let next: string | null;
  try {
    next = text === null ? null : normalizeAnnouncement(text);
  } catch (e) {
    if (e instanceof AnnouncementError) throw new WriteError("invalid-announcement", e.message);
    throw e;
  }
  return await writeEventSetting<AnnouncementChange>(store, slug, ctx, (event, at) => {
    if (event.announcement === next) {
      return { answer: { changed: false, announcement: storedAnnouncement(event) } };
    }
    return {
      answer: { changed: true, announcement: next === null ? null : { text: next, postedAt: at } },
      write: {
        set: { announcement: next, announced_at: next === null ? null : at },
        action: "event.announce",
        detail: { text: next, was: event.announcement },
      },
    };
  });
}

/** The refusal of a write to an event that does not exist. */
function unknownEvent(slug: string): WriteError {
  return new WriteError("not-found", `Event "${slug}" does not exist`);
}

/**
 * Locks a draft draw (it becomes public) or unlocks a locked one (back to draft). A category without a draw
 * cannot be locked; a draw whose matches have begun cannot be unlocked. The state it already has changes
 * nothing.
 */
export async function setDrawLocked(
  store: Store,
  categoryId: string,
  locked: boolean,
  ctx: ManageWriteContext,
): Promise<StatusChange<"draft" | "locked"> & { eventId: string }> {
  return await writeTransaction(store.db, async (trx) => {
    const query = trx.selectFrom("subevents").select(["id", "event_id", "name", "format", "draw_state"])
      .where("id", "=", categoryId);
    // Row-locked on PostgreSQL, so that of two locks at once the second sees the first's state and changes
    // nothing (SQLite has one writer at a time already).
    const sub = await forUpdate(query, store.dialect).executeTakeFirst();
    if (!sub) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
    const target = locked ? "locked" : "draft";
    // A category of groups given with their members (an import) is drawn: it may be locked.
    const drawnGroups = locked && sub.draw_state === "none" &&
      deskDrawState(
          sub.format,
          sub.draw_state,
          await trx.selectFrom("group_members").innerJoin("groups", "groups.id", "group_members.group_id")
            .select("group_members.entry_id").where("groups.subevent_id", "=", sub.id).executeTakeFirst() !==
            undefined,
        ) !== "none";
    if (sub.draw_state === "none" && !drawnGroups) {
      throw new WriteError(
        "no-draw",
        `Cannot ${locked ? "lock" : "unlock"} the draw of "${sub.name}": it has no draw`,
      );
    }
    if (sub.draw_state === target) {
      return { id: sub.id, eventId: sub.event_id, status: target, changed: false };
    }
    if (locked) {
      // A locked draw is public: every position must say who (or what) is there.
      const empty = await unassignedPositions(trx, sub.id);
      if (empty === null || empty.length > 0) {
        throw new WriteError(
          "draw-incomplete",
          `Cannot lock the draw of "${sub.name}": ` +
            (empty === null
              ? "it has no positions yet (generate the draw first)"
              : `position${empty.length === 1 ? "" : "s"} ${empty.map((p) => p + 1).join(", ")} ${
                empty.length === 1 ? "is" : "are"
              } assigned to nothing (an entry, a bye or a group qualifier)`),
        );
      }
    }
    if (!locked && await drawHasStarted(trx, sub.id, sub.format)) {
      throw new WriteError(
        "draw-started",
        `Cannot unlock the draw of "${sub.name}": a match of the draw has already started`,
      );
    }
    await trx.updateTable("subevents").set({ draw_state: target }).where("id", "=", sub.id).execute();
    await trx.updateTable("events").set({ updated_at: ctx.now.toISOString() }).where("id", "=", sub.event_id)
      .execute();
    await bumpRevision(trx, sub.event_id, [sub.id]);
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: locked ? "draw.lock" : "draw.unlock",
      eventId: sub.event_id,
      detail: { categoryId: sub.id, name: sub.name, from: sub.draw_state, to: target },
    });
    return { id: sub.id, eventId: sub.event_id, status: target, changed: true };
  });
}
