/**
 * Runs the migrations; they are imported statically so that a compiled binary needs no migration files.
 *
 * A small runner of our own rather than Kysely's Migrator: the Migrator finds its bookkeeping tables by
 * introspecting every schema of the database, which fails when another schema is dropped at the same moment
 * (several stores in one PostgreSQL database, as tests and tenants have). Here the bookkeeping table lives in
 * the store's own schema, all pending migrations apply in one transaction, and on PostgreSQL an advisory lock
 * makes instances that start together take turns.
 */
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import * as initial from "./migrations/2026_11_25_000000_initial.ts";
import * as revisionNotify from "./migrations/2026_11_25_000001_revision_notify.ts";
import * as ownVersions from "./migrations/2026_11_26_000000_own_versions.ts";
import * as idempotencyExpiry from "./migrations/2026_11_26_000001_idempotency_expiry.ts";
import * as correctionOrder from "./migrations/2026_11_27_000000_correction_order.ts";
import * as idempotencyRequests from "./migrations/2026_11_27_000001_idempotency_requests.ts";
import * as playerEntries from "./migrations/2026_11_27_000002_player_entries.ts";
import * as eventAnnouncement from "./migrations/2026_11_27_000003_event_announcement.ts";
import * as entryLookups from "./migrations/2026_11_27_000004_entry_lookups.ts";
import * as heldIdentities from "./migrations/2026_11_28_000000_held_identities.ts";
import * as playerIdKey from "./migrations/2026_11_28_000001_player_id_key.ts";
import * as umpireActions from "./migrations/2026_11_28_000100_umpire_actions.ts";
import * as plannedMatches from "./migrations/2026_11_28_000200_planned_matches.ts";
import * as calledMatches from "./migrations/2026_11_28_000300_called_matches.ts";
import * as eventSessions from "./migrations/2026_11_28_001000_event_sessions.ts";
import * as estimatedStarts from "./migrations/2026_11_28_002000_estimated_starts.ts";
import * as entryWithdrawals from "./migrations/2026_11_28_005000_entry_withdrawals.ts";
import * as eventChanges from "./migrations/2026_11_28_007000_event_changes.ts";
import * as featuredMatch from "./migrations/2026_11_28_008000_featured_match.ts";
import * as teamEvents from "./migrations/2026_11_28_009000_team_events.ts";
import * as tiePredictions from "./migrations/2026_11_28_009500_tie_predictions.ts";
import * as playerCountry from "./migrations/2026_11_28_010000_player_country.ts";
import * as estimatesAt from "./migrations/2026_11_28_012000_estimates_at.ts";
import * as eventChangesByCategory from "./migrations/2026_11_28_012100_event_changes_by_category.ts";
import * as relay from "./migrations/2026_12_04_000000_relay.ts";
import * as checkIns from "./migrations/2026_12_05_010000_check_ins.ts";
import * as resultConfirmations from "./migrations/2026_12_05_020000_result_confirmations.ts";
import * as matchTosses from "./migrations/2026_12_05_020100_match_tosses.ts";
import * as streamStates from "./migrations/2026_12_05_030000_stream_states.ts";
import * as eventLanguage from "./migrations/2026_12_05_040000_event_language.ts";
import * as incidentAcknowledgements from "./migrations/2026_12_05_040000_incident_acknowledgements.ts";
import * as medicalBreaks from "./migrations/2026_12_05_040100_medical_breaks.ts";
import * as streamPicks from "./migrations/2026_12_05_050000_stream_picks.ts";
import * as tablesPerTie from "./migrations/2026_12_05_060100_tables_per_tie.ts";
import * as undoneIncidents from "./migrations/2026_12_05_060200_undone_incidents.ts";
import type { Database } from "./schema.ts";

interface Migration {
  // deno-lint-ignore no-explicit-any
  up(db: Kysely<any>): Promise<void>;
}

const MIGRATIONS: Record<string, Migration> = {
  "2026_11_25_000000_initial": initial,
  "2026_11_25_000001_revision_notify": revisionNotify,
  "2026_11_26_000000_own_versions": ownVersions,
  "2026_11_26_000001_idempotency_expiry": idempotencyExpiry,
  "2026_11_27_000000_correction_order": correctionOrder,
  "2026_11_27_000001_idempotency_requests": idempotencyRequests,
  "2026_11_27_000002_player_entries": playerEntries,
  "2026_11_27_000003_event_announcement": eventAnnouncement,
  "2026_11_27_000004_entry_lookups": entryLookups,
  "2026_11_28_000000_held_identities": heldIdentities,
  "2026_11_28_000001_player_id_key": playerIdKey,
  "2026_11_28_000100_umpire_actions": umpireActions,
  "2026_11_28_000200_planned_matches": plannedMatches,
  "2026_11_28_000300_called_matches": calledMatches,
  "2026_11_28_001000_event_sessions": eventSessions,
  "2026_11_28_002000_estimated_starts": estimatedStarts,
  "2026_11_28_005000_entry_withdrawals": entryWithdrawals,
  "2026_11_28_007000_event_changes": eventChanges,
  "2026_11_28_008000_featured_match": featuredMatch,
  "2026_11_28_009000_team_events": teamEvents,
  "2026_11_28_009500_tie_predictions": tiePredictions,
  "2026_11_28_010000_player_country": playerCountry,
  "2026_11_28_012000_estimates_at": estimatesAt,
  "2026_11_28_012100_event_changes_by_category": eventChangesByCategory,
  "2026_12_04_000000_relay": relay,
  "2026_12_05_010000_check_ins": checkIns,
  "2026_12_05_020000_result_confirmations": resultConfirmations,
  "2026_12_05_020100_match_tosses": matchTosses,
  "2026_12_05_030000_stream_states": streamStates,
  "2026_12_05_040000_event_language": eventLanguage,
  "2026_12_05_040000_incident_acknowledgements": incidentAcknowledgements,
  "2026_12_05_040100_medical_breaks": medicalBreaks,
  "2026_12_05_050000_stream_picks": streamPicks,
  "2026_12_05_060100_tables_per_tie": tablesPerTie,
  "2026_12_05_060200_undone_incidents": undoneIncidents,
};

/** An arbitrary, fixed key of the PostgreSQL advisory lock that serialises migrations and start-up work. */
const MIGRATION_LOCK_KEY = 7_240_311;

/**
 * Call first in a start-up transaction that must run once however many instances start together (migrations,
 * loading the demo into an empty store): on PostgreSQL they take turns on the migration lock, so the second
 * sees what the first committed. SQLite has one writer at a time already.
 */
export async function lockStartup(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
  }
}

/** Brings the store's schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  let current = "";
  try {
    await db.transaction().execute(async (trx) => {
      if (dialect === "postgres") await lockStartup(trx);
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`
        .execute(trx);
      const applied = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
      const done = new Set(applied.rows.map((r) => r.name));
      for (const name of Object.keys(MIGRATIONS).sort()) {
        if (done.has(name)) continue;
        current = name;
        await MIGRATIONS[name]!.up(trx);
        const at = new Date().toISOString();
        await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${name}, ${at})`.execute(trx);
      }
    });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`Cannot migrate the store${current ? ` at "${current}"` : ""}: ${why}`);
  }
}
