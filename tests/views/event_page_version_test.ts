/** views/event.ts `eventPageVersion()`: the event's version, and whether the hall's updates are paused now. */
import assert from "node:assert/strict";
import { storeReads } from "../../db/store_reads.ts";
import { eventPageVersion } from "../../views/event.ts";
import { PAUSED_AFTER_MS } from "../../views/relay_link.ts";
import { storeTest } from "../support/stores.ts";
import { seedPages } from "../pages/seed.ts";

const CONTACT = "2026-11-28T10:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(CONTACT) + ms);

storeTest("[views] eventPageVersion() moves when the hall's updates pause, not before", async (store) => {
  const seeded = await seedPages(store);
  const reads = storeReads(store);
  const deps = { db: store.db, versions: reads.versions, leaderboard: reads.leaderboard };
  const slug = seeded.event.slug;
  const own = await reads.versions.eventBySlug(slug);
  assert.ok(own);
  // Not relayed: the event's own version, whatever the hour.
  assert.equal(await eventPageVersion(deps, slug, at(10 * PAUSED_AFTER_MS)), own);
  await store.db.insertInto("relay_events").values({
    slug,
    venue_id: "venue",
    seq: 1,
    holder_since: CONTACT,
    last_contact_at: CONTACT,
    hidden: 0,
  }).execute();
  assert.equal(await eventPageVersion(deps, slug, at(PAUSED_AFTER_MS)), own);
  assert.equal(await eventPageVersion(deps, slug, at(PAUSED_AFTER_MS + 1)), `${own}.paused`);
  assert.equal(await eventPageVersion(deps, "no-such-event", at(0)), null);
});
