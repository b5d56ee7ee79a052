/**
 * The hall's link, as the event answer and page show it (docs/relay.md): when the venue server of an event
 * published live through the relay was last heard from. It pushes at least every 30 s while its link is up, so an
 * older time says the hall's updates are paused.
 * @module
 */
import { relayContact } from "../db/read_relay.ts";
import type { ViewDeps } from "./view.ts";

/** The event answer's `relay`: present only for an event the relay publishes. */
export interface RelayLink {
  lastContactAt: string;
}

/** Past this long without word from the venue, its updates count as paused. */
export const PAUSED_AFTER_MS = 90_000;

/** The link of the event `slug`, or null when the event is not relayed. */
export async function relayLink(deps: ViewDeps, slug: string): Promise<RelayLink | null> {
  const at = await relayContact(deps.db, slug);
  return at === null ? null : { lastContactAt: at };
}

/** Whether the hall's updates are paused at `now`. */
export function hallPaused(link: RelayLink | null, now: Date): boolean {
  return link !== null && now.getTime() - Date.parse(link.lastContactAt) > PAUSED_AFTER_MS;
}
