/// <reference lib="dom" />
/**
 * Browser script of every live page. It polls the JSON API URLs listed in `<body data-watch>` about every
 * `data-poll-ms` milliseconds (each wait drawn by pollWait, pages/client/poll_wait.ts, so that pages do not poll
 * in step) with `cache: "no-cache"`, so each poll revalidates with the ETag (a cheap 304).
 * When the data differs from what the page shows, it fetches the page again and swaps each `[data-region]`
 * element for its new version: the markup is rendered once, on the server, by the same Preact components.
 * A failed poll changes nothing on screen; it marks `<body data-stale="1">` (only debug overlays show that)
 * and the next poll tries again. After 15 s of failures it marks `data-stale-long="1"` too: the TV and the
 * spectators' pages then show their "stale-note" (scores may be out of date) until a poll succeeds.
 * What the page watches comes from the page too: a re-import may drop or add a category, so each fresh page's
 * `data-watch` replaces the list, and a watched URL that answers 404 (gone) makes the page be fetched again.
 * An overlay's graphic that goes plays its exit first (pages/client/leave.ts).
 * The body gets a `regions-updated` event after each swap and a `polled` event after each poll, whether it
 * failed or not: tests wait for those instead of for a number of seconds.
 */
// Inlined, the page's script declares what this imports before this function (pages/client_script.ts).
import { pollWait } from "./poll_wait.ts";
import { PUSHED_POLL_MS, pushStream, pushWanted } from "./push_stream.ts";
import { emptiedBy, leave, leavingRegions } from "./leave.ts";

