/**
 * How an event file's players are written: inserted, or, for a player already in the store (players are shared
 * by events), updated, public fields (name, club, country) as the file has them, private fields and the prior kept
 * unless the file gives them.
 */
import { type Insertable, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** Rows written per statement. */
const CHUNK = 100;

/** Inserts the players, or updates those that exist. */
export async function upsertPlayers(
  trx: Transaction<Database>,
  rows: readonly Insertable<Database["players"]>[],
): Promise<void> {
  const keepUnlessGiven = <T>(column: string) =>
    sql<T>`coalesce(excluded.${sql.ref(column)}, players.${sql.ref(column)})`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx.insertInto("players").values(rows.slice(i, i + CHUNK)).onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        display_name: eb.ref("excluded.display_name"),
        association: eb.ref("excluded.association"),
        federation_id: eb.ref("excluded.federation_id"),
        country: eb.ref("excluded.country"),
        email: keepUnlessGiven<string | null>("email"),
        birth_date: keepUnlessGiven<string | null>("birth_date"),
        prior_rating: keepUnlessGiven<number | null>("prior_rating"),
        // The deviation belongs to the rating it came with: replaced together, even by null.
        prior_deviation: sql<
          number | null
        >`case when excluded.prior_rating is null then players.prior_deviation
          else excluded.prior_deviation end`,
        prior_match_count: keepUnlessGiven<number | null>("prior_match_count"),
      }))
    ).execute();
  }
}
