/// <reference lib="dom" />
/**
 * The umpire's page's words in its language: the server writes the page's `score.*` messages into it
 * (`#score-words`, pages/operator/score_page.tsx), in the language pages/i18n/page_language.ts chose; English
 * (pages/i18n/hall/en.ts) where there is none, as on the server. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import { hallEn } from "../../../i18n/hall/en.ts";

/** A message of the umpire's page. */
export type WordKey = keyof typeof hallEn;

/** The page's words, read once from the page (none outside a browser). */
export function pageWords(): Record<string, string> {
  const kept = (globalThis as { scoreWords?: Record<string, string> }).scoreWords;
  if (kept) return kept;
  const element = typeof document === "undefined" ? null : document.getElementById("score-words");
  const words = element?.textContent ? JSON.parse(element.textContent) : {};
  if (element) (globalThis as { scoreWords?: Record<string, string> }).scoreWords = words;
  return words;
}

/**
 * A message in the page's language, its `{name}` placeholders filled.
 * @example w("score.table", { table: 3 }) // "Table 3" ("Tisch 3" on a German page)
 */
export function w(key: WordKey, params: Record<string, string | number> = {}): string {
  const text = pageWords()[key] ?? hallEn[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** "1 tap not sent yet" or "3 taps not sent yet", in the page's language. */
export function tapsNotSent(n: number): string {
  return n === 1 ? w("score.tapsNotSentOne") : w("score.tapsNotSent", { n });
}
