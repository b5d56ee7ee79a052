/** The line-ups of a tie of the team event (tests/support/team_event.ts) published, its matches made. */
import { readTeams } from "../../db/read_ties.ts";
import type { Store } from "../../db/store.ts";
import { setTieLineups } from "../../db/tie_writes.ts";

/**
 * Publishes the line-ups of the group's first tie (A, B, C and X, Y, Z in the teams' order); answers the tie, its
 * category and the matches made, in the tie's order.
 */
export async function publishFirstGroupTie(store: Store, now: Date) {
  const row = await store.db.selectFrom("matches").innerJoin(
    "subevents",
    "subevents.id",
    "matches.subevent_id",
  )
    .select(["matches.id", "matches.home_entry_id", "matches.away_entry_id", "subevents.id as category"])
    .where("subevents.code", "=", "WTG").where("matches.stage", "=", "group").where(
      "matches.bracket_pos",
      "=",
      0,
    )
    .executeTakeFirstOrThrow();
  const teams = await readTeams(store.db, [row.home_entry_id!, row.away_entry_id!]);
  const [a, b, c] = teams.get(row.home_entry_id!)!.players.map((p) => p.id);
  const [x, y, z] = teams.get(row.away_entry_id!)!.players.map((p) => p.id);
  const made = await setTieLineups(store, row.id, {
    home: { positions: { A: a!, B: b!, C: c! } },
    away: { positions: { X: x!, Y: y!, Z: z! } },
    publish: true,
  }, { actor: "desk", now });
  return { tie: row.id, category: row.category, parts: made.matchIds };
}
