/**
 * The document of a printed sheet: the shared print CSS for its paper, a toolbar for the screen (hidden on
 * paper) that says how to print, and the sheets.
 */
import type { ComponentChildren } from "preact";
import { Document } from "../layout.tsx";
import { type Paper, printCss } from "./print_css.ts";

/** A printable page. */
export function PrintDocument(props: {
  title: string;
  nonce: string;
  paper: Paper;
  css: string;
  script?: string;
  bodyData?: Record<string, string>;
  /** Links of the toolbar (other layouts of the same sheet). */
  tools?: ComponentChildren;
  children?: ComponentChildren;
}) {
  return (
    <Document
      title={props.title}
      nonce={props.nonce}
      css={printCss(props.paper, props.css)}
      script={props.script}
      bodyClass="print"
      bodyData={props.bodyData}
    >
      <nav class="toolbar" aria-label="Printing">
        <strong>{props.title}</strong>
        <span>Print with Ctrl+P: {props.paper}, scale 100%, no headers and footers.</span>
        {props.tools}
      </nav>
      {props.children}
    </Document>
  );
}
