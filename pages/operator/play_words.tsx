/**
 * The words of the desk's play views for its script (client/manage/play_words.ts): the `play.*` messages of the
 * page's language and its `Intl` locale, as data (a JSON block runs nothing, so the CSP's nonce is not needed);
 * `<` escaped, so that no name ends it. The umpire's page takes the clash and result words it shares.
 */
import { useI18n } from "../i18n/mod.ts";
import { CATALOGS } from "../i18n/mod.ts";

/** The `play.*` messages whose keys start with one of `prefixes` (every one by default), as `#play-words`. */
export function PlayWords(props: { prefixes?: readonly string[] }) {
  const { lang, locale } = useI18n();
  const prefixes = props.prefixes ?? ["play."];
  const catalog: Record<string, unknown> = CATALOGS[lang];
  const own = Object.fromEntries(
    Object.entries(catalog).filter(([key]) => prefixes.some((p) => key.startsWith(p))),
  );
  return (
    <script
      type="application/json"
      id="play-words"
      data-locale={locale}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(own).replaceAll("<", "\\u003c") }}
    />
  );
}
