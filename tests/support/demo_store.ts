/**
 * The data a spawned server of the reliability tests starts on: the demo event, an admin token to write with, and
 * for the tests that need many writes to choose from, draft events of their own.
 */
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import type { Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { testNow } from "./test_clock.ts";

/** Loads the demo into an empty store and makes an admin token labelled `label`; returns the token's secret. */
export async function demoWithAdmin(store: Store, label: string, now = testNow()): Promise<string> {
  await loadDemoIfEmpty(store, now);
  return (await createToken(store.db, { role: "admin", label }, now)).secret;
}

/** Inserts `count` draft events, slugs `${slug}-0`… and names `${name} 0`…, one day each. */
export async function addDraftEvents(store: Store, count: number, slug: string, name: string, now: Date) {
  for (let i = 0; i < count; i++) {
    await store.db.insertInto("events").values({
      id: crypto.randomUUID(),
      slug: `${slug}-${i}`,
      name: `${name} ${i}`,
      venue: "Hall",
      start_date: "2026-12-01",
      end_date: "2026-12-01",
      status: "draft",
      description: "",
      poster_url: null,
      revision: 0,
      source_hash: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }).execute();
  }
}
