/**
 * The umpire's pages: `/score` (the matches this token may score, by table) and `/score/{matchId}` (two big tap
 * targets, who serves, games and points, undo, confirmation of each game and of the match). The server sends
 * the frame; the inline script (client/score_client.ts) fills it from the management API and keeps the taps
 * in a queue that survives reloads and lost connections.
 */
import { Document } from "../layout.tsx";
import { scoreClient } from "./client/score_client.ts";
import { projectScore } from "./client/score_projection.ts";
import { manageFetch, problemDetail } from "./client/manage_fetch.ts";
import { refusedTapsNotice } from "./client/score_notice.ts";
import { wonByWords } from "./client/result_words.ts";
import { inlineCall } from "./script.ts";
import { SCORE_CSS } from "./styles.ts";
import { TokenForm } from "./token_form.tsx";

/**
 * A long name (100 characters, no space) wraps inside the match links, the match head and the serve choices
 * instead of widening the phone's page; grid and flex items need `min-width:0` to shrink below it.
 */
const FIT_CSS = `
a.match-link,.match-head>*,#start-panel button{min-width:0;overflow-wrap:anywhere}
`;

const PURPOSE = "Ask the operator for a scorer token, or scan the QR code they show you.";

function Bar(props: { title: string }) {
  return (
    <header class="bar">
      <h1>{props.title}</h1>
      <span id="whoami"></span>
      <button type="button" id="forget-token">Change token</button>
    </header>
  );
}

/** The script of both scoring pages, with the helpers it is given as source. */
const SCORE_SCRIPT = inlineCall(
  scoreClient,
  projectScore,
  manageFetch,
  problemDetail,
  refusedTapsNotice,
  wonByWords,
);

/** `/score`: the list of matches to score. */
export function ScoreListPage(props: { nonce: string }) {
  return (
    <Document
      title="Scoring"
      nonce={props.nonce}
      css={SCORE_CSS + FIT_CSS}
      script={SCORE_SCRIPT}
    >
      <Bar title="Scoring" />
      <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
      <TokenForm purpose={PURPOSE} />
      <main id="content">
        <div id="list"></div>
      </main>
    </Document>
  );
}

/** `/score/{matchId}`: scoring one match. */
export function ScoreMatchPage(props: { nonce: string; matchId: string }) {
  return (
    <Document
      title="Scoring a match"
      nonce={props.nonce}
      css={SCORE_CSS + FIT_CSS}
      script={SCORE_SCRIPT}
      bodyData={{ "match-id": props.matchId, state: "loading", queued: "0" }}
    >
      <Bar title="Scoring" />
      <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
      <div id="notice" class="status" data-kind="error" role="alert" hidden>
        <span id="notice-text"></span> <button type="button" id="notice-ok">OK</button>
      </div>
      <TokenForm purpose={PURPOSE} />
      <main id="content">
        <div class="match-head">
          <span id="match-title"></span>
          <span id="match-table"></span>
        </div>
        <section id="start-panel" hidden>
          <h2 id="start-title">Who serves first?</h2>
          <div class="choices">
            <button type="button" id="start-home" class="primary">
              <span id="start-name-home"></span>
            </button>
            <button type="button" id="start-away" class="primary">
              <span id="start-name-away"></span>
            </button>
          </div>
        </section>
        <section id="score-panel" hidden>
          <div class="taps">
            {(["home", "away"] as const).map((side) => (
              // Named by what it shows (the script's aria-label, which left the score out, gives way to
              // aria-labelledby), so that the spoken name holds the visible words and the score; "Serves" is
              // hidden, and so left out, on the side that does not serve. The spaces keep the words apart in
              // names computed without the layout (the flex column shows none of them).
              <button
                type="button"
                class="tap"
                id={`tap-${side}`}
                data-side={side}
                aria-labelledby={`tap-label-${side}`}
              >
                <span class="tap-label" id={`tap-label-${side}`}>
                  <span class="sr">Point to</span> <span class="name" id={`name-${side}`}></span>{" "}
                  <span class="points" id={`points-${side}`}>0</span>{" "}
                  <span class="games">
                    Games <strong id={`games-${side}`}>0</strong>
                  </span>{" "}
                  <span class="serve">Serves</span>
                </span>
              </button>
            ))}
          </div>
          <div class="row">
            <button type="button" id="undo">Undo</button>
          </div>
          <ol id="game-list" aria-label="Finished games"></ol>
        </section>
        {
          /* Right after the tap buttons: they are disabled while the question is open, and the next Tab goes on
            from where the focus was, to the question rather than to the link below. */
        }
        <div id="dialog" role="alertdialog" aria-labelledby="dialog-text" hidden>
          <p id="dialog-text"></p>
          <div class="row">
            <button type="button" id="dialog-undo">Undo</button>
            <button type="button" id="dialog-ok" class="primary">Next game</button>
          </div>
        </div>
        <p>
          <a href="/score">All matches</a>
        </p>
      </main>
    </Document>
  );
}
