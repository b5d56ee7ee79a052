/**
 * What the languages' browser tests check on a page: no English catalog text left, nothing cut or off the screen
 * (tests/browser/languages_test.ts, tests/browser/languages_reader_test.ts,
 * tests/browser/languages_umpire_print_test.ts), the words of a page's parts (`regionWords`), and `assertSpeaks`, which
 * puts them together with `lang`, `dir` and axe.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Language } from "../../lib/languages.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import type { Message } from "../../pages/i18n/catalog.ts";
import { axeViolations } from "./axe.ts";

/** The texts of a message, cut at its placeholders: the parts a page shows word for word. */
function staticParts(m: Message): string[] {
  const texts = typeof m === "string" ? [m] : Object.values(m);
  return texts.flatMap((t) => t.split(/\{\w+\}/)).map((p) => p.trim().replace(/^[:·,]\s*|[:.]$/g, ""));
}

/**
 * The English texts that must not be on a page in `lang`: those its catalog words differently, long enough not to
 * be part of a name by chance ("P", "W"), and not a word of the data's own names (`dataNames`: a catalog's
 * "Singles" can't be told from the demo's "Men's Singles").
 */
export function englishLeft(lang: Language, dataNames: readonly string[] = []): string[] {
  const en: Record<string, Message> = CATALOGS.en;
  const other: Record<string, Message> = CATALOGS[lang];
  const theirs = new Set(Object.values(other).flatMap(staticParts));
  // Words the language itself uses inside its own messages ("QR code" in French) are its words too.
  const theirText = [...theirs].join("\n");
  return [...new Set(Object.values(en).flatMap(staticParts))].filter((p) =>
    p.length >= 4 && !theirs.has(p) && !wordIn(p, theirText) && !dataNames.some((name) => wordIn(p, name))
  );
}

/** The texts of a desk message cut at its placeholders and quotes: what the page shows word for word. */
function deskParts(m: string): string[] {
  return m.split(/\{\w+\}/).map((p) => p.trim().replace(/^[:·,.(“”«»„「」]\s*|[:.?)“”«»„「」]$/g, "").trim());
}

/**
 * The English desk texts of `keys` (pages/i18n/desk/en.ts, pages/i18n/desk_play/en.ts) that `lang` words
 * differently, long enough not to be part of a name by chance, and not a word of the data's names (`dataNames`).
 */
export function deskEnglishLeft(
  lang: Language,
  keys: readonly string[],
  dataNames: readonly string[],
): string[] {
  const en: Record<string, unknown> = CATALOGS.en;
  const theirs: Record<string, unknown> = CATALOGS[lang];
  const own = new Set(keys.flatMap((k) => deskParts(String(theirs[k]))));
  return [...new Set(keys.flatMap((k) => deskParts(String(en[k]))))].filter((p) =>
    p.length >= 4 && !own.has(p) && !dataNames.some((name) => wordIn(p, name))
  );
}

/** Whether `words` stand in `text` as words of their own ("Result" is not in "Resultado"). */
export function wordIn(words: string, text: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "u").test(text);
}

/** What a page shows that is not ours: the demo's names, its categories, venue and description. */
const DATA_SELECTORS =
  ".n, .name, .cat, .who, h1, .meta, .where, .side, .ctx, caption, h3, a[href^='/m/'], " +
  "ul.categories a, .url, .label, p:not([class]), .tv-announcement, .announcement";

/** The page's visible text without the demo's own words. */
export function ourText(page: Page): Promise<string> {
  return page.evaluate((selectors) => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll(selectors)) el.remove();
    for (const el of copy.querySelectorAll("script, style, [hidden]")) el.remove();
    return (copy.textContent ?? "") + " " + document.title;
  }, DATA_SELECTORS);
}

