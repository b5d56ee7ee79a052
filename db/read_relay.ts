/**
 * What the public server holds of each relayed event (docs/relay.md): who holds it, the count of pushes applied,
 * when the venue was last heard from, whether an admin hid it, and each part's hash as last pushed.
 * @module
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** What the public server holds of a relayed event. */
export interface RelayState {
  slug: string;
  venue: string | null;
  seq: number;
  holderSince: string | null;
  lastContactAt: string | null;
  hidden: boolean;
  /** Each part's hash as last pushed. */
  parts: Record<string, string>;
}

/** The public server's state of the relayed event `slug` (empty before the first push). */
export async function readRelayState(db: Kysely<Database>, slug: string): Promise<RelayState> {
  const row = await db.selectFrom("relay_events").selectAll().where("slug", "=", slug).executeTakeFirst();
  const parts = await db.selectFrom("relay_chunks").select(["chunk", "hash"]).where("slug", "=", slug)
    .execute();
  return {
    slug,
    venue: row?.venue_id ?? null,
    seq: Number(row?.seq ?? 0),
    holderSince: row?.holder_since ?? null,
    lastContactAt: row?.last_contact_at ?? null,
    hidden: Number(row?.hidden ?? 0) === 1,
    parts: Object.fromEntries(parts.map((p) => [p.chunk, p.hash])),
  };
}

/** When the venue of a relayed event was last heard from (the event answer's `relay`); null when not relayed. */
export async function relayContact(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db.selectFrom("relay_events").select("last_contact_at").where("slug", "=", slug)
    .executeTakeFirst();
  return row?.last_contact_at ?? null;
}