export function liveRegions(): void {
  const body = document.body;
  const watchList = (watch: string | null) => (watch ?? "").split(" ").filter((u) => u !== "");
  let urls = watchList(body.getAttribute("data-watch"));
  const every = Number(body.dataset.pollMs) || 1000;
  // What the page shows; empty at first, so the first poll also catches a change made since the page was made.
  let shown = "";
  // When the polls began to fail (null while they succeed), and how long before the page says so.
  let staleSince: number | null = null;
  const STALE_NOTE_AFTER_MS = 15_000;
  // A page may show something else at a time though its data stay the same (a table's overlay ends its hold of
  // a result): `data-refresh-in` ms after it was made, the next poll fetches it again.
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshAfter = (ms: string | null) => {
    clearTimeout(refreshTimer);
    if (ms !== null && ms !== "") {
      refreshTimer = setTimeout(() => {
        shown = "";
        wake();
      }, Number(ms));
    }
  };
  refreshAfter(body.getAttribute("data-refresh-in"));

  // An overlay on air (`data-poll="self"`, pages/overlay_document.tsx) polls its own page, one HEAD a poll: the
  // page's ETag follows its data and the producer's on-air state together (http/page_head.ts). A page without
  // an ETag (made with a nonce, not kept) is told by its watched URLs instead.
  let pollSelf = body.dataset.poll === "self";
  let selfTag: string | null = null;

  async function readData(): Promise<string> {
    if (pollSelf) {
      const res = await fetch(location.href, {
        method: "HEAD",
        cache: "no-store",
        headers: selfTag === null ? {} : { "If-None-Match": selfTag },
        signal: AbortSignal.timeout(8000),
      });
      if (res.status === 404) return "gone";
      if (res.status !== 304 && !res.ok) throw new Error(`Poll of the page answered ${res.status}`);
      selfTag = res.status === 304 ? selfTag : res.headers.get("etag");
      if (selfTag !== null) return `page ${selfTag}`;
      pollSelf = false;
    }
    const parts = await Promise.all(urls.map(async (url) => {
      const res = await fetch(url, { cache: "no-cache", signal: AbortSignal.timeout(8000) });
      // Gone (a re-import dropped the category): not JSON, so it differs from what is shown and the page, made
      // again without it, brings the new watch list. Throwing would leave the page stale for good.
      if (res.status === 404) return "gone";
      if (!res.ok) throw new Error(`Poll of "${url}" answered ${res.status}`);
      // Only `data` counts: `meta.generatedAt` changes with every full answer.
      return JSON.stringify((await res.json()).data);
    }));
    return parts.join("\n");
  }

  /** Swaps the regions; true when the fresh page watches other URLs (which it then polls from now on). */
  async function swapRegions(): Promise<boolean> {
    const res = await fetch(location.href, { cache: "no-store", signal: AbortSignal.timeout(8000) });
    if (!res.ok) throw new Error(`Reload of the page answered ${res.status}`);
    // The new page's style element carries another nonce: parsing it would be reported as a CSP violation.
    const html = (await res.text()).replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
    const fresh = new DOMParser().parseFromString(html, "text/html");
    // A page that changed shape (the players of a pending match became known: score and prediction appear) has
    // regions this one lacks: it is loaded whole, once.
    const names = Array.from(
      fresh.querySelectorAll("[data-region]"),
      (r) => r.getAttribute("data-region") ?? "",
    );
    if (names.some((n) => !document.querySelector(`[data-region="${CSS.escape(n)}"]`))) {
      // An overlay's graphic taken off air leaves with its exit before its transparent page loads.
      if (fresh.body.hasAttribute("data-off-air")) await leave(leavingRegions());
      location.reload();
      return false;
    }
    // A keyboard user on a link or control of a swapped region gets the focus back on its copy in the new one.
    const focused = document.activeElement;
    const focusedRegion = focused?.closest("[data-region]")?.getAttribute("data-region");
    const focusKey = focused instanceof HTMLElement ? focusKeyOf(focused) : null;
    for (const next of Array.from(fresh.querySelectorAll("[data-region]"))) {
      const name = next.getAttribute("data-region") ?? "";
      const current = document.querySelector(`[data-region="${CSS.escape(name)}"]`);
      // A region the same as shown stays: the first poll after the load (at once when a stream opens) leaves
      // what is read, scrolled to or clicked in place.
      if (current && current.outerHTML !== next.outerHTML) {
        // A graphic that goes (the slate or the sponsor taken off air) plays its exit first.
        if (emptiedBy(current, next)) await leave([current]);
        current.replaceWith(document.importNode(next, true));
      }
    }
    if (focusedRegion && focusKey && document.activeElement !== focused) {
      const region = document.querySelector(`[data-region="${CSS.escape(focusedRegion)}"]`);
      const twin = [...region?.querySelectorAll<HTMLElement>("a, button, [tabindex]") ?? []]
        .find((el) => focusKeyOf(el) === focusKey);
      twin?.focus({ preventScroll: true });
    }
    refreshAfter(fresh.body.getAttribute("data-refresh-in"));
    pollSelf = fresh.body.getAttribute("data-poll") === "self";
    const watch = fresh.body.getAttribute("data-watch");
    if (watch === null || watch === body.getAttribute("data-watch")) return false;
    body.setAttribute("data-watch", watch);
    urls = watchList(watch);
    return true;
  }

  /** What names a focusable element across a swap: where a link goes, or its id, or its label. */
  function focusKeyOf(el: HTMLElement): string | null {
    return el.getAttribute("href") ?? (el.id || null) ?? el.getAttribute("aria-label");
  }

  // Push (client/push_stream.ts): while the stream is open, a change wakes the poll and the timer is a net.
  let pushed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let again = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
  };
  /** Polls now, or right after the poll under way. */
  function wake(): void {
    if (polling) again = true;
    else if (urls.length > 0) schedule(0);
  }

  async function poll(): Promise<void> {
    polling = true;
    try {
      const data = await readData();
      if (data !== shown) {
        // New URLs: what is shown is not their data yet, so the next poll swaps once more.
        shown = (await swapRegions()) ? "" : data;
        body.dispatchEvent(new CustomEvent("regions-updated"));
      }
      delete body.dataset.stale;
      delete body.dataset.staleLong;
      staleSince = null;
    } catch {
      body.dataset.stale = "1";
      // A drop of a few seconds (a server restart, a Wi-Fi hiccup) stays invisible; a longer one is said, so
      // that nobody reads a score minutes old as the score (the pages' "stale-note"; overlays show nothing).
      staleSince ??= Date.now();
      if (Date.now() - staleSince >= STALE_NOTE_AFTER_MS) body.dataset.staleLong = "1";
    } finally {
      polling = false;
      schedule(again ? 0 : pollWait(pushed ? Math.max(every, PUSHED_POLL_MS) : every, Math.random()));
      again = false;
      body.dispatchEvent(new CustomEvent("polled"));
    }
  }

  if (urls.length > 0) schedule(pollWait(every, Math.random()));
  if (pushWanted(location.pathname, location.search, urls)) {
    pushStream(() => urls, wake, (open) => {
      // While the stream is away the page polls at its own interval again, from now.
      if (pushed && !open) schedule(pollWait(every, Math.random()));
      pushed = open;
      body.dataset.push = open ? "open" : "polling";
      body.dispatchEvent(new CustomEvent(open ? "push-open" : "push-closed"));
    });
  }
}
