/** Reads the HTML pages need and the public API does not serve on its own. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** How a page links back to an event: its slug and name. */
export interface EventLinkRecord {
  id: string;
  slug: string;
  name: string;
}

/** The slug and name of the published event with this id, or null (unknown, draft or archived). */
export async function findPublishedEventLink(
  db: Kysely<Database>,
  id: string,
): Promise<EventLinkRecord | null> {
  const row = await db.selectFrom("events").select(["id", "slug", "name"])
    .where("id", "=", id).where("status", "=", "published").executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, name: row.name } : null;
}
