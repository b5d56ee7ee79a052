/** Turns a page's Preact tree into the HTML response (doctype, status, content type), in the page's language. */
import type { Context } from "hono";
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withStreamAir } from "./stream_air_context.tsx";
import type { Language } from "../lib/languages.ts";
import { I18nContext, i18nFor } from "./i18n/mod.ts";
import { keepLanguageInLinks } from "./i18n/language_links.ts";
import { PagePathContext } from "./i18n/language_switcher.tsx";
import { isTranslated, pageLanguage } from "./i18n/page_language.ts";

/**
 * Renders the tree as a complete HTML document; Preact escapes every text and attribute value. A page in the
 * language its URL names keeps `?lang=` in its links; a page in the language the request's headers chose says
 * so in `Vary` (http/answer_cache.ts makes it private).
 */
export function renderPage(
  c: Context,
  page: VNode,
  status: 200 | 404 = 200,
  eventLanguage: Language | null = null,
): Response {
  const chosen = pageLanguage(c.req.raw, isTranslated(page), eventLanguage);
  if (chosen.negotiated) c.header("vary", NEGOTIATED_VARY);
  const tree = h(
    I18nContext.Provider,
    { value: i18nFor(chosen.lang) },
    h(PagePathContext.Provider, { value: pathWithoutLanguage(c.req.url) }, withStreamAir(c, page)),
  );
  const html = renderToString(tree);
  return c.html(
    "<!doctype html>" + (chosen.query === null ? html : keepLanguageInLinks(html, chosen.query)),
    status,
  );
}

/** What a negotiated page's language depends on besides its URL. */
export const NEGOTIATED_VARY = "Accept-Language, Cookie";

function pathWithoutLanguage(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null) return "/";
  parsed.searchParams.delete("lang");
  return parsed.pathname + parsed.search;
}
