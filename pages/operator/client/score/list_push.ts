/// <reference lib="dom" />
/**
 * Push for the umpire's list `/score`: the change stream of the list's event (pages/client/push_stream.ts, as the
 * spectators' pages and the TV have it) makes the list read its matches again at once on any change of the
 * event, so a match the desk calls or a score written elsewhere shows without waiting. The list's own refresh
 * every 10 seconds (match_list.ts `setupList`) goes on: it is what the list falls back to while the stream is
 * away. Every declaration is exported so that the page can inline this module (pages/client_script.ts).
 */
import { pushStream } from "../../../client/push_stream.ts";

/**
 * What the list's stream watches: the event's matches, which the feed does not name one by one, so that any
 * change of the event wakes the list.
 * @example listWatch("city-open") // ["/api/v1/events/city-open/matches"]
 */
export function listWatch(slug: string): string[] {
  return [`/api/v1/events/${encodeURIComponent(slug)}/matches`];
}

/**
 * Runs `refresh` on each call, one at a time: calls while one runs make a single one more after it, so a burst
 * of changes costs two reads, not one per change.
 */
export function coalesced(refresh: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      await refresh();
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}

/**
 * Listens to the stream of the event `slug` (once: later calls change nothing), refreshing the list on each
 * change and each time the stream opens; the body's `data-push` says "open" or "polling" (for tests).
 */
export function listenToEvent(slug: string, refresh: () => Promise<void>): void {
  if (typeof EventSource !== "function" || document.body.dataset.push !== undefined) return;
  document.body.dataset.push = "polling";
  pushStream(() => listWatch(slug), coalesced(refresh), (open) => {
    document.body.dataset.push = open ? "open" : "polling";
  });
}
