/**
 * Players left behind when an event's rows are replaced (event_file/import.ts): a player the desk added for a late
 * entry that the imported file does not hold has no entry, team place, check-in, hidden identity or rating
 * history anywhere once the import removed the event's rows. Such a row is removed, so that nothing is orphaned
 * and adding her again on the desk makes one player, not a second of the same name.
 * @module
 */
import type { Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** The players of an event's entries and team places (singles, both of a pair, team members). */
export async function eventPlayerIds(trx: Transaction<Database>, eventId: string): Promise<Set<string>> {
  const categories = trx.selectFrom("subevents").select("id").where("event_id", "=", eventId);
  const entries = await trx.selectFrom("entries").select(["player1_id", "player2_id"])
    .where("subevent_id", "in", categories).execute();
  const members = await trx.selectFrom("team_members")
    .innerJoin("entries", "entries.id", "team_members.team_entry_id").select("team_members.player_id")
    .where("entries.subevent_id", "in", categories).execute();
  return new Set([
    ...entries.flatMap((e) => e.player2_id === null ? [e.player1_id] : [e.player1_id, e.player2_id]),
    ...members.map((m) => m.player_id),
  ]);
}

/**
 * Removes those of `candidates` that nothing holds any longer: no entry or team place in any event, no check-in,
 * no hidden identity and no rating history (a match played elsewhere keeps the player). Their rating row and old
 * ids cascade. Returns how many were removed.
 */
export async function deleteOrphanPlayers(
  trx: Transaction<Database>,
  candidates: Iterable<string>,
): Promise<number> {
  let removed = 0;
  const ids = [...candidates];
  // Chunked: one bound variable per id, far below every dialect's limit.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const result = await trx.deleteFrom("players").where("id", "in", chunk)
      .where(({ and, not, exists, selectFrom, or, ref }) =>
        and([
          not(exists(
            selectFrom("entries").select("entries.id").where((eb) =>
              or([
                eb("entries.player1_id", "=", ref("players.id")),
                eb("entries.player2_id", "=", ref("players.id")),
              ])
            ),
          )),
          not(exists(
            selectFrom("team_members").select("team_members.player_id")
              .whereRef("team_members.player_id", "=", "players.id"),
          )),
          not(exists(
            selectFrom("check_ins").select("check_ins.player_id").whereRef(
              "check_ins.player_id",
              "=",
              "players.id",
            ),
          )),
          not(exists(
            selectFrom("held_identities").select("held_identities.player_id")
              .whereRef("held_identities.player_id", "=", "players.id"),
          )),
          not(exists(
            selectFrom("rating_history").select("rating_history.player_id")
              .whereRef("rating_history.player_id", "=", "players.id"),
          )),
        ])
      ).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
