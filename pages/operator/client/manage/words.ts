/// <reference lib="dom" />
/**
 * The desk's words in its language: the server writes the page's `desk.*` messages into it (`#desk-words`,
 * pages/operator/manage_page.tsx) with the language's `Intl` locale and the hall's time zone, in the language
 * pages/i18n/page_language.ts chose; English (pages/i18n/desk/en.ts) where there is none, as on the server. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { deskEn } from "../../../i18n/desk/en.ts";

/** A message of the desk. */
export type DeskKey = keyof typeof deskEn;

/** What the page hands its script: the messages, the `Intl` locale, the hall's time zone, the direction. */
export interface DeskWords {
  words: Record<string, string>;
  locale: string;
  timeZone: string;
  rtl: boolean;
}

/** The page's words, read once from the page (English outside a browser). */
export function deskWords(): DeskWords {
  const kept = (globalThis as { deskWords?: DeskWords }).deskWords;
  if (kept) return kept;
  const element = typeof document === "undefined" ? null : document.getElementById("desk-words");
  const read: Partial<DeskWords> = element?.textContent ? JSON.parse(element.textContent) : {};
  const words: DeskWords = {
    words: read.words ?? {},
    locale: read.locale ?? "en-GB",
    timeZone: read.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    rtl: read.rtl ?? false,
  };
  if (element) (globalThis as { deskWords?: DeskWords }).deskWords = words;
  return words;
}

/**
 * A message in the page's language, its `{name}` placeholders filled; in Arabic a filled-in text is isolated
 * (FSI … PDI, as pages/i18n/mod.ts does), so that a Latin name keeps its order in the right-to-left sentence.
 * @example w("desk.incidents.tableNo", { table: 3 }) // "Table 3" ("Tisch 3" on a German page)
 */
export function w(key: DeskKey, params: Record<string, string | number> = {}): string {
  const { words, rtl } = deskWords();
  const text = words[key] ?? deskEn[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return rtl && typeof value === "string" ? `\u2068${value}\u2069` : String(value);
  });
}

/** The message for a count: its `one` form for 1, else its other form with `{n}` filled. */
export function wCount(one: DeskKey, other: DeskKey, n: number): string {
  return n === 1 ? w(one) : w(other, { n });
}

/**
 * A time as the hall's clock shows it, 24-hour, in the page's language: "14:02", "14:02:07" with seconds, "Sat
 * 14:02" with the day.
 */
export function deskClock(iso: string, options: { seconds?: boolean; day?: boolean } = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { locale, timeZone } = deskWords();
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(options.seconds ? { second: "2-digit" } : {}),
    ...(options.day ? { weekday: "short" } : {}),
  }).format(at);
}

/** A list joined the page's language's way ("A, B and C"). */
export function deskList(items: readonly string[]): string {
  return new Intl.ListFormat(deskWords().locale, { type: "conjunction" }).format(items);
}
