/**
 * The document of a printed sheet: the shared print CSS for its paper, a toolbar for the screen (hidden on
 * paper) that says how to print, and the sheets.
 */
import type { ComponentChildren } from "preact";
import { Document } from "../layout.tsx";
import { QrCode } from "../qr.tsx";
import { type Paper, printCss } from "./print_css.ts";
import { useI18n } from "../i18n/mod.ts";
import type { TextKey } from "../i18n/catalog.ts";

/** Each paper's words. */
const PAPER_WORDS: Record<Paper, TextKey> = {
  "A4 portrait": "print.paperA4Portrait",
  "A4 landscape": "print.paperA4Landscape",
  "A3 landscape": "print.paperA3Landscape",
};

/** A kind of sheet: what it is called, the paper it prints on and its own CSS. */
export interface SheetKind {
  /** The message naming the sheets ("match sheets"). */
  name: TextKey;
  paper: Paper;
  css: string;
}

/** A link of the toolbar to another layout of the same sheet. */
export interface LayoutLink {
  href: string;
  /** The message naming the layout ("One a page"). */
  label: TextKey;
  current: boolean;
}

/** A printable page of `kind` about something (an event, a category), with its layouts and a script. */
export function PrintDocument(props: {
  nonce: string;
  kind: SheetKind;
  about: string;
  layouts?: LayoutLink[];
  script?: { code: string; data: Record<string, string> };
  children?: ComponentChildren;
}) {
  const { t } = useI18n();
  const title = t("print.title", { about: props.about, kind: t(props.kind.name) });
  return (
    <Document
      title={title}
      nonce={props.nonce}
      css={printCss(props.kind.paper, props.kind.css)}
      script={props.script?.code}
      bodyClass="print"
      bodyData={props.script?.data}
    >
      <nav class="toolbar" aria-label={t("print.toolbar")}>
        <strong>{title}</strong>
        <span>{t("print.howTo", { paper: t(PAPER_WORDS[props.kind.paper]) })}</span>
        {props.layouts && <LayoutLinks links={props.layouts} />}
        <span id="gate-status" role="status"></span>
      </nav>
      {props.children}
    </Document>
  );
}

/** The toolbar's links to the other layouts of the same sheet, the one shown marked as current. */
function LayoutLinks(props: { links: LayoutLink[] }) {
  const { t } = useI18n();
  return (
    <>
      {props.links.map((l) => (
        <a key={l.label} href={l.href} aria-current={l.current ? "page" : undefined}>{t(l.label)}</a>
      ))}
    </>
  );
}

/** A table's head: one row of column headers, `#` before a name centres its column (numbers, boxes). */
export function ColumnHeads(props: { names: string[] }) {
  return (
    <thead>
      <tr>
        {props.names.map((n, i) =>
          n.startsWith("#")
            ? <th key={i} scope="col" class="num">{n.slice(1)}</th>
            : <th key={i} scope="col">{n}</th>
        )}
      </tr>
    </thead>
  );
}

/** A sheet's heading with the QR code of the page that follows it live on a phone. */
export function SheetHeading(props: { title: string; followUrl: string }) {
  const { t } = useI18n();
  return (
    <div class="heading">
      <h1>{props.title}</h1>
      <QrCode text={props.followUrl} label={t("print.qrFollow", { url: props.followUrl })} />
    </div>
  );
}
