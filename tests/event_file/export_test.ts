import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { apiClient } from "../support/api_client.ts";
import { makeStore, storeTest } from "../support/stores.ts";

const T0 = new Date("2026-04-18T12:00:00.000Z");
const fixture = (): EventFile =>
  JSON.parse(Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url)));

/** What the public API serves of an event, with the ids of entries and matches (which an export renews) out. */
async function publicView(store: Parameters<typeof apiClient>[0], slug: string) {
  const api = apiClient(store, () => T0);
  const event = (await api.request(`/api/v1/events/${slug}`)).body.data;
  const strip = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (k, v) =>
        /^(id|homeId|awayId|winnerId|entryId|matchId|playerId)$/.test(k) ? "-" : v),
    );
  const parts: unknown[] = [event.event];
  for (const sub of event.subevents) {
    for (const what of ["matches", "standings", "draw"]) {
      parts.push(strip((await api.request(`/api/v1/subevents/${sub.id}/${what}`)).body.data));
    }
  }
  return parts;
}

storeTest(
  "exportEvent() writes an importable file that imports to the same event, and exports again the same",
  async (store) => {
    await importEvent(store, fixture(), () => T0);
    const slug = fixture().event.slug;
    // Live play on top of the import: a point, a walkover, a correction.
    const ids = await store.db.selectFrom("matches").select(["id", "status"]).orderBy("id").execute();
    const live = ids.find((m) => m.status === "in_progress");
    if (live) await writeMatch(store, live.id, { type: "point", side: "home" }, { actor: "t", now: T0 });
    const file = await exportEvent(store.db, slug);
    assert.ok(file);
    const checked = await validateEventFile(file);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors.slice(0, 5)));
    assert.equal(file.players.length, fixture().players.length);
    assert.equal(file.categories.length, fixture().categories.length);
    // Another store: the same event as the public API serves it, ids of entries and matches aside.
    const other = await makeStore("sqlite");
    try {
      await importEvent(other, file, () => T0);
      assert.deepEqual(await publicView(other, slug), await publicView(store, slug));
      assert.deepEqual(await exportEvent(other.db, slug), file, "exported again: the same file");
    } finally {
      await other.drop();
    }
    assert.equal(await exportEvent(store.db, "no-such-event"), null);
  },
);

storeTest(
  "exportEvent() of the demo tournament imports and exports again the same",
  async (store) => {
    await loadDemoIfEmpty(store, T0);
    const file = await exportEvent(store.db, DEMO_SLUG);
    assert.ok(file && (await validateEventFile(file)).ok);
    const other = await makeStore("sqlite");
    try {
      await importEvent(other, file, () => T0);
      assert.deepEqual(await exportEvent(other.db, DEMO_SLUG), file);
    } finally {
      await other.drop();
    }
  },
);
