/**
 * How an overlay on air learns what to watch besides its own data: the gate (pages/stream_routes.tsx) names
 * the event's on-air state (`/overlay/air/{slug}`) for the request, renderPage hands it to the page through
 * this context, and OverlayDocument adds it to the URLs the page polls, so that taking the graphic off air
 * reaches the overlay within one poll.
 */
import type { Context } from "hono";
import type { AnswerVersion } from "../http/answer_cache.ts";
import { createContext, type VNode } from "preact";

/** What the gate gives an overlay on air: the path of its part of the state, and that part's version. */
export interface StreamAir {
  watch: string;
  version: string;
  /** Reads the version again (the answer cache checks a kept page with it). */
  current: () => Promise<string | null>;
}

/** The on-air state's path an overlay polls as well; null outside the gate. */
export const StreamAirWatch = createContext<string | null>(null);

/**
 * The page with the on-air state's path given to it, when the gate named one. Such a page shows what the
 * producer has on air too, so a page the answer cache keeps under its data's version is kept under that and the
 * state's version together.
 */
export function withStreamAir(c: Context, page: VNode): VNode {
  const air = c.get("streamAir") as StreamAir | undefined;
  if (air === undefined) return page;
  const own = c.get("pageVersion") as AnswerVersion | undefined;
  if (own) {
    c.set(
      "pageVersion",
      {
        version: `${own.version}|${air.version}`,
        current: async () => {
          const [a, b] = await Promise.all([own.current(), air.current()]);
          return a === null || b === null ? null : `${a}|${b}`;
        },
      } satisfies AnswerVersion,
    );
  }
  return <StreamAirWatch.Provider value={air.watch}>{page}</StreamAirWatch.Provider>;
}
