/** Turns a page's Preact tree into the HTML response (doctype, status, content type), in the page's language. */
import type { Context } from "hono";
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withStreamAir } from "./stream_air_context.tsx";
import { type Language, LANGUAGE_COOKIE, languageRequest } from "../lib/languages.ts";
import { I18nContext, i18nFor } from "./i18n/mod.ts";
import { isScreenPath, pageLanguage } from "./i18n/page_language.ts";

/**
 * Renders the tree as a complete HTML document; Preact escapes every text and attribute value. A reader's page
 * asked for with `?lang=` (the language switcher's links) remembers the choice in a cookie for the next pages.
 */
export function renderPage(
  c: Context,
  page: VNode,
  status: 200 | 404 = 200,
  eventLanguage: Language | null = null,
): Response {
  const lang = pageLanguage(c.req.raw, eventLanguage);
  const chosen = languageRequest(c.req.raw).query;
  if (chosen !== null && !isScreenPath(c.req.path)) {
    c.header("set-cookie", `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  const tree = h(I18nContext.Provider, { value: i18nFor(lang) }, withStreamAir(c, page));
  return c.html("<!doctype html>" + renderToString(tree), status);
}
