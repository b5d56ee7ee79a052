/**
 * The language a reader chose by the URL (`?lang=`, the switcher's redirect) stays in the URL as they follow the
 * page's links: each page is then a function of its URL, which a shared cache may keep (http/page_cache.ts),
 * rather than of a cookie.
 */
import type { Language } from "../../lib/languages.ts";

// Links to the site's own pages; not the API, the operators' pages (their own language) or the switcher.
const PAGE_LINK = /(<a\s[^>]*?href=")(\/(?!\/|api\/|manage|score|language\/)[^"#]*)(#[^"]*)?"/g;

/**
 * Adds `lang=` to every link of `html` to one of the site's pages.
 * @example keepLanguageInLinks('<a href="/p/1?vs=2#h">', "de") // '<a href="/p/1?vs=2&amp;lang=de#h">'
 */
export function keepLanguageInLinks(html: string, lang: Language): string {
  return html.replace(PAGE_LINK, (_all, start: string, path: string, fragment: string | undefined) => {
    const joined = path.includes("?") ? `${path}&amp;lang=${lang}` : `${path}?lang=${lang}`;
    return `${start}${joined}${fragment ?? ""}"`;
  });
}
