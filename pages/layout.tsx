/** The HTML document around every page, and the site chrome (header, navigation, footer) of spectator pages. */
import type { ComponentChildren } from "preact";
import { BASE_CSS } from "./styles.ts";

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
  const data = Object.fromEntries(Object.entries(props.bodyData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <html lang="en">
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
  return (
    <Document {...rest} css={BASE_CSS + css}>
      <a class="skip" href="#main">Skip to content</a>
      <header class="site">
        <nav aria-label="Site">
          <a href="/" class="brand">Table tennis live</a>
          <a href="/rankings">Rankings</a>
        </nav>
      </header>
      <main id="main">{children}</main>
      <p class="stale-note" role="status">Connection lost: scores may be out of date. Retrying…</p>
      <footer class="site">
        <p>
          Live data refreshes by itself. Open data: <a href="/api/v1/events">JSON API</a>.
        </p>
      </footer>
    </Document>
  );
}
