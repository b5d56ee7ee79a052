/**
 * The languages the pages speak, and which one a request asks for: `?lang=`, then the `lang` cookie the language
 * switcher sets, then the browser's `Accept-Language`. The answer cache keys kept pages on the same choice.
 */

/** Every language a page can be shown in, English first (the fallback). */
export const LANGUAGES = ["en", "de", "fr", "es", "zh", "ja", "ar"] as const;

/** One of LANGUAGES. */
export type Language = typeof LANGUAGES[number];

/** The cookie the language switcher sets (a year, the whole site). */
export const LANGUAGE_COOKIE = "lang";

/** Whether a string names a supported language exactly ("de", never "de-AT"). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Right to left for Arabic, left to right for the others. */
export function directionOf(lang: Language): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

/**
 * The best supported language of an `Accept-Language` header by its weights, or null when it names none.
 * @example bestOfAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8") // "fr"
 */
export function bestOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: Language | null = null;
  let bestQ = 0;
  for (const part of header.split(",").slice(0, 32)) {
    const [tag = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (isLanguage(primary) && Number.isFinite(weight) && weight > bestQ) {
      best = primary;
      bestQ = weight;
    }
  }
  return best;
}

/** The language the `lang` cookie holds, or null. */
export function cookieLanguage(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** What a request asks for: `?lang=`, the cookie, then `Accept-Language`; null when none names a language. */
export interface LanguageRequest {
  query: Language | null;
  cookie: Language | null;
  accept: Language | null;
}

/** Reads a request's language wishes. */
export function languageRequest(req: Request): LanguageRequest {
  // A request whose Host makes no URL (`[::1`) still gets its page: it asked for no language.
  const query = URL.parse(req.url)?.searchParams.get("lang") ?? null;
  return {
    query: isLanguage(query) ? query : null,
    cookie: cookieLanguage(req.headers.get("cookie")),
    accept: bestOfAcceptLanguage(req.headers.get("accept-language")),
  };
}

/**
 * The part of the answer cache's key that a page's language depends on besides its URL: nothing when the URL
 * names the language (`?lang=`).
 * @example languageKey(new Request("http://x/", { headers: { "accept-language": "de" } })) // "-de"
 */
export function languageKey(req: Request): string {
  const r = languageRequest(req);
  if (r.query !== null) return "";
  return `${r.cookie ?? ""}-${r.accept ?? ""}`;
}
