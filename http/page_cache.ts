/**
 * HTTP caching of the public HTML pages that the answer cache keeps (http/answer_cache.ts `rememberPage`): the
 * same bytes for everyone (inline scripts and styles allowed by hash, pages/csp_hashes.ts), so a CDN or a browser
 * may keep them a short while and revalidate them with their ETag, as the API's answers. Pages made with a nonce
 * (not kept) and the operator's pages are never cacheable.
 */
import { fingerprint } from "../lib/fingerprint.ts";

/**
 * Cache-Control of a kept public page: shared caches keep it 10 s and may serve it 30 s more while they
 * revalidate (as the API, spec section 8); browsers revalidate on every load (a 304 while the page is the same).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/**
 * Cache-Control of a kept public page whose language the reader's headers chose (`Vary: Accept-Language,
 * Cookie`): the reader's browser may revalidate it by ETag, no shared cache keeps it. The same page with `?lang=`
 * in its URL, which its links and the language switcher use, is shared-cacheable.
 */
export const NEGOTIATED_PAGE_CACHE_CONTROL = "private, max-age=0";

/** Cache-Control of a page that must not be kept anywhere (the operator's pages). */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

/**
 * The weak ETag of a kept page, from its bytes (weak: the coding differs, the page does not).
 * @example pageEtag("<p>hi</p>") // 'W/"p9-…"'
 */
export function pageEtag(html: string): string {
  return `W/"p${html.length.toString(36)}-${fingerprint(html)}"`;
}
