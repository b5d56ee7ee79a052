/**
 * /t/{slug}/print/matches: match sheets, one or two to an A4 page. The page comes as a frame whose script asks
 * for the sheets (the `<main id="sheets">` alone) with the token /manage keeps (print_gate_client.ts).
 */
import { ADMIN_TOKEN_KEY } from "../operator/client/token_entry.ts";
import { moduleScript } from "../client_script.ts";
import { MATCH_SHEET_CSS } from "./match_sheet.tsx";
import { printGate } from "./print_gate_client.ts";
import { PrintDocument } from "./print_document.tsx";

const GATE_SCRIPT = moduleScript(printGate);

/** The frame, which fetches its sheets. */
export function MatchSheetsPage(props: {
  nonce: string;
  eventName: string;
  perPage: 1 | 2;
  /** The same selection with one and with two cards a page. */
  layouts: { one: string; two: string };
}) {
  return (
    <PrintDocument
      title={`${props.eventName} – match sheets`}
      nonce={props.nonce}
      paper="A4 portrait"
      css={MATCH_SHEET_CSS}
      script={GATE_SCRIPT}
      bodyData={{ "token-key": ADMIN_TOKEN_KEY }}
      tools={
        <>
          <a href={props.layouts.one} aria-current={props.perPage === 1 ? "page" : undefined}>One a page</a>
          <a href={props.layouts.two} aria-current={props.perPage === 2 ? "page" : undefined}>Two a page</a>
          <span id="gate-status" role="status"></span>
        </>
      }
    >
      <main id="sheets"></main>
    </PrintDocument>
  );
}
