/**
 * The spectators' language switcher: a link per language through `/language/xx` (pages/i18n/language_route.ts),
 * which remembers the choice in a cookie and comes back to the same page with `?lang=`, kept by the page's links.
 * Links, not a script: it works with the page's strict CSP and without JavaScript.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { useI18n } from "./mod.ts";

/** The path and query of the page being rendered, `lang=` left out: where the switcher comes back to. */
export const PagePathContext = createContext("/");

/** The switcher's link to `lang` from the page at `path`. */
export function switcherHref(lang: Language, path: string): string {
  return `/language/${lang}?to=${encodeURIComponent(path)}`;
}

/** Each language's own name for itself: a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  zh: "中文",
  ja: "日本語",
  ar: "العربية",
};

/** The switcher's styles, under the site header. */
export const SWITCHER_CSS = `
header.site nav.langs{display:flex;flex-wrap:wrap;gap:.25rem .9rem;padding:0 1rem .5rem;max-width:64rem;margin:0 auto;
  font-size:.85rem}
header.site nav.langs a{font-weight:400}
header.site nav.langs a[aria-current]{font-weight:700;text-decoration:underline}
`;

/** The row of languages, the page's own marked as current. */
export function LanguageSwitcher() {
  const { lang, t } = useI18n();
  const path = useContext(PagePathContext);
  return (
    <nav class="langs" aria-label={t("site.languages")}>
      {LANGUAGES.map((l) => (
        <a
          key={l}
          href={switcherHref(l, path)}
          lang={l}
          hrefLang={l}
          {...(l === lang ? { "aria-current": "true" } : {})}
        >
          {LANGUAGE_NAMES[l]}
        </a>
      ))}
    </nav>
  );
}