/** Elements whose text is cut or runs out of the screen: headings and labels wider than their box or the page. */
export function cutOrOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth}px)`);
    for (
      const el of document.querySelectorAll<HTMLElement>("h1, h2, .state, .bestof, .flag, .xp, nav a, .t")
    ) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest("[hidden]")) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== "visible") {
        found.push(`${el.tagName.toLowerCase()}.${el.className} cut: "${el.textContent}"`);
      }
      if (box.right > innerWidth + 1 || box.left < -1) {
        found.push(`${el.tagName.toLowerCase()}.${el.className} off the screen: "${el.textContent}"`);
      }
    }
    return found;
  });
}

/**
 * The elements `elements` selects inside the parts `within` selects whose text is cut or runs off the screen, and
 * whether the page scrolls sideways (the umpire's page's controls, the desk's frame, panels and play views).
 */
export function controlsCutOrOverflowing(page: Page, elements: string, within = "body"): Promise<string[]> {
  return page.evaluate(({ elements, within }) => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth + 1) {
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    }
    for (const part of document.querySelectorAll(within)) {
      for (const el of part.querySelectorAll<HTMLElement>(elements)) {
        const box = el.getBoundingClientRect();
        // A closed <details>' content is laid out but not shown.
        if (box.width === 0 || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== "visible") {
          found.push(`${el.tagName.toLowerCase()}#${el.id} cut: "${el.textContent}"`);
        }
        if (box.right > innerWidth + 1 || box.left < -1) {
          found.push(`${el.tagName.toLowerCase()}#${el.id} off the screen: "${el.textContent}"`);
        }
      }
    }
    return found;
  }, { elements, within });
}

/**
 * The words of the page's title and of the parts of it that `regions` selects, their hidden parts included (a
 * sentence a script shows later is written by the server), without what `data` selects in them (names, addresses,
 * code): their text and their elements' accessible names, placeholders and titles. `rewrite` first changes the copies the words are
 * read from, in the page (a line of a list cut to its own words); `shown` leaves out the regions that are hidden.
 */
export async function regionWords(
  page: Page,
  regions: string,
  data: string,
  options: { rewrite?: (copies: HTMLElement[]) => void; shown?: boolean } = {},
): Promise<string> {
  const copies = await page.evaluateHandle(
    ([regions, shown]) =>
      [...document.querySelectorAll<HTMLElement>(regions)].filter((r) => !shown || !r.closest("[hidden]"))
        .map((r) => r.cloneNode(true) as HTMLElement),
    [regions, options.shown ?? false] as const,
  );
  try {
    if (options.rewrite) await copies.evaluate(options.rewrite);
    return await copies.evaluate((copies, data) => {
      const out: string[] = [document.title];
      for (const copy of copies) {
        for (const el of copy.querySelectorAll(data)) el.remove();
        out.push(copy.textContent ?? "");
        for (const el of [copy, ...copy.querySelectorAll("*")]) {
          for (const attr of ["aria-label", "placeholder", "title"]) {
            const value = el.getAttribute(attr);
            if (value) out.push(value);
          }
        }
      }
      return out.join(" \n ");
    }, data);
  } finally {
    await copies.dispose();
  }
}

/** What a page in `lang` was found to be: its text, what of it is cut, its script errors. */
export interface SpokenPage {
  english: string[];
  text: string;
  cut: string[];
  errors: string[];
}

/** Asserts that the page speaks `lang` throughout, fits, and passes axe; `where` names the part in the messages. */
export async function assertSpeaks(
  page: Page,
  lang: Language,
  found: SpokenPage,
  where = "the page",
): Promise<void> {
  assert.equal(await page.getAttribute("html", "lang"), lang);
  assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
  const left = found.english.filter((e) => wordIn(e, found.text));
  assert.deepEqual(left, [], `English left in ${where}: ${left.join(" | ")}`);
  assert.deepEqual(found.cut, [], `cut or off the screen in ${where}`);
  assert.deepEqual(await axeViolations(page), [], `axe in ${where}`);
  assert.deepEqual(found.errors, [], `script errors in ${where}`);
}

/**
 * Asserts that a desk page (/manage, /manage/stream) speaks `lang` as assertSpeaks() does, its language switcher
 * marking `lang` as the current one.
 */
export async function assertDeskSpeaks(page: Page, lang: Language, found: SpokenPage, where?: string) {
  assert.equal(await page.getAttribute("header.bar nav.langs a[aria-current]", "lang"), lang);
  await assertSpeaks(page, lang, found, where);
}
