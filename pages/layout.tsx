/** The HTML document around every page, and the site chrome (header, navigation, footer) of spectator pages. */
import type { ComponentChildren } from "preact";
import { BASE_CSS } from "./styles.ts";
import { useI18n } from "./i18n/mod.ts";
import { LanguageSwitcher, SWITCHER_CSS } from "./i18n/language_switcher.tsx";

/** What every document needs: the title, the response's nonce, the page's CSS and optional inline script. */
export interface DocumentProps {
  title: string;
  nonce: string;
  /** The page's own CSS (our constants and numbers only, never data). */
  css: string;
  /** The page's inline script (see client_script.ts), run at the end of the body. */
  script?: string;
  bodyClass?: string;
  /** data-* attributes of the body (configuration for the script, state for tests). */
  bodyData?: Record<string, string>;
  description?: string;
  children?: ComponentChildren;
}

/** The bare document: the only place where a style or script element is written, always with the nonce. */
export function Document(props: DocumentProps) {
  const { lang, dir } = useI18n();
  const data = Object.fromEntries(Object.entries(props.bodyData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {/* No favicon request: the pages have no files to serve. */}
        <link rel="icon" href="data:," />
        {props.description && <meta name="description" content={props.description} />}
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: props.css }} />
      </head>
      <body class={props.bodyClass} {...data}>
        {props.children}
        {props.script && <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: props.script }} />}
      </body>
    </html>
  );
}

/** A spectator page: the document with the site header, a main landmark and a footer. */
export function SiteLayout(props: DocumentProps & { heading?: ComponentChildren }) {
  const { children, css, ...rest } = props;
  const { t } = useI18n();
  return (
    <Document {...rest} css={BASE_CSS + SWITCHER_CSS + css}>
      <a class="skip" href="#main">{t("site.skip")}</a>
      <header class="site">
        <nav aria-label={t("site.nav")}>
          <a href="/" class="brand">{t("site.brand")}</a>
          <a href="/rankings">{t("site.rankings")}</a>
        </nav>
        <LanguageSwitcher />
      </header>
      <main id="main">{children}</main>
      <p class="stale-note" role="status">{t("site.stale")}</p>
      <footer class="site">
        <p>
          {t("site.footer")} <a href="/api/v1/events">{t("site.api")}</a>.
        </p>
      </footer>
    </Document>
  );
}
