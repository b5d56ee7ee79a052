/**
 * Unpublished data never changes what is public. A draft's or an archived event's file may name a player who is
 * public through a published event (one person, one federation id, one player) with another name, club or
 * prior: the public keeps the published identity, and the file's is held for its event (`held_identities`)
 * until that event is published, when it becomes the player's. The hidden event's export still writes what its
 * file said. A player nobody sees yet is written as the file has them. docs/import-format.md ("Players shared
 * by events").
 */
import type { Insertable, Transaction } from "kysely";
import type { Database } from "./schema.ts";
import { upsertPlayers } from "./upsert_players.ts";

type Trx = Transaction<Database>;
type PlayerRow = Insertable<Database["players"]>;

/** Ids looked up per query: far below every dialect's limit on bound variables. */
const IDS_PER_QUERY = 1000;

/** Those of the players who have an entry in a published event other than `eventId`. */
async function publicElsewhere(trx: Trx, eventId: string, ids: readonly string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY);
    const rows = await trx.selectFrom("entries")
      .innerJoin("subevents", "subevents.id", "entries.subevent_id")
      .innerJoin("events", "events.id", "subevents.event_id")
      .select(["entries.player1_id", "entries.player2_id"])
      .where("events.status", "=", "published").where("events.id", "<>", eventId)
      .where((eb) => eb.or([eb("entries.player1_id", "in", chunk), eb("entries.player2_id", "in", chunk)]))
      .execute();
    for (const r of rows) {
      for (const id of [r.player1_id, r.player2_id]) if (id !== null && chunk.includes(id)) shown.add(id);
    }
  }
  return shown;
}

/**
 * Writes the players of a hidden (draft or archived) event's file: a player public through another, published
 * event keeps their name, club and prior (the file's are held for this event; private fields are written), the
 * others are written as the file has them.
 */
export async function writeHiddenEventPlayers(trx: Trx, eventId: string, rows: readonly PlayerRow[]) {
  await forgetHeldIdentities(trx, eventId);
  const shown = await publicElsewhere(trx, eventId, rows.map((r) => r.id!));
  await upsertPlayers(trx, rows.filter((r) => !shown.has(r.id!)));
  for (const r of rows.filter((r) => shown.has(r.id!))) {
    await trx.updateTable("players").set((eb) => ({
      email: eb.fn.coalesce(eb.val(r.email ?? null), eb.ref("email")),
      birth_date: eb.fn.coalesce(eb.val(r.birth_date ?? null), eb.ref("birth_date")),
    })).where("id", "=", r.id!).execute();
    await trx.insertInto("held_identities").values({
      event_id: eventId,
      player_id: r.id!,
      display_name: r.display_name,
      association: r.association ?? null,
      country: r.country ?? null,
      prior_rating: r.prior_rating ?? null,
      prior_deviation: r.prior_deviation ?? null,
      prior_match_count: r.prior_match_count ?? null,
    }).execute();
  }
}

/** Forgets what was held for the event (its file is written as it is: a published import). */
export async function forgetHeldIdentities(trx: Trx, eventId: string): Promise<void> {
  await trx.deleteFrom("held_identities").where("event_id", "=", eventId).execute();
}

/** The identities held for an event, by player id (its export writes them). */
export async function heldIdentities(
  db: Pick<Trx, "selectFrom">,
  eventId: string,
): Promise<Map<string, Database["held_identities"]>> {
  const rows = await db.selectFrom("held_identities").selectAll().where("event_id", "=", eventId).execute();
  return new Map(rows.map((r) => [r.player_id, { ...r }]));
}

/** The event is published: what its file said about its players becomes theirs. */
export async function releaseHeldIdentities(trx: Trx, eventId: string): Promise<void> {
  const held = await trx.selectFrom("held_identities")
    .innerJoin("players", "players.id", "held_identities.player_id")
    .select([
      "held_identities.player_id",
      "held_identities.display_name",
      "held_identities.association",
      "held_identities.country",
      "held_identities.prior_rating",
      "held_identities.prior_deviation",
      "held_identities.prior_match_count",
      "players.federation_id",
      "players.created_at",
    ])
    .where("held_identities.event_id", "=", eventId).execute();
  // As an import of the file would have written them: private fields were written already (null keeps them).
  await upsertPlayers(
    trx,
    held.map((h) => ({
      id: h.player_id,
      display_name: h.display_name,
      association: h.association,
      country: h.country,
      federation_id: h.federation_id,
      email: null,
      birth_date: null,
      prior_rating: h.prior_rating,
      prior_deviation: h.prior_deviation,
      prior_match_count: h.prior_match_count,
      created_at: h.created_at,
    })),
  );
  await forgetHeldIdentities(trx, eventId);
}
