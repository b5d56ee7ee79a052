/**
 * The language switcher's links: `/language/de?to=/t/open` remembers the reader's choice in the `lang` cookie for
 * the pages they open later without `?lang=`, and sends them to the page they were on with `?lang=de`. The one
 * answer that sets the cookie is private and never stored: the pages themselves stay the same for everyone who
 * asks for the same URL, and cacheable.
 */
import { Hono } from "hono";
import { isLanguage, LANGUAGE_COOKIE } from "../../lib/languages.ts";
import { PRIVATE_PAGE_CACHE_CONTROL } from "../../http/page_cache.ts";

/**
 * The path and query of `to` with `lang=` set; "/" for anything that is not a path of this site (an open
 * redirect to another site would be a phishing aid).
 * @example languageTarget("/rankings?page=2", "fr") // "/rankings?page=2&lang=fr"
 */
export function languageTarget(to: string | undefined, lang: string): string {
  const base = "http://site.invalid";
  const url = to !== undefined && /^\/(?![/\\])/.test(to) ? URL.parse(to, base) : null;
  const target = url !== null && url.origin === base ? url : new URL("/", base);
  target.searchParams.set("lang", lang);
  return target.pathname + target.search;
}

/** The switcher's route; an unknown language is an unknown page (the 404 routes after it answer). */
export function languageRoutes(): Hono {
  const app = new Hono();
  app.get("/language/:lang", (c, next) => {
    const lang = c.req.param("lang");
    if (!isLanguage(lang)) return next();
    c.header("set-cookie", `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
    c.header("cache-control", PRIVATE_PAGE_CACHE_CONTROL);
    return c.redirect(languageTarget(c.req.query("to"), lang), 303);
  });
  return app;
}
