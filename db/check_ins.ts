/**
 * Check-in: the players of an event marked present at the desk, read and written. A player is one row per event
 * however many categories she plays; marking and unmarking are audited (`player.check_in`, `player.check_out`); the no-shows are withdrawn in one step.
 */
import type { Kysely } from "kysely";
import { writeAudit } from "./audit.ts";
import { type Withdrawal, withdrawEntries } from "./entry_writes.ts";
import type { Database } from "./schema.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** A player of the event as the desk's check-in list shows her. */
export interface CheckInRecord {
  playerId: string;
  name: string;
  association: string | null;
  /** When she was marked present; null while she has not arrived. */
  checkedInAt: string | null;
  /** The entries she plays in (a doubles pair's too). */
  entryIds: string[];
}

/** Every player entered in the event (a team's members, not the team), by name, with whether she has checked in. */
export async function readCheckIns(db: Kysely<Database>, eventId: string): Promise<CheckInRecord[]> {
  // A team's own entry names a row that stands for the team, not a person: its players are its members'
  // entries (docs/teams.md), listed as players.
  const entries = await db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select(["entries.id", "entries.player1_id", "entries.player2_id"])
    .where("subevents.event_id", "=", eventId)
    .where("entries.id", "not in", db.selectFrom("teams").select("entry_id")).execute();
  const ids = [...new Set(entries.flatMap((e) => [e.player1_id, e.player2_id]).filter((p) => p !== null))];
  if (ids.length === 0) return [];
  const players = await db.selectFrom("players").select(["id", "display_name", "association"])
    .where("id", "in", ids).execute();
  const present = new Map(
    (await db.selectFrom("check_ins").select(["player_id", "checked_in_at"]).where("event_id", "=", eventId)
      .execute()).map((r) => [r.player_id, r.checked_in_at]),
  );
  return players.map((p) => ({
    playerId: p.id,
    name: p.display_name,
    association: p.association,
    checkedInAt: present.get(p.id) ?? null,
    entryIds: entries.filter((e) => e.player1_id === p.id || e.player2_id === p.id).map((e) => e.id),
  })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Marks a player of the event present (`present`) or not; audited. Throws `not-found` for a player not entered. */
export async function setCheckIn(
  store: { readonly db: Kysely<Database> } | Store,
  eventId: string,
  playerId: string,
  present: boolean,
  ctx: ManageWriteContext,
): Promise<{ changed: boolean }> {
  return await writeTransaction(store.db, async (trx) => {
    const entered = await trx.selectFrom("entries").innerJoin(
      "subevents",
      "subevents.id",
      "entries.subevent_id",
    )
      .select("entries.id").where("subevents.event_id", "=", eventId)
      .where((w) => w.or([w("entries.player1_id", "=", playerId), w("entries.player2_id", "=", playerId)]))
      .executeTakeFirst();
    if (!entered) throw new WriteError("not-found", `Player "${playerId}" has no entry in this event`);
    const row = await trx.selectFrom("check_ins").select("checked_in_at").where("event_id", "=", eventId)
      .where("player_id", "=", playerId).executeTakeFirst();
    if ((row !== undefined) === present) return { changed: false };
    if (present) {
      await trx.insertInto("check_ins").values({
        event_id: eventId,
        player_id: playerId,
        checked_in_at: ctx.now.toISOString(),
        checked_in_by: ctx.actor,
      }).execute();
    } else {
      await trx.deleteFrom("check_ins").where("event_id", "=", eventId).where("player_id", "=", playerId)
        .execute();
    }
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: present ? "player.check_in" : "player.check_out",
      eventId,
      detail: { playerId },
    });
    return { changed: true };
  });
}

/**
 * Withdraws every entry of the event with a player not checked in (a pair with one absent too), in one
 * transaction: each as db/entry_writes.ts withdraws it (audited `entry.withdraw`), and the step itself audited
 * `event.withdraw_no_shows`. Refused (`invalid-body`) while nobody has checked in: the event does not use it.
 */
export async function withdrawNoShows(
  store: Store,
  eventId: string,
  ctx: ManageWriteContext,
): Promise<{ withdrawals: Withdrawal[]; players: string[] }> {
  const players: string[] = [];
  const withdrawals = await withdrawEntries(store, async (trx) => {
    const list = await readCheckIns(trx, eventId);
    if (!list.some((p) => p.checkedInAt !== null)) {
      throw invalidBody("Cannot withdraw the no-shows: nobody has checked in yet", "nobody-checked-in");
    }
    const absent = list.filter((p) => p.checkedInAt === null);
    players.push(...absent.map((p) => p.name));
    const entryIds = [...new Set(absent.flatMap((p) => p.entryIds))];
    if (entryIds.length === 0) return [];
    const entries = await trx.selectFrom("entries").select(["id", "subevent_id"]).where("id", "in", entryIds)
      .where("withdrawn_at", "is", null).where("team_entry_id", "is", null).orderBy("id").execute();
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "event.withdraw_no_shows",
      eventId,
      detail: { players: absent.map((p) => ({ playerId: p.playerId, name: p.name })) },
    });
    return entries.map((e) => ({ categoryId: e.subevent_id, entryId: e.id }));
  }, ctx);
  return { withdrawals: withdrawals.filter((w) => w.changed), players };
}
