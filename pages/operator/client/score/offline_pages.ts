/**
 * The service worker of the umpire's pages (`/score-sw.js`, scope `/score`): it keeps the last copy of the list
 * and of a match page, so that `/score` and any `/score/{id}` open with no network after one visit (a reload
 * offline, "All matches" offline). A page is asked of the network first, so that a new version is used as soon as
 * it can be; the copy answers when the network fails or is slower than NETWORK_WAIT_MS. Every match page is the
 * same frame (the script reads the match from the address: page.ts `matchIdOf`), so one copy opens them all. The
 * management API is never touched: the taps wait in the page's outbox (outbox.ts). Every declaration is exported
 * so that the route can inline this module (pages/client_script.ts `moduleScript`).
 */

/** Where the worker is served; its scope is SCORE_SCOPE. */
export const WORKER_PATH = "/score-sw.js";
/** The pages the worker answers for: `/score` and everything under it. */
export const SCORE_SCOPE = "/score";
/** The Cache Storage name of the pages' copies (a new name drops the old copies). */
export const PAGES_CACHE = "tt-score-pages-1";
/** The key of the list's copy. */
export const LIST_COPY = "/score";
/** The key of the match page's copy: a path no match has, which the server answers with the same frame. */
export const FRAME_COPY = "/score/~frame";
/** How long a page waits for the network before its copy is shown instead. */
export const NETWORK_WAIT_MS = 4000;

/**
 * Which copy answers for a page of this path: the list's, the match frame's, or none (not an umpire's page).
 * @example copyKeyOf("/score") // "/score"
 * @example copyKeyOf("/score/m-12") // "/score/~frame"
 * @example copyKeyOf("/scores") // null
 */
export function copyKeyOf(pathname: string): string | null {
  if (pathname === "/score" || pathname === "/score/") return LIST_COPY;
  return /^\/score\/[^/]+$/.test(pathname) ? FRAME_COPY : null;
}

/** The parts of a service worker's global scope and its events that the worker uses. */
export interface WorkerScope {
  addEventListener(
    type: "install" | "activate",
    fn: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: "fetch",
    fn: (event: { request: Request; respondWith(r: Promise<Response>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}

/** Keeps a page's answer as the copy of its kind when it is a whole page (a 200 of HTML). */
export async function keepCopy(key: string, res: Response): Promise<void> {
  if (res.status !== 200 || !(res.headers.get("content-type") ?? "").includes("text/html")) return;
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(key, res);
}

/** Fetches both pages once at install, so that even a page never opened again online opens offline. */
export async function keepBothCopies(): Promise<void> {
  await Promise.all([
    fetch(LIST_COPY).then((res) => keepCopy(LIST_COPY, res)),
    fetch(FRAME_COPY).then((res) => keepCopy(FRAME_COPY, res)),
  ]);
}

/**
 * A page from the network, kept as its copy; from the copy when the network fails or is slow, and from the
 * network however slow when there is no copy.
 */
export async function pageFromNetworkOrCopy(request: Request, key: string): Promise<Response> {
  const network = fetch(request).then(async (res) => {
    await keepCopy(key, res.clone()).catch(() => {});
    return res;
  });
  const copy = () => caches.open(PAGES_CACHE).then((cache) => cache.match(key));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<"slow">((resolve) => timer = setTimeout(() => resolve("slow"), NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    return (await copy()) ?? await network;
  } catch (error) {
    const kept = await copy();
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The worker: takes over at once, and answers the umpire's page loads from the network or the copy. */
export function offlinePages(): void {
  const worker = globalThis as unknown as WorkerScope;
  worker.addEventListener("install", (event) => {
    event.waitUntil(keepBothCopies().catch(() => {}).then(() => worker.skipWaiting()));
  });
  worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));
  worker.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || request.mode !== "navigate") return;
    const key = copyKeyOf(new URL(request.url).pathname);
    if (key !== null) event.respondWith(pageFromNetworkOrCopy(request, key));
  });
}
