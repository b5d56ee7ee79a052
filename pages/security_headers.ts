/**
 * Security headers for every HTML page: a Content-Security-Policy whose only way to run a script or apply a
 * style is a nonce made fresh for each response (or, on a page kept by the hot path, the SHA-256 of each inline
 * element: pages/csp_hashes.ts), plus nosniff and a referrer policy.
 */
import { createMiddleware } from "hono/factory";
import type { AnswerCache, AnswerVersion } from "../http/answer_cache.ts";
import { hashInlineElements } from "./csp_hashes.ts";
import { PRIVATE_PAGE_CACHE_CONTROL } from "../http/page_cache.ts";
import type { StreamAir } from "./stream_air_context.tsx";

/**
 * The Hono environment of the pages sub-app: the middleware puts the response's nonce in `c.var.nonce`; a route
 * whose page has a version of its own (read before its data) puts it in `pageVersion` (pages/routes.tsx);
 * `generation` is the store's generation main's handler may keep the answer under (http/answer_cache.ts
 * `keptGeneration`), absent when it may not; `streamAir` the on-air state an overlay on air polls as well
 * (pages/stream_air_context.tsx).
 */

export interface PageEnv {
  Variables: {
    nonce: string;
    pageVersion: AnswerVersion | undefined;
    generation?: number;
    streamAir?: StreamAir;
  };
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const nonceBytes = new Uint8Array(16);

/**
 * A fresh random nonce: 128 bits as 32 hex digits (valid nonce characters), one per response. Hex by table
 * rather than base64 through a string spread: 0.2 µs instead of 2 µs, on every page answer.
 */
export function makeNonce(): string {
  crypto.getRandomValues(nonceBytes);
  let nonce = "";
  for (const byte of nonceBytes) nonce += HEX[byte];
  return nonce;
}

/**
 * The page policy: nothing is allowed by default; scripts and styles only with the nonce; images from the site
 * and data: URLs; fetch only to the site itself. frame-ancestors 'self' keeps the pages out of other sites'
 * frames; OBS browser sources are top-level pages, not frames, so overlays still work there.
 *
 * An overlay (`injectedStyles`) also takes any inline style: OBS applies a browser source's "Custom CSS" by
 * adding a `<style>` element without our nonce, and a producer restyles the overlay that way. An overlay holds
 * nothing secret, and its scripts stay locked to the nonce. (A nonce in `style-src` would switch
 * 'unsafe-inline' off, so the overlay's directive has none.)
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { injectedStyles?: boolean; serviceWorker?: boolean; frames?: boolean } = {},
): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    options.injectedStyles ? "style-src 'unsafe-inline'" : `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // The umpire's pages register a worker of the site (pages/operator/client/score/offline_pages.ts).
    ...(options.serviceWorker ? ["worker-src 'self'"] : []),
    // The producer's panel previews the site's own overlays in frames (pages/operator/stream_page.tsx).
    ...(options.frames ? ["frame-src 'self'"] : []),
  ].join("; ");
}

/**
 * Middleware: makes the nonce and sets the security headers on every response of the pages sub-app (`operator`:
 * one of the operator's pages, never cacheable). With
 * `keep` (the server's answer cache), the route's answer depends on its URL and the store's data alone, so that
 * main's handler may keep it (http/answer_cache.ts): the page is then rendered with a placeholder nonce, which the
 * cache turns into CSP hashes of the page's inline elements (a page it keeps) or a fresh nonce (one it does not).
 */
export function securityHeaders(
  options: { keep?: AnswerCache; serviceWorker?: boolean; operator?: boolean; frames?: boolean } = {},
) {
  return createMiddleware<PageEnv>(async (c, next) => {
    const cache = options.keep;
    const generation = cache && c.req.method === "GET" ? c.var.generation : undefined;
    const nonce = cache && generation !== undefined ? cache.placeholder : makeNonce();
    c.set("nonce", nonce);
    await next();
    const injectedStyles = c.req.path.startsWith("/overlay/");
    c.header(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        injectedStyles,
        serviceWorker: options.serviceWorker,
        frames: options.frames,
      }),
    );
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    // The nonce changes with every response, so a page is revalidated instead of reused (it carries no validator, so it is refetched).
    // An operator's page is never kept anywhere (http/page_cache.ts); a kept public page gets a lifetime there.
    // A page whose language the reader's headers chose (pages/render.ts sets its `Vary`) is the reader's only.
    c.header(
      "Cache-Control",
      options.operator
        ? PRIVATE_PAGE_CACHE_CONTROL
        : c.res.headers.has("vary")
        ? "private, no-cache"
        : "no-cache",
    );
    if (cache && generation !== undefined) {
      const res = await cache.rememberPage(c.req.raw, generation, c.res, {
        version: c.var.pageVersion,
        hashPage: hashInlineElements,
        nonce: makeNonce,
      });
      // Cleared first: assigning over a response would copy the old response's headers onto the new one.
      c.res = undefined;
      c.res = res;
    }
  });
}
