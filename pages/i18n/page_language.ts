/**
 * Which language a page is shown in, and what chose it. The hall's screens (the TV, the overlays, the poster, the
 * printed sheets, the table scoreboards) speak the event's language unless `?lang=` says otherwise: a TV has no
 * reader to ask. Every other page (the spectators' pages on phones, the umpire's page, the desk) follows its
 * reader: `?lang=`, then the switcher's cookie, then the browser's `Accept-Language`, then the event's language,
 * then English. A page whose words are not all in the catalogs yet is English throughout (`lang="en"`), rather
 * than English words under another language's `lang`: a page component says it is translated (`translated`).
 */
import type { ComponentType, VNode } from "preact";
import { type Language, languageRequest } from "../../lib/languages.ts";

const SCREEN_PATHS = [
  /^\/overlay\//,
  /^\/t\/[^/]+\/(tv|poster|print)(\/|$)/,
  /^\/t\/[^/]+\/table\/[^/]+\/scoreboard$/,
];

/** Whether the path is one of the hall's screens or sheets, which speak the event's language. */
export function isScreenPath(path: string): boolean {
  return SCREEN_PATHS.some((p) => p.test(path));
}

/** A page component whose every word comes from the catalogs: `EventPage.translated = true` beside it. */
export type TranslatedPage = ComponentType<never> & { translated?: true };

/** Whether the page's component said it is translated. */
export function isTranslated(page: VNode): boolean {
  return typeof page.type === "function" && (page.type as TranslatedPage).translated === true;
}

/** A page's language and what chose it. */
export interface PageLanguage {
  lang: Language;
  /**
   * Chosen by the request's headers (the `lang` cookie, `Accept-Language`) rather than by its URL and the data:
   * the answer then varies with them, and no shared cache may keep it (http/page_cache.ts).
   */
  negotiated: boolean;
  /** The `?lang=` the URL names, which the page's links keep (pages/render.ts). */
  query: Language | null;
}

/**
 * The language of a page answering `req`, given whether the page is translated and the event's language when the
 * page belongs to an event.
 * @example pageLanguage(new Request("http://x/t/open/tv"), true, "de").lang // "de"
 */
export function pageLanguage(
  req: Request,
  translated: boolean,
  eventLanguage: Language | null = null,
): PageLanguage {
  const path = URL.parse(req.url)?.pathname ?? "/";
  const wish = languageRequest(req);
  const fixed = (lang: Language) => ({ lang, negotiated: false, query: wish.query });
  if (!translated) return fixed("en");
  if (wish.query !== null) return fixed(wish.query);
  if (isScreenPath(path)) return fixed(eventLanguage ?? "en");
  const chosen = wish.cookie ?? wish.accept;
  return { lang: chosen ?? eventLanguage ?? "en", negotiated: true, query: null };
}
