/**
 * Read side of an event's players for the public pages and API: who plays in a published event, and in which
 * categories. A player is public in an event once one of their entries is: a side of a public match (group
 * matches, and knockout matches of a draw that is not a draft), a member of a group (its standings are served),
 * or placed in a locked draw. Private player columns (e-mail, birth date, federation id, priors) are never
 * selected.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { NAME_COLLATOR } from "../domain/person_name.ts";
import { servedMatch } from "./read_matches.ts";
import type { Database } from "./schema.ts";

/** A category a player is entered in, with the entry (the homeId/awayId of its matches). */
export interface PlayerEntryRecord {
  entryId: string;
  categoryId: string;
  categoryName: string;
}

/** A player of an event, with their public entries in the event's category order. */
export interface EventPlayerRecord {
  id: string;
  displayName: string;
  association: string | null;
  /** The country code ("GER"); absent when not known. */
  country?: string;
  entries: PlayerEntryRecord[];
}

/**
 * Whether an entry (of the row being read, with its category joined) is public, from the entry's side: its
 * matches, group places and draw slot, each an index lookup (db/migrations/2026_11_27_000004_entry_lookups.ts),
 * so that the cost follows the entries read, not the event's matches.
 */
function isPublicEntry(eb: ExpressionBuilder<Database, "entries" | "subevents">) {
  const side = (column: "home_entry_id" | "away_entry_id") =>
    eb.exists(
      eb.selectFrom("matches").select("matches.id").whereRef(`matches.${column}`, "=", "entries.id")
        .where(servedMatch),
    );
  return eb.or([
    side("home_entry_id"),
    side("away_entry_id"),
    eb.exists(
      eb.selectFrom("group_members").select("group_members.entry_id")
        .whereRef("group_members.entry_id", "=", "entries.id"),
    ),
    eb.and([
      eb("subevents.draw_state", "=", "locked"),
      eb.exists(
        eb.selectFrom("draw_slots").select("draw_slots.position")
          .whereRef("draw_slots.subevent_id", "=", "subevents.id")
          .whereRef("draw_slots.entry_id", "=", "entries.id"),
      ),
    ]),
  ]);
}

/**
 * The public entries of a published event and their players, one row per player and entry: every player's, or
 * with `playerId` that player's alone (found by the player indexes).
 */
async function playerRows(db: Kysely<Database>, eventId: string, playerId: string | null) {
  let q = db.selectFrom("entries")
    .innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .innerJoin("events", "events.id", "subevents.event_id")
    .innerJoin(
      "players",
      (join) =>
        join.on((eb) =>
          eb.or([
            eb("players.id", "=", eb.ref("entries.player1_id")),
            eb("players.id", "=", eb.ref("entries.player2_id")),
          ])
        ),
    )
    .where("events.id", "=", eventId).where("events.status", "=", "published")
    .select([
      "players.id as player_id",
      "players.display_name",
      "players.association",
      "players.country",
      "entries.id as entry_id",
      "subevents.id as subevent_id",
      "subevents.name as subevent_name",
    ])
    .where(isPublicEntry)
    // A team's entry is played by a player row that stands for the team (docs/teams.md): not a player.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("teams").select("teams.entry_id").whereRef("teams.entry_id", "=", "entries.id"),
        ),
      )
    )
    .orderBy("subevents.position").orderBy("subevents.id");
  if (playerId !== null) {
    q = q.where((eb) =>
      eb.or([eb("entries.player1_id", "=", playerId), eb("entries.player2_id", "=", playerId)])
    )
      .where("players.id", "=", playerId);
  }
  return await q.execute();
}

/** Groups the rows by player, in the order of the rows (so each player's entries in category order). */
function byPlayer(rows: Awaited<ReturnType<typeof playerRows>>): EventPlayerRecord[] {
  const players = new Map<string, EventPlayerRecord>();
  for (const row of rows) {
    let player = players.get(row.player_id);
    if (!player) {
      player = {
        id: row.player_id,
        displayName: row.display_name,
        association: row.association,
        ...(row.country === null ? {} : { country: row.country }),
        entries: [],
      };
      players.set(row.player_id, player);
    }
    player.entries.push({
      entryId: row.entry_id,
      categoryId: row.subevent_id,
      categoryName: row.subevent_name,
    });
  }
  return [...players.values()];
}

/** Every public player of a published event, by name (NAME_COLLATOR), then by id for equal names. */
export async function listEventPlayers(db: Kysely<Database>, eventId: string): Promise<EventPlayerRecord[]> {
  return byPlayer(await playerRows(db, eventId, null))
    .sort((a, b) =>
      NAME_COLLATOR.compare(a.displayName, b.displayName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
}

/** A public player of a published event, or null when they have no public entry in it. */
export async function findEventPlayer(
  db: Kysely<Database>,
  eventId: string,
  playerId: string,
): Promise<EventPlayerRecord | null> {
  return byPlayer(await playerRows(db, eventId, playerId))[0] ?? null;
}

/**
 * The id a player has now, for an id they had before (their id keyed from a federation id before store keys:
 * db/migrations/2026_11_28_000001_player_id_key.ts), or null when the id is no old id.
 */
export async function playerAlias(db: Kysely<Database>, oldId: string): Promise<string | null> {
  // Old ids are UUIDs version 5 (the third group starts with 5): any other id is none, without a query.
  if (oldId[14] !== "5") return null;
  const row = await db.selectFrom("player_id_aliases").select("player_id").where("old_id", "=", oldId)
    .executeTakeFirst();
  return row?.player_id ?? null;
}
