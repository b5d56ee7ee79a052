/**
 * Which language a page is shown in. The hall's screens (the TV, the overlays, the poster, the printed sheets,
 * the table scoreboards) speak the event's language unless `?lang=` says otherwise: a TV has no reader to ask.
 * Every other page (the spectators' pages on phones, the umpire's page, the desk) follows its reader: `?lang=`,
 * then the switcher's cookie, then the browser's `Accept-Language`, then the event's language, then English.
 */
import { type Language, languageRequest } from "../../lib/languages.ts";

const SCREEN_PATHS = [
  /^\/overlay\//,
  /^\/t\/[^/]+\/(tv|poster|print)(\/|$)/,
  /^\/t\/[^/]+\/table\/[^/]+\/scoreboard$/,
];

// The pages whose words are all in the catalogs so far; every other page is English throughout, `lang="en"`
// included, rather than English words under another language's `lang`. TODO(#53): the rest of the pages.
const TRANSLATED_PATHS = [
  /^\/$/,
  /^\/t\/[^/]+$/,
  /^\/t\/[^/]+\/tv$/,
  /^\/overlay\/match\/[^/]+$/,
  /^\/score(\/[^/]+)?$/,
  /^\/t\/[^/]+\/(poster|print\/(matches|order))$/,
];

/** Whether the path is one of the hall's screens or sheets, which speak the event's language. */
export function isScreenPath(path: string): boolean {
  return SCREEN_PATHS.some((p) => p.test(path));
}

/**
 * The language of a page answering `req`, given the event's language when the page belongs to an event.
 * @example pageLanguage(new Request("http://x/t/open/tv"), "de") // "de"
 */
export function pageLanguage(req: Request, eventLanguage: Language | null = null): Language {
  const path = URL.parse(req.url)?.pathname ?? "/";
  if (!TRANSLATED_PATHS.some((p) => p.test(path))) return "en";
  const wish = languageRequest(req);
  if (isScreenPath(path)) return wish.query ?? eventLanguage ?? "en";
  return wish.query ?? wish.cookie ?? wish.accept ?? eventLanguage ?? "en";
}
