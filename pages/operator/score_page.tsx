/**
 * The umpire's pages: `/score` (the matches this token may score, by table) and `/score/{matchId}` (two big tap
 * targets, who serves, games and points, undo, confirmation of each game and of the match). The server sends
 * the frame; the inline script (client/score_client.ts) fills it from the management API and keeps the taps
 * in a queue that survives reloads and lost connections.
 */
import type { ComponentChildren } from "preact";
import { Document } from "../layout.tsx";
import { moduleScript } from "../client_script.ts";
import * as cards from "../../domain/cards.ts";
import * as ends from "../../domain/ends.ts";
import * as expedite from "../../domain/expedite.ts";
import * as gamePoint from "../../domain/game_point.ts";
import * as matchReplay from "../../domain/match_replay.ts";
import * as scoring from "../../domain/scoring.ts";
import * as serviceOrder from "../../domain/service_order.ts";
import * as timeouts from "../../domain/timeouts.ts";
import * as clashWords from "./client/clash_words.ts";
import * as dom from "./client/dom.ts";
import * as manageFetch from "./client/manage_fetch.ts";
import * as resultWords from "./client/result_words.ts";
import { scoreClient } from "./client/score_client.ts";
import * as tokenEntry from "./client/token_entry.ts";
import * as banner from "./client/score/banner.ts";
import * as confirmResult from "./client/score/confirm_result.ts";
import * as gameClock from "./client/score/game_clock.ts";
import * as gameDialog from "./client/score/game_dialog.ts";
import * as keptPost from "./client/score/kept_post.ts";
import * as knownMatches from "./client/score/known_matches.ts";
import * as leave from "./client/score/leave.ts";
import * as listPush from "./client/score/list_push.ts";
import * as matchList from "./client/score/match_list.ts";
import * as pushStream from "../client/push_stream.ts";
import * as medicalBreak from "./client/score/medical_break.ts";
import * as medicalRule from "../../domain/medical_break.ts";
import * as matchNames from "./client/score/match_names.ts";
import * as matchPage from "./client/score/match_page.ts";
import * as matchRender from "./client/score/match_render.ts";
import * as offlinePages from "./client/score/offline_pages.ts";
import * as outbox from "./client/score/outbox.ts";
import * as page from "./client/score/page.ts";
import * as returnsCounter from "./client/score/returns_counter.ts";
import * as rulesTools from "./client/score/rules_tools.ts";
import * as scoreProjection from "./client/score/score_projection.ts";
import * as scorerToken from "./client/score/scorer_token.ts";
import * as sender from "./client/score/sender.ts";
import * as sheet from "./client/score/sheet.ts";
import * as sideButtons from "./client/score/side_buttons.ts";
import * as startPanel from "./client/score/start_panel.ts";
import * as takeover from "./client/score/takeover.ts";
import * as warmUp from "./client/score/warm_up.ts";
import * as tossRecord from "./client/score/toss_record.ts";
import * as tossRule from "../../domain/toss.ts";
import * as taps from "./client/score/taps.ts";
import * as tapWords from "./client/tap_words.ts";
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

/**
 * The modules the umpire's script imports, directly or through each other: the rules (the very functions the
 * server scores with) and the page's own parts.
 */
export const SCORE_MODULES = [
  scoring,
  serviceOrder,
  ends,
  cards,
  timeouts,
  expedite,
  gamePoint,
  matchReplay,
  clashWords,
  dom,
  manageFetch,
  resultWords,
  tokenEntry,
  banner,
  confirmResult,
  gameClock,
  gameDialog,
  keptPost,
  knownMatches,
  leave,
  listPush,
  pushStream,
  matchList,
  matchNames,
  medicalBreak,
  medicalRule,
  matchPage,
  matchRender,
  offlinePages,
  outbox,
  page,
  returnsCounter,
  rulesTools,
  scoreProjection,
  scorerToken,
  sender,
  sheet,
  sideButtons,
  startPanel,
  takeover,
  taps,
  tapWords,
  warmUp,
  tossRecord,
  tossRule,
];

/** The script of both scoring pages. */
export const SCORE_SCRIPT = moduleScript(scoreClient, SCORE_MODULES);

/** The warning that taps were not recorded, and the sheet of choices: over the page, never moving its buttons. */
function Overlays() {
  return (
    <>
      <div id="notice" class="notice" role="alert" hidden>
        <span id="notice-text"></span> <button type="button" id="notice-ok">OK</button>
      </div>
      <div id="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title" hidden>
        <h2 id="sheet-title"></h2>
        <p id="sheet-text"></p>
        <div id="sheet-choices"></div>
        <button type="button" id="sheet-cancel">Cancel</button>
      </div>
    </>
  );
}

