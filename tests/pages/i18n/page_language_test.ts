/**
 * Which language a page speaks: a reader's page by `?lang=`, the switcher's cookie, `Accept-Language`; the hall's
 * screens by `?lang=` only (or the event's language); and main's answer cache keeps one page per language.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../../lib/log.ts";
import { bestOfAcceptLanguage, cookieLanguage, languageKey } from "../../../lib/languages.ts";
import { createApp, createHandler } from "../../../main.ts";
import { withReadState } from "../../../http/deps.ts";
import { isScreenPath, pageLanguage } from "../../../pages/i18n/page_language.ts";
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
  assert.equal(pageLanguage(at("/t/open", german)), "de");
  assert.equal(pageLanguage(at("/t/open", { ...german, cookie: "lang=ja" })), "ja");
  assert.equal(pageLanguage(at("/t/open?lang=es", { ...german, cookie: "lang=ja" })), "es");
  assert.equal(pageLanguage(at("/t/open"), "fr"), "fr");
  assert.equal(pageLanguage(at("/t/open/tv", german)), "en");
  assert.equal(pageLanguage(at("/t/open/tv", german), "zh"), "zh");
  assert.equal(pageLanguage(at("/t/open/tv?lang=ar", german), "zh"), "ar");
  for (const path of ["/overlay/match/x", "/t/a/poster", "/t/a/print/matches", "/t/a/table/3/scoreboard"]) {
    assert.ok(isScreenPath(path), path);
  }
  assert.ok(!isScreenPath("/t/a/players"));
  assert.equal(
    pageLanguage(at("/t/open/players", german)),
    "en",
    "a page not translated yet is English throughout",
  );
  assert.equal(languageKey(at("/", { cookie: "lang=fr", "accept-language": "de" })), "fr-de");
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
    const chosen = await page(`${path}?lang=ja`, { "accept-language": "de" });
    assert.match(chosen.html, /<html lang="ja" dir="ltr">/);
    assert.match(chosen.res.headers.get("set-cookie") ?? "", /^lang=ja; Path=\/; Max-Age=31536000/);
    assert.match(chosen.html, /<a href="\?lang=de" lang="de" hreflang="de">Deutsch<\/a>/);
    const tv = await page(`/t/${seeded.event.slug}/tv`, { "accept-language": "de" });
    assert.match(tv.html, /<html lang="en" dir="ltr">/, "a screen does not follow its browser");
    assert.equal(tv.res.headers.get("set-cookie"), null);
    const tvArabic = await page(`/t/${seeded.event.slug}/tv?lang=ar`);
    assert.match(tvArabic.html, /<html lang="ar" dir="rtl">/);
    assert.equal(tvArabic.res.headers.get("set-cookie"), null, "a screen's choice is not the reader's");
  },
);
