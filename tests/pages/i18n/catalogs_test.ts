/**
 * The catalogs: every language has every message of English and no other, each message has the same placeholders
 * as English's, and every key is used by a page. A missing key already fails `deno check` (pages/i18n/catalog.ts);
 * this test also catches an empty message, a dropped placeholder and a key no page uses.
 */
import assert from "node:assert/strict";
import { LANGUAGES } from "../../../lib/languages.ts";
import { CATALOGS, fill, i18nFor } from "../../../pages/i18n/mod.ts";
import type { Message } from "../../../pages/i18n/catalog.ts";

const en: Record<string, Message> = CATALOGS.en;

/** The placeholders of a message, over all its plural forms. */
function placeholders(m: Message): string[] {
  const texts = typeof m === "string" ? [m] : Object.values(m);
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)))].sort();
}

Deno.test("catalogs: every language has exactly English's keys, none empty", () => {
  for (const lang of LANGUAGES) {
    const catalog: Record<string, Message> = CATALOGS[lang];
    assert.deepEqual(Object.keys(catalog).sort(), Object.keys(en).sort(), lang);
    for (const [key, m] of Object.entries(catalog)) {
      const texts = typeof m === "string" ? [m] : Object.values(m);
      assert.equal(
        typeof m,
        typeof en[key],
        `${lang} ${key}: a text where English has one, plural forms likewise`,
      );
      for (const t of texts) assert.notEqual(t.trim(), "", `${lang} ${key} is empty`);
      if (typeof m !== "string") assert.ok(m.other, `${lang} ${key} has no "other" form`);
    }
  }
});

/**
 * Messages whose pages pass more than English says: a language names those its own term needs. A best of 5 is
 * "3 Gewinnsätze" in German (the games to win, `wins`), "五局三胜制" in Chinese (both).
 */
const PASSED: Readonly<Record<string, readonly string[]>> = {
  "format.bestOf": ["count", "wins"],
  "print.bestOf": ["n", "wins"],
};

Deno.test("catalogs: each message has English's placeholders", () => {
  for (const lang of LANGUAGES) {
    const catalog: Record<string, Message> = CATALOGS[lang];
    for (const [key, m] of Object.entries(catalog)) {
      const passed = PASSED[key];
      if (passed === undefined) {
        assert.deepEqual(placeholders(m), placeholders(en[key]!), `${lang} ${key}`);
      } else {
        const named = placeholders(m);
        assert.ok(named.length > 0 && named.every((p) => passed.includes(p)), `${lang} ${key}: ${named}`);
      }
    }
  }
});

Deno.test("catalogs: every key is used by a page, and a plural form exists for each of a language's categories", async () => {
  let source = "";
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (
        /\.tsx?$/.test(e.name) && !path.startsWith("pages/i18n/") || path.endsWith("language_switcher.tsx")
      ) {
        source += await Deno.readTextFile(path);
      }
    }
  };
  await walk("pages");
  const unused = Object.keys(en).filter((key) => !source.includes(`"${key}"`));
  assert.deepEqual(unused, [], "keys no page uses");
  for (const lang of LANGUAGES) {
    const catalog: Record<string, Message> = CATALOGS[lang];
    const categories = new Intl.PluralRules(i18nFor(lang).locale).resolvedOptions().pluralCategories;
    for (const [key, m] of Object.entries(catalog)) {
      if (typeof m === "string") continue;
      const missing = categories.filter((c) => c !== "other" && !(c in m) && c !== "many" && c !== "zero");
      assert.deepEqual(missing, [], `${lang} ${key}: plural forms`);
    }
  }
});

Deno.test("i18n: a message is filled, a number in the language's way, a count in its plural form", () => {
  assert.equal(fill("{a} v {b}", { a: "Ann", b: "Bo" }, String), "Ann v Bo");
  assert.equal(i18nFor("de").t("list.tableNo", { table: 5 }), "Tisch 5");
  assert.equal(i18nFor("en").n("tv.moreGroups", 1), "1 more group on the event page");
  assert.equal(i18nFor("en").n("tv.moreGroups", 3), "3 more groups on the event page");
  assert.equal(i18nFor("ar").n("tv.moreGroups", 2), "مجموعتان أخريان في صفحة البطولة");
  assert.equal(i18nFor("de").num(1234.5), "1.234,5");
  assert.equal(i18nFor("fr").list(["A", "B", "C"]), "A, B et C");
});
