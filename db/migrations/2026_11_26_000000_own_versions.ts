/**
 * Categories and the rankings get versions of their own (rows `s:<id>`, `rankings` and `listing` of `revisions`,
 * db/revision.ts `bumpRevision`): a store made before them gets the rows at the current global revision, so
 * that its first write to one category leaves the answers of the others (and of the rankings) valid. Nothing in
 * the schema changes.
 */
import { type Kysely, sql } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // `WHERE true`: SQLite needs a WHERE before ON CONFLICT in an INSERT ... SELECT to parse it.
  await sql`
    INSERT INTO revisions (scope, value)
    SELECT 's:' || id, (SELECT value FROM revisions WHERE scope = 'global') FROM subevents WHERE true
    ON CONFLICT (scope) DO NOTHING`.execute(db);
  await sql`
    INSERT INTO revisions (scope, value)
    SELECT 'rankings', value FROM revisions WHERE scope = 'global'
    ON CONFLICT (scope) DO NOTHING`.execute(db);
  await sql`
    INSERT INTO revisions (scope, value)
    SELECT 'listing', value FROM revisions WHERE scope = 'global'
    ON CONFLICT (scope) DO NOTHING`.execute(db);
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM revisions WHERE scope LIKE 's:%' OR scope IN ('rankings', 'listing')`.execute(db);
}
