/**
 * /t/{slug}/print/matches: match sheets, one or two to an A4 page. The page comes as a frame whose script asks
 * for the sheets (the `<main id="sheets">` alone) with the token /manage keeps (print_gate_client.ts).
 */
import { ADMIN_TOKEN_KEY } from "../operator/client/token_entry.ts";
import { moduleScript } from "../client_script.ts";
import { MATCH_SHEET_CSS } from "./match_sheet.tsx";
import { printGate } from "./print_gate_client.ts";
import { type LayoutLink, PrintDocument, type SheetKind } from "./print_document.tsx";

const MATCH_SHEETS: SheetKind = { name: "print.kindMatchSheets", paper: "A4 portrait", css: MATCH_SHEET_CSS };
const GATE = { code: moduleScript(printGate), data: { "token-key": ADMIN_TOKEN_KEY } };

/** The frame, which fetches its sheets; `layouts` has one and two cards a page. */
export function MatchSheetsPage(props: { nonce: string; eventName: string; layouts: LayoutLink[] }) {
  return (
    <PrintDocument
      nonce={props.nonce}
      kind={MATCH_SHEETS}
      about={props.eventName}
      layouts={props.layouts}
      script={GATE}
    >
      <main id="sheets"></main>
    </PrintDocument>
  );
}
MatchSheetsPage.translated = true as const;
