/**
 * The venue server's record of what the public server holds of its event (docs/relay.md): each part's stamp and
 * hash as last acknowledged. What differs from the store is the outbox; it lives in the store, so it survives
 * restarts and kill -9, and a push whose answer was lost is found out by reading the public server's hashes.
 * @module
 */
import type { Kysely } from "kysely";
import { chunksOf } from "./relay_parts.ts";
import type { Database } from "./schema.ts";
import { writeTransaction } from "./write_transaction.ts";

type Db = Kysely<Database>;

const VENUE_ID_KEY = "relay_venue_id";

/** This store's relay id (made once): how the public server tells one venue server from another. */
export async function venueRelayId(db: Db): Promise<string> {
  const found = await db.selectFrom("store_keys").select("value").where("name", "=", VENUE_ID_KEY)
    .executeTakeFirst();
  if (found) return found.value;
  await db.insertInto("store_keys").values({ name: VENUE_ID_KEY, value: crypto.randomUUID() })
    .onConflict((oc) => oc.column("name").doNothing()).execute();
  const row = await db.selectFrom("store_keys").select("value").where("name", "=", VENUE_ID_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

const SLUG_KEY = "relay_slug";

/** Keeps the slug the relay token pushes, so that a server started while the link is down knows its outbox. */
export async function rememberRelaySlug(db: Db, slug: string): Promise<void> {
  await db.insertInto("store_keys").values({ name: SLUG_KEY, value: slug })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: slug })).execute();
}

/** The slug the relay last pushed, or null. */
export async function rememberedRelaySlug(db: Db): Promise<string | null> {
  const row = await db.selectFrom("store_keys").select("value").where("name", "=", SLUG_KEY)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** A part as acknowledged: its stamp when it was hashed, and its hash. */
export interface SentPart {
  stamp: string;
  hash: string;
}

/** Every part of the event `slug` as the public server last acknowledged it. */
export async function readSent(db: Db, slug: string): Promise<Map<string, SentPart>> {
  const rows = await db.selectFrom("relay_sent").select(["chunk", "stamp", "hash"]).where("slug", "=", slug)
    .execute();
  return new Map(rows.map((r) => [r.chunk, { stamp: r.stamp, hash: r.hash }]));
}

/** Records parts the public server acknowledged (or found it had already), and parts it no longer holds. */
export async function recordSent(
  db: Db,
  slug: string,
  parts: ReadonlyMap<string, SentPart>,
  removed: readonly string[],
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const list = [...parts].map(([chunk, p]) => ({ slug, chunk, stamp: p.stamp, hash: p.hash }));
    for (const batch of chunksOf(list, 300)) {
      await trx.insertInto("relay_sent").values(batch)
        .onConflict((oc) =>
          oc.columns(["slug", "chunk"]).doUpdateSet((eb) => ({
            stamp: eb.ref("excluded.stamp"),
            hash: eb.ref("excluded.hash"),
          }))
        ).execute();
    }
    for (const batch of chunksOf(removed, 300)) {
      await trx.deleteFrom("relay_sent").where("slug", "=", slug).where("chunk", "in", batch).execute();
    }
  });
}

/**
 * Makes the record the public server's own hashes: a part whose hash it already had keeps its stamp, any other
 * is to be read and hashed again (stamp ""), a part the public server lacks is forgotten.
 */
export async function resetSent(db: Db, slug: string, publicHashes: Readonly<Record<string, string>>) {
  const sent = await readSent(db, slug);
  const keep = new Map<string, SentPart>();
  for (const [chunk, hash] of Object.entries(publicHashes)) {
    const mine = sent.get(chunk);
    keep.set(chunk, { stamp: mine?.hash === hash ? mine.stamp : "", hash });
  }
  await writeTransaction(db, async (trx) => {
    await trx.deleteFrom("relay_sent").where("slug", "=", slug).execute();
    for (const batch of chunksOf([...keep].map(([chunk, p]) => ({ slug, chunk, ...p })), 300)) {
      await trx.insertInto("relay_sent").values(batch).execute();
    }
  });
}
