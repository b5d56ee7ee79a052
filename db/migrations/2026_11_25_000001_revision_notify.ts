/**
 * PostgreSQL only: every committed bump of the global revision is notified on `tt_revision`, so that the
 * instances sharing the store keep their revision caches (db/revision_cache.ts) current. SQLite: nothing.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// deno-lint-ignore no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE OR REPLACE FUNCTION tt_notify_revision() RETURNS trigger AS $$
    BEGIN
      IF NEW.scope = 'global' THEN
        PERFORM pg_notify('tt_revision', TG_TABLE_SCHEMA || ':' || NEW.value::text);
      END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE TRIGGER tt_revisions_notify AFTER UPDATE ON revisions
    FOR EACH ROW EXECUTE FUNCTION tt_notify_revision()`.execute(db);
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS tt_revisions_notify ON revisions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tt_notify_revision()`.execute(db);
}
