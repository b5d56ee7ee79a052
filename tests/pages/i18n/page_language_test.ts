/**
 * Which language a page speaks: a reader's page by `?lang=`, the switcher's cookie, `Accept-Language`; the hall's
 * screens by `?lang=` only (or the event's language); and main's answer cache keeps one page per language.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../../lib/log.ts";
import { bestOfAcceptLanguage, cookieLanguage, type Language, languageKey } from "../../../lib/languages.ts";
import { createApp, createHandler } from "../../../main.ts";
import { withReadState } from "../../../http/deps.ts";
import { isScreenPath, pageLanguage } from "../../../pages/i18n/page_language.ts";
import { keepLanguageInLinks } from "../../../pages/i18n/language_links.ts";
import { languageTarget } from "../../../pages/i18n/language_route.ts";
import {
  NEGOTIATED_PAGE_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
} from "../../../http/page_cache.ts";
import { stageText } from "../../../pages/format.ts";
import { i18nFor } from "../../../pages/i18n/mod.ts";
import { storeTest } from "../../support/stores.ts";
import { seedPages } from "../seed.ts";

const NOW = new Date("2026-11-28T10:00:00.000Z");
const at = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://venue.test${path}`, { headers });

Deno.test("bestOfAcceptLanguage() takes the supported language of highest weight", () => {
  assert.equal(bestOfAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8"), "fr");
  assert.equal(bestOfAcceptLanguage("ko, ja;q=0.5, de;q=0.7"), "de");
  assert.equal(bestOfAcceptLanguage("zh-Hans-CN"), "zh");
  assert.equal(bestOfAcceptLanguage("ko, sv"), null);
  assert.equal(bestOfAcceptLanguage(null), null);
  assert.equal(cookieLanguage("a=1; lang=ar; b=2"), "ar");
  assert.equal(cookieLanguage("lang=xx"), null);
});

Deno.test("pageLanguage() follows the reader on a reader's page and the event on the hall's screens", () => {
  const german = { "accept-language": "de-DE,de;q=0.9" };
  const lang = (req: Request, eventLanguage: Language | null = null) =>
    pageLanguage(req, true, eventLanguage).lang;
  assert.equal(lang(at("/t/open", german)), "de");
  assert.equal(lang(at("/t/open", { ...german, cookie: "lang=ja" })), "ja");
  assert.equal(lang(at("/t/open?lang=es", { ...german, cookie: "lang=ja" })), "es");
  assert.equal(lang(at("/t/open"), "fr"), "fr");
  assert.equal(lang(at("/t/open/tv", german)), "en");
  assert.equal(lang(at("/t/open/tv", german), "zh"), "zh");
  assert.equal(lang(at("/t/open/tv?lang=ar", german), "zh"), "ar");
  for (const path of ["/overlay/match/x", "/t/a/poster", "/t/a/print/matches", "/t/a/table/3/scoreboard"]) {
    assert.ok(isScreenPath(path), path);
  }
  assert.ok(!isScreenPath("/t/a/players"));
  assert.deepEqual(
    pageLanguage(at("/t/open/players?lang=de", german), false),
    { lang: "en", negotiated: false, query: "de" },
    "a page not translated yet is English throughout, and its links keep the reader's choice",
  );
  // What chose the language: the headers only when the URL does not name one, and never on a screen.
  assert.equal(pageLanguage(at("/t/open", german), true).negotiated, true);
  assert.equal(pageLanguage(at("/t/open"), true).negotiated, true, "no wish is a wish: a later one differs");
  assert.equal(pageLanguage(at("/t/open?lang=de", german), true).negotiated, false);
  assert.equal(pageLanguage(at("/t/open/tv", german), true).negotiated, false);
  assert.equal(languageKey(at("/", { cookie: "lang=fr", "accept-language": "de" })), "fr-de");
  assert.equal(languageKey(at("/?lang=ja", { cookie: "lang=fr" })), "", "the URL alone says it");
});

Deno.test("keepLanguageInLinks() adds the URL's language to the links to the site's pages only", () => {
  const html = [
    '<a href="/t/open">',
    '<a class="x" href="/p/1?vs=2#head-to-head">',
    '<a href="/api/v1/events">',
    '<a href="https://ittf.com/">',
    '<a href="#main">',
    '<a href="/manage">',
    '<link href="/t/open">',
  ].join("");
  assert.equal(
    keepLanguageInLinks(html, "de"),
    [
      '<a href="/t/open?lang=de">',
      '<a class="x" href="/p/1?vs=2&amp;lang=de#head-to-head">',
      '<a href="/api/v1/events">',
      '<a href="https://ittf.com/">',
      '<a href="#main">',
      '<a href="/manage">',
      '<link href="/t/open">',
    ].join(""),
  );
});

Deno.test("languageTarget() comes back to a path of this site only", () => {
  assert.equal(languageTarget("/rankings?page=2&lang=fr", "de"), "/rankings?page=2&lang=de");
  assert.equal(languageTarget("/t/open", "ar"), "/t/open?lang=ar");
  for (
    const away of ["//evil.test/x", "https://evil.test/", "/\\evil.test", "javascript:alert(1)", undefined]
  ) {
    assert.equal(languageTarget(away, "ja"), "/?lang=ja", String(away));
  }
});

Deno.test("stageText() words the API's round and group labels in the page's language", () => {
  const de = i18nFor("de");
  assert.equal(stageText("Round of 16", de), "Achtelfinale");
  assert.equal(stageText("Round of 32", de), "Runde der letzten 32");
  assert.equal(stageText("Quarter-final", i18nFor("fr")), "Quart de finale");
  assert.equal(stageText("Group B", i18nFor("ja")), "グループB");
  assert.equal(stageText("Round 2", i18nFor("zh")), "第2轮");
  assert.equal(stageText("Plate final", de), "Plate final");
});

storeTest(
  "[pages] a page speaks its reader's language, and the kept page is kept once per language",
  async (store) => {
    const seeded = await seedPages(store);
    const deps = withReadState({ store, log: silentLogger, clock: () => NOW });
    const handler = createHandler(deps, createApp(deps));
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await handler(at(path, headers));
      return { res, html: await res.text() };
    };
    const path = `/t/${seeded.event.slug}`;
    for (let i = 0; i < 2; i++) {
      // Twice each: the second answer comes from the answer cache, and must still be the reader's language.
      const english = await page(path);
      assert.match(english.html, /<html lang="en" dir="ltr">/);
      assert.match(english.html, /Live now/);
      const german = await page(path, { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
      assert.match(german.html, /<html lang="de" dir="ltr">/);
      assert.match(german.html, /Jetzt live/);
      assert.doesNotMatch(german.html, /Live now/);
      const arabic = await page(path, { cookie: "lang=ar" });
      assert.match(arabic.html, /<html lang="ar" dir="rtl">/);
    }
    // Chosen by the headers: the reader's browser may keep it, no shared cache (a CDN ignoring Vary would mix).
    const negotiated = await page(path, { "accept-language": "de" });
    assert.equal(negotiated.res.headers.get("cache-control"), NEGOTIATED_PAGE_CACHE_CONTROL);
    assert.equal(negotiated.res.headers.get("vary"), "Accept-Encoding, Accept-Language, Cookie");
    // Chosen by the URL: the same page for everyone, shared-cacheable, no cookie, and the links keep the choice.
    for (let i = 0; i < 2; i++) {
      const chosen = await page(`${path}?lang=ja`, { "accept-language": "de", cookie: "lang=fr" });
      assert.match(chosen.html, /<html lang="ja" dir="ltr">/);
      assert.equal(chosen.res.headers.get("set-cookie"), null);
      assert.equal(chosen.res.headers.get("cache-control"), PAGE_CACHE_CONTROL);
      assert.equal(chosen.res.headers.get("vary"), "Accept-Encoding");
      assert.match(chosen.html, new RegExp(`href="/t/${seeded.event.slug}/c/[^"?]+\\?lang=ja"`));
      const to = encodeURIComponent(path);
      assert.match(
        chosen.html,
        new RegExp(`<a href="/language/de\\?to=${to}" lang="de" hreflang="de">Deutsch</a>`),
      );
    }
    // The switcher's link remembers the choice in the one answer that is nobody else's, and comes back.
    const switched = await handler(at(`/language/de?to=${encodeURIComponent(path + "?lang=ja")}`));
    assert.equal(switched.status, 303);
    assert.equal(switched.headers.get("location"), `${path}?lang=de`);
    assert.match(
      switched.headers.get("set-cookie") ?? "",
      /^lang=de; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
    assert.equal(switched.headers.get("cache-control"), PRIVATE_PAGE_CACHE_CONTROL);
    const unknown = await handler(at("/language/xx?to=/"));
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    const tv = await page(`/t/${seeded.event.slug}/tv`, { "accept-language": "de" });
    assert.match(tv.html, /<html lang="en" dir="ltr">/, "a screen does not follow its browser");
    assert.equal(tv.res.headers.get("set-cookie"), null);
    const tvArabic = await page(`/t/${seeded.event.slug}/tv?lang=ar`);
    assert.match(tvArabic.html, /<html lang="ar" dir="rtl">/);
    assert.equal(tvArabic.res.headers.get("set-cookie"), null, "a screen's choice is not the reader's");
  },
);
