/**
 * Reading an event's change feed through the public API's checking client, and the oracle it is checked
 * against: the ETags of every public resource of the event, read through the same API.
 */
import assert from "node:assert/strict";
import type { apiClient } from "./api_client.ts";

type Api = ReturnType<typeof apiClient>;

/** A change as the feed lists it. */
export interface Change {
  kind: string;
  id: string;
  version: string | null;
  url: string;
}

/** Every change after `since` (from the start when null), read in pages of `limit`, and the cursor after. */
export async function readFeed(
  api: Api,
  slug: string,
  since: string | null,
  limit = 100,
): Promise<{ changes: Change[]; next: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (let page = 0; page < 1000; page++) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor !== null) query.set("since", cursor);
    const { status, body } = await api.request(`/api/v1/events/${slug}/changes?${query}`);
    assert.equal(status, 200, `the feed of "${slug}" answers from ${cursor}`);
    changes.push(...body.data.changes);
    cursor = body.data.next;
    if (!body.data.hasMore) return { changes, next: cursor! };
  }
  throw new Error("The feed never ended");
}

/** The key of a resource in the feed and in the oracle. */
export const keyOf = (c: { kind: string; id: string }) => `${c.kind}:${c.id}`;

/**
 * The ETag of every public resource of an event, by feed key: the event, its players, each category's matches
 * and each match it lists (the oracle: a resource changed exactly when its ETag did).
 */
export async function publicEtags(api: Api, slug: string): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  const etag = async (url: string) => {
    const { status, res, body } = await api.request(url);
    assert.equal(status, 200, url);
    return { etag: res.headers.get("etag")!, body };
  };
  const event = await etag(`/api/v1/events/${slug}`);
  const eventId = event.body.data.event.id as string;
  etags.set(keyOf({ kind: "event", id: eventId }), event.etag);
  etags.set(keyOf({ kind: "players", id: eventId }), (await etag(`/api/v1/events/${slug}/players`)).etag);
  for (const sub of event.body.data.subevents as { id: string }[]) {
    const matches = await etag(`/api/v1/subevents/${sub.id}/matches`);
    etags.set(keyOf({ kind: "subevent", id: sub.id }), matches.etag);
    for (const m of matches.body.data.matches as { id: string }[]) {
      etags.set(keyOf({ kind: "match", id: m.id }), (await etag(`/api/v1/matches/${m.id}`)).etag);
    }
  }
  return etags;
}

/** The keys whose ETag differs between two oracle readings (added and gone ones included). */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): Set<string> {
  const keys = new Set<string>();
  for (const [k, v] of after) if (before.get(k) !== v) keys.add(k);
  for (const k of before.keys()) if (!after.has(k)) keys.add(k);
  return keys;
}
