/**
 * How an overlay on air learns what to watch besides its own data: the gate (pages/stream_routes.tsx) names
 * the event's on-air state (`/overlay/air/{slug}`) for the request, renderPage hands it to the page through
 * this context, and OverlayDocument adds it to the URLs the page polls, so that taking the graphic off air
 * reaches the overlay within one poll.
 */
import type { Context } from "hono";
import { createContext, type VNode } from "preact";

/** The on-air state's path an overlay polls as well; null outside the gate. */
export const StreamAirWatch = createContext<string | null>(null);

/**
 * The page with the on-air state's path given to it, when the gate named one; such a page shows what the
 * producer has on air, so the answer cache keeps it for the store's generation only (which a change of the
 * state moves), not under its data's version.
 */
export function withStreamAir(c: Context, page: VNode): VNode {
  const watch: unknown = c.get("streamAir");
  if (typeof watch !== "string") return page;
  c.set("pageVersion", undefined);
  return <StreamAirWatch.Provider value={watch}>{page}</StreamAirWatch.Provider>;
}
