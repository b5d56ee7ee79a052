/**
 * HTTP caching of the public API: the Cache-Control every response carries, ETags derived from the data
 * revision, and the `If-None-Match` comparison. The revision lookup lives here alone so that it can be
 * replaced by an in-process revision cache without touching the handlers.
 */
import { fingerprint } from "../lib/fingerprint.ts";
import type { Store } from "../db/store.ts";

/** Cache-Control of every /api/v1 response (spec: s-maxage=10 with stale-while-revalidate=30). */
export const CACHE_CONTROL = "public, s-maxage=10, stale-while-revalidate=30";

/**
 * What every /api/v1 response carries, errors, 304s and the app's guards (http/limits.ts) included: the spec's
 * caching and CORS, the ETag, Retry-After and the rate limit fields readable by scripts of other sites (none
 * is a CORS-safelisted header), and the coding as part of the cache key.
 */
export const SHARED_API_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": CACHE_CONTROL,
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, RateLimit, RateLimit-Policy",
  "Vary": "Accept-Encoding",
  "X-Content-Type-Options": "nosniff",
};

/**
 * The data revision that every public response depends on: the global revision, which grows with every
 * write (db/revision.ts). Read it before the page's queries: a write landing in between then yields new
 * data under the old ETag, which the next poll corrects, never old data under a new ETag.
 */
export function currentRevision(deps: { readonly store: Store }): Promise<number> {
  return deps.store.revisions.current();
}

export { fingerprint };

/**
 * The weak ETag of a resource at a version: `W/"<version>-<fingerprint of the key>"` (`r<global revision>`,
 * `e<event revision>`, `s<category version>`, `k<rankings version>` or `m<match revision>.<ms>`, see
 * db/read_versions.ts), where the key is
 * the path (under /api/v1) plus the normalised query. Weak because the bytes differ with the encoding (gzip,
 * br, none) and with `meta.generatedAt`, while the data is the same.
 * @example etagFor("r42", "/rankings?limit=100&offset=0") // 'W/"r42-2ed1da15"'
 */
export function etagFor(revision: string, key: string): string {
  return `W/"${revision}-${fingerprint(key)}"`;
}

/**
 * Whether an `If-None-Match` header matches the ETag, by the weak comparison of RFC 9110 13.1.2 (`W/` is
 * ignored). `*` matches any current representation, so it counts only when `exists` says there is one: a
 * caller that has not yet looked the resource up passes false, lest an unknown id get a 304 instead of its 404.
 */
export function ifNoneMatchHits(header: string | undefined | null, etag: string, exists = true): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => (exists && tag.trim() === "*") || opaque(tag) === wanted);
}