/** A scoring page: the document with the script, the bar, the status line, the overlays and the token form. */
function ScoreDocument(
  props: { title: string; nonce: string; bodyData?: Record<string, string>; children: ComponentChildren },
) {
  return (
    <Document
      title={props.title}
      nonce={props.nonce}
      css={SCORE_CSS + FIT_CSS}
      script={SCORE_SCRIPT}
      bodyData={props.bodyData}
    >
      <Bar title="Scoring" />
      <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
      <Overlays />
      <TokenForm purpose={PURPOSE} />
      <main id="content">{props.children}</main>
    </Document>
  );
}

/** `/score`: the list of matches to score. */
export function ScoreListPage(props: { nonce: string }) {
  return (
    <ScoreDocument title="Scoring" nonce={props.nonce}>
      <div id="list"></div>
    </ScoreDocument>
  );
}

/** `/score/{matchId}`: scoring one match. */
export function ScoreMatchPage(props: { nonce: string; matchId: string }) {
  return (
    <ScoreDocument
      title="Scoring a match"
      nonce={props.nonce}
      bodyData={{ "match-id": props.matchId, state: "loading", queued: "0" }}
    >
      <div class="match-head">
        <span id="match-title"></span>
        <span id="match-table"></span>
      </div>
      <div id="hold-panel" class="hold" hidden>
        <p id="hold-text"></p>
        <button type="button" id="takeover">Take over this match</button>
      </div>
      <section id="start-panel" hidden>
        <p id="ends-choice" class="ends-choice">
          On your left: <button type="button" id="left-choice" aria-describedby="left-hint"></button>{" "}
          <span id="left-hint" class="muted">(tap to swap)</span>
        </p>
        <p class="toss">
          <button type="button" id="toss">Toss</button> <span id="toss-text"></span>
        </p>
        <h2 id="start-title">Who serves first?</h2>
        <div class="choices">
          <button type="button" id="start-home" class="primary">
            <span id="start-name-home"></span>
          </button>
          <button type="button" id="start-away" class="primary">
            <span id="start-name-away"></span>
          </button>
        </div>
        <p id="start-warning" class="warning" role="note" hidden></p>
        <p class="warm-up">
          <button type="button" id="warm-up">Warm-up (2 minutes)</button>{" "}
          <span id="warm-up-text" role="timer" aria-live="off"></span>
        </p>
      </section>
      <section id="score-panel" hidden>
        <div class="game-line">
          <span id="game-number"></span>
          <span id="game-clock" data-due="false"></span>
        </div>
        <div class="undo-row">
          <button type="button" id="undo">Undo</button>
        </div>
        <div id="banner" class="banner" data-kind="" aria-live="polite">
          <span id="banner-text"></span>
          <button type="button" id="banner-action" hidden></button>
        </div>
        <div class="taps" id="taps" data-left="home">
          {(["home", "away"] as const).map((side) => (
            // Named by what it shows (aria-labelledby), so that the spoken name holds the visible words and the
            // score; the spaces keep the words apart in names computed without the layout.
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
                <span class="serve" id={`serve-${side}`}></span>{" "}
                <span class="chips" id={`chips-${side}`} hidden></span>
              </span>
            </button>
          ))}
        </div>
        {
          /* Right after the tap buttons: they are disabled while the question is open, and the next Tab goes on
            from where the focus was, to the question rather than to the tools below. */
        }
        <div id="dialog" role="alertdialog" aria-labelledby="dialog-text" hidden>
          <p id="dialog-text"></p>
          <div id="dialog-extra" hidden>
            <p id="order-title"></p>
            <div id="order-choices" class="row"></div>
          </div>
          <div class="row">
            <button type="button" id="dialog-undo">Undo</button>
            <button type="button" id="dialog-ok" class="primary">Next game</button>
          </div>
        </div>
        <div id="returns-row" class="returns" hidden>
          <button type="button" id="return-tap">
            <span id="returns">0/13</span> good returns by <span id="returns-who"></span>
          </button>
        </div>
        <div class="tools">
          <button type="button" id="open-timeout">Time-out</button>
          <button type="button" id="open-card">Card</button>
          <button type="button" id="open-expedite">Expedite</button>
          <button type="button" id="open-medical">Medical</button>
        </div>
        <ol id="game-list" aria-label="Finished games"></ol>
      </section>
      <p class="leave">
        <a href="/score" id="all-matches">All matches</a>
      </p>
    </ScoreDocument>
  );
}
