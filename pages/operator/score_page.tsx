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
import * as words from "./client/score/words.ts";
import * as refusalWords from "./client/score/refusal_words.ts";
import * as hallWords from "../i18n/hall/en.ts";
import * as playWords from "./client/manage/play_words.ts";
import * as playEn from "../i18n/desk_play/en.ts";
import * as stageName from "../../domain/stage_name.ts";
import { PlayWords } from "./play_words.tsx";
import { SCORE_CSS } from "./styles.ts";
import { TokenForm } from "./token_form.tsx";
import { useI18n } from "../i18n/mod.ts";
import { CATALOGS } from "../i18n/mod.ts";

/**
 * A long name (100 characters, no space) wraps inside the match links, the match head and the serve choices
 * instead of widening the phone's page; grid and flex items need `min-width:0` to shrink below it.
 */
const FIT_CSS = `
a.match-link,.match-head>*,#start-panel button{min-width:0;overflow-wrap:anywhere}
`;

function Bar() {
  const { t } = useI18n();
  return (
    <header class="bar">
      <h1>{t("score.title")}</h1>
      <span id="whoami"></span>
      <button type="button" id="forget-token">{t("score.changeToken")}</button>
    </header>
  );
}

/**
 * The page's words for its script (client/score/words.ts): the `score.*` messages of the page's language, as
 * data (a JSON block runs nothing, so the CSP's nonce is not needed); `<` escaped, so that no name ends it.
 */
function ScoreWords() {
  const { lang } = useI18n();
  const catalog: Record<string, unknown> = CATALOGS[lang];
  const own = Object.fromEntries(Object.entries(catalog).filter(([key]) => key.startsWith("score.")));
  return (
    <script
      type="application/json"
      id="score-words"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(own).replaceAll("<", "\\u003c") }}
    />
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
  words,
  refusalWords,
  hallWords,
  playWords,
  playEn,
  stageName,
];

/** The script of both scoring pages. */
export const SCORE_SCRIPT = moduleScript(scoreClient, SCORE_MODULES);

/** The warning that taps were not recorded, and the sheet of choices: over the page, never moving its buttons. */
function Overlays() {
  const { t } = useI18n();
  return (
    <>
      <div id="notice" class="notice" role="alert" hidden>
        <span id="notice-text"></span> <button type="button" id="notice-ok">{t("score.ok")}</button>
      </div>
      <div id="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title" hidden>
        <h2 id="sheet-title"></h2>
        <p id="sheet-text"></p>
        <div id="sheet-choices"></div>
        <button type="button" id="sheet-cancel">{t("score.cancel")}</button>
      </div>
    </>
  );
}

/** A scoring page: the document with the script, the bar, the status line, the overlays and the token form. */
function ScoreDocument(
  props: { match?: boolean; nonce: string; bodyData?: Record<string, string>; children: ComponentChildren },
) {
  const { t } = useI18n();
  return (
    <Document
      title={t(props.match ? "score.matchTitle" : "score.title")}
      nonce={props.nonce}
      css={SCORE_CSS + FIT_CSS}
      script={SCORE_SCRIPT}
      bodyData={props.bodyData}
    >
      <ScoreWords />
      <PlayWords prefixes={["play.clash.", "play.result."]} />
      <Bar />
      <p id="status" class="status" role="status" aria-live="polite">{t("score.loading")}</p>
      <Overlays />
      <TokenForm purpose={t("score.purpose")} />
      <main id="content">{props.children}</main>
    </Document>
  );
}

/** `/score`: the list of matches to score. */
export function ScoreListPage(props: { nonce: string }) {
  return (
    <ScoreDocument nonce={props.nonce}>
      <div id="list"></div>
    </ScoreDocument>
  );
}

/** `/score/{matchId}`: scoring one match. */
export function ScoreMatchPage(props: { nonce: string; matchId: string }) {
  return (
    <ScoreDocument
      match
      nonce={props.nonce}
      bodyData={{ "match-id": props.matchId, state: "loading", queued: "0" }}
    >
      <MatchPanels />
    </ScoreDocument>
  );
}

/** The match page's panels: the start, the score and its tools, filled by the script. */
function MatchPanels() {
  const { t } = useI18n();
  return (
    <>
      <div class="match-head">
        <span id="match-title"></span>
        <span id="match-table"></span>
      </div>
      <div id="hold-panel" class="hold" hidden>
        <p id="hold-text"></p>
        <button type="button" id="takeover">{t("score.takeOverMatch")}</button>
      </div>
      <section id="start-panel" hidden>
        <p id="ends-choice" class="ends-choice">
          {t("score.onYourLeft")}{" "}
          <button type="button" id="left-choice" aria-describedby="left-hint"></button>{" "}
          <span id="left-hint" class="muted">{t("score.tapToSwap")}</span>
        </p>
        <p class="toss">
          <button type="button" id="toss">{t("score.toss")}</button> <span id="toss-text"></span>
        </p>
        <h2 id="start-title">{t("score.whoServesFirst")}</h2>
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
          <button type="button" id="warm-up">{t("score.warmUp")}</button>{" "}
          <span id="warm-up-text" role="timer" aria-live="off"></span>
        </p>
      </section>
      <section id="score-panel" hidden>
        <div class="game-line">
          <span id="game-number"></span>
          <span id="game-clock" data-due="false"></span>
        </div>
        <div class="undo-row">
          <button type="button" id="undo">{t("score.undo")}</button>
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
                <span class="sr">{t("score.pointTo")}</span> <span class="name" id={`name-${side}`}></span>
                {" "}
                <span class="points" id={`points-${side}`}>0</span>{" "}
                <span class="games">
                  {t("score.games")} <strong id={`games-${side}`}>0</strong>
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
            <button type="button" id="dialog-undo">{t("score.undo")}</button>
            <button type="button" id="dialog-ok" class="primary">{t("score.nextGame")}</button>
          </div>
        </div>
        <div id="returns-row" class="returns" hidden>
          <button type="button" id="return-tap">
            <span id="returns">0/13</span> {t("score.goodReturnsBy")} <span id="returns-who"></span>
          </button>
        </div>
        <div class="tools">
          <button type="button" id="open-timeout">{t("score.timeout")}</button>
          <button type="button" id="open-card">{t("score.card")}</button>
          <button type="button" id="open-expedite">{t("score.expedite")}</button>
          <button type="button" id="open-medical">{t("score.medical")}</button>
        </div>
        <ol id="game-list" aria-label={t("score.finishedGames")}></ol>
      </section>
      <p class="leave">
        <a href="/score" id="all-matches">{t("score.allMatches")}</a>
      </p>
    </>
  );
}
ScoreListPage.translated = true as const;
ScoreMatchPage.translated = true as const;
