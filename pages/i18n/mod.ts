/**
 * The pages' languages: each language's catalog (typed: pages/i18n/catalog.ts) and its `Intl` formats, handed to
 * the components by a Preact context that pages/render.ts sets from the request (pages/i18n/page_language.ts).
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { directionOf, type Language } from "../../lib/languages.ts";
import type { Catalog, PluralKey, TextKey } from "./catalog.ts";
import { ar } from "./ar.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { ja } from "./ja.ts";
import { zh } from "./zh.ts";

/** Every language's catalog. */
export const CATALOGS: Record<Language, Catalog> = { en, de, fr, es, zh, ja, ar };

/** The `Intl` locale of each language: the hall's conventions; Arabic keeps Latin digits, as scoreboards do. */
const LOCALES: Record<Language, string> = {
  en: "en-GB",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  zh: "zh-CN",
  ja: "ja-JP",
  ar: "ar-u-nu-latn",
};

/** Values of a message's placeholders: numbers are written in the language's way. */
export type Params = Record<string, string | number>;

/** What a page needs to speak one language. */
export interface I18n {
  lang: Language;
  dir: "ltr" | "rtl";
  /** The `Intl` locale of the language. */
  locale: string;
  /** A message, its placeholders filled. */
  t(key: TextKey, params?: Params): string;
  /** A message about a count (`{count}` is filled too), in the language's plural form. */
  n(key: PluralKey, count: number, params?: Params): string;
  /** A number in the language's way. */
  num(value: number): string;
  /** A list joined the language's way ("A, B and C"). */
  list(items: string[]): string;
}

/**
 * Fills `{name}` placeholders; an unknown one stays as written (the catalogs test keeps them all known).
 * @example fill("{a} v {b}", { a: "Ann", b: "Bo" }, String) // "Ann v Bo"
 */
export function fill(text: string, params: Params | undefined, num: (n: number) => string): string {
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === "number" ? num(value) : value;
  });
}

function make(lang: Language): I18n {
  const locale = LOCALES[lang];
  const catalog = CATALOGS[lang];
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const lists = new Intl.ListFormat(locale, { type: "conjunction" });
  const num = (n: number) => numbers.format(n);
  // In a right-to-left sentence a name in Latin letters is isolated (FSI … PDI), so that its words keep their
  // order and do not take the sentence's neighbouring words with them ("Kenji ضد Mateo García Watanabe").
  const value = directionOf(lang) === "rtl"
    ? (v: string | number) => typeof v === "string" ? `\u2068${v}\u2069` : v
    : (v: string | number) => v;
  const isolated = (params: Params | undefined) =>
    params === undefined
      ? undefined
      : Object.fromEntries(Object.entries(params).map(([k, v]) => [k, value(v)]));
  return {
    lang,
    dir: directionOf(lang),
    locale,
    t: (key, params) => fill(catalog[key], isolated(params), num),
    n: (key, count, params) => {
      const forms = catalog[key];
      const text = count === 0 && forms.zero !== undefined
        ? forms.zero
        : forms[plurals.select(count)] ?? forms.other;
      return fill(text, { ...isolated(params), count }, num);
    },
    num,
    list: (items) => lists.format(items),
  };
}

const made = new Map<Language, I18n>();

/** The language's I18n, made once. */
export function i18nFor(lang: Language): I18n {
  let i18n = made.get(lang);
  if (i18n === undefined) made.set(lang, i18n = make(lang));
  return i18n;
}

/** The page's language; English when no page set one (a component rendered alone in a test). */
export const I18nContext = createContext<I18n>(i18nFor("en"));

/** The language of the page being rendered. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
