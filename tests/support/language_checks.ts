/**
 * What the language browser tests check on every page: its `lang` and `dir`, no English left in its text, nothing
 * cut or off the screen, axe clean and no script error.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Language } from "../../lib/languages.ts";
import { axeViolations } from "./axe.ts";

/** Whether `words` stand in `text` as words of their own ("Result" is not in "Resultado"). */
export function wordIn(words: string, text: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "u").test(text);
}

/** What a page in `lang` was found to be: its text, what of it is cut, its script errors. */
export interface SpokenPage {
  english: string[];
  text: string;
  cut: string[];
  errors: string[];
}

/** Asserts that the page speaks `lang` throughout, fits, and passes axe. */
export async function assertSpeaks(page: Page, lang: Language, found: SpokenPage): Promise<void> {
  assert.equal(await page.getAttribute("html", "lang"), lang);
  assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
  assert.deepEqual(found.english.filter((e) => wordIn(e, found.text)), [], "English left on the page");
  assert.deepEqual(found.cut, [], "cut or off the screen");
  assert.deepEqual(await axeViolations(page), [], "axe");
  assert.deepEqual(found.errors, []);
}
