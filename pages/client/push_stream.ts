/// <reference lib="dom" />
/**
 * Push for a live page (docs/pages.md "Push"): one server-sent stream per page, `/live/changes?watch=<the
 * page's data-watch>` (api/change_stream.ts), which sends the event's changes as they are written. A change to
 * what the page watches makes the page poll at once (client/live_regions.ts), so the markup still comes from
 * the server and a page that missed a change catches up by reading its data again. While the stream is open the
 * page polls only every PUSHED_POLL_MS, as a safety net; while it is not (a proxy that buffers, the server
 * away, too many streams) it polls at its own interval, and the browser's EventSource reconnects with
 * `Last-Event-ID`; a stream refused for good is tried again after a while. The page polls once more each time
 * the stream opens, for what happened while it was away.
 * Overlays keep the spec's once-a-second poll unless their URL has `push=1`.
 *
 * Inlined into the pages with liveRegions (pages/client_script.ts `moduleScript`): every declaration is exported.
 */

/** How often a page with an open stream polls all the same. */
export const PUSHED_POLL_MS = 5000;

/** The longest wait before a refused stream is tried again. */
export const PUSH_RETRY_MAX_MS = 60_000;

/**
 * The API paths the change feed names (views/event_changes.ts), whose changes it lists one by one. A pattern's
 * source, not a RegExp: the inlined script declares plain data only, and a RegExp would become `{}`.
 */
export const FEED_PATH = "^/api/v1/(matches/[^/?]+|subevents/[^/?]+/matches|events/[^/?]+(/players)?)$";

/** What a page watches that belongs to an event (its stream can be found from it). */
export const EVENT_PATH = "^/api/v1/(events|matches|ties|subevents)/";

/**
 * Whether a page listens to the change stream: a page watching something of an event does, in a browser that
 * has EventSource; an overlay only with `push=1` in its URL.
 * @example pushWanted("/overlay/match/1", "?push=1", ["/api/v1/matches/1"]) // true
 * @example pushWanted("/overlay/match/1", "", ["/api/v1/matches/1"]) // false
 */
export function pushWanted(path: string, search: string, watch: readonly string[]): boolean {
  if (typeof EventSource !== "function" || !watch.some((url) => new RegExp(EVENT_PATH).test(url))) {
    return false;
  }
  return !path.startsWith("/overlay/") || new URLSearchParams(search).get("push") === "1";
}

/**
 * Whether changed resources (their `url`s) concern a page watching `watch`: one of them is watched, or the
 * page watches something the feed does not name one by one (a tie, a filtered list), which any change of the
 * event may move.
 * @example changeConcerns(["/api/v1/matches/1"], ["/api/v1/matches/2"]) // false
 * @example changeConcerns(["/api/v1/ties/7"], ["/api/v1/matches/2"]) // true
 */
export function changeConcerns(watch: readonly string[], changed: readonly string[]): boolean {
  if (watch.some((url) => !new RegExp(FEED_PATH).test(url))) return changed.length > 0;
  return changed.some((url) => watch.includes(url));
}

/**
 * Opens the page's stream: `wake()` on each change that concerns `watch()` and each time the stream opens,
 * `state(open)` as it opens and breaks.
 */
export function pushStream(watch: () => string[], wake: () => void, state: (open: boolean) => void): void {
  let retry = 5000;
  // The last event's id: a stream made anew (after one closed for good) resumes from it, as a reconnection does.
  let last = "";
  const open = () => {
    const since = last === "" ? "" : `&since=${encodeURIComponent(last)}`;
    const source = new EventSource(`/live/changes?watch=${encodeURIComponent(watch().join(" "))}${since}`);
    source.addEventListener("open", () => {
      retry = 5000;
      state(true);
      wake();
    });
    source.addEventListener("ready", (e) => last = (e as MessageEvent<string>).lastEventId);
    source.addEventListener("changes", (e) => {
      last = (e as MessageEvent<string>).lastEventId;
      const page = JSON.parse((e as MessageEvent<string>).data) as { changes: { url: string }[] };
      if (changeConcerns(watch(), page.changes.map((c) => c.url))) wake();
    });
    source.addEventListener("reset", () => wake());
    source.addEventListener("error", () => {
      state(false);
      // Closed for good (refused, or the event unpublished): tried again later; else it reconnects by itself.
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(open, retry * (0.9 + 0.2 * Math.random()));
      retry = Math.min(PUSH_RETRY_MAX_MS, retry * 2);
    });
  };
  open();
}
