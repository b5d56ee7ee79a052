/**
 * The referee's acknowledgements of alerting incidents (issue 49): a red card or a yellow and a red card raises an
 * alert on /manage until the referee acknowledges it. One row per event and incident key (domain/incident_list.ts).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("incident_acknowledgements")
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("incident_key", "text", (c) => c.notNull())
    .addColumn("acknowledged_by", "text", (c) => c.notNull())
    .addColumn("acknowledged_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("incident_acknowledgements_pk", ["event_id", "incident_key"])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("incident_acknowledgements").execute();
}
