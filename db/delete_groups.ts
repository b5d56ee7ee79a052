/** Taking a category's groups away: a group's members go with it (the draw made again, an event imported again). */
import type { SelectQueryBuilder, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** Deletes the groups of these categories (ids, or a query of them) and their members. */
export async function deleteGroups(
  trx: Transaction<Database>,
  categories: readonly string[] | SelectQueryBuilder<Database, "subevents", { id: string }>,
): Promise<void> {
  const groups = trx.selectFrom("groups").select("id").where("subevent_id", "in", categories);
  await trx.deleteFrom("group_members").where("group_id", "in", groups).execute();
  await trx.deleteFrom("groups").where("subevent_id", "in", categories).execute();
}
