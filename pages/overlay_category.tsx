/** /overlay/subevent/{categoryId}: a compact transparent board of a category's live matches and latest results. */
import { PAIR_SEPARATOR } from "../domain/person_name.ts";
import { resultReasonMark } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import { SideFlags } from "./overlay_match.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import { latestResults, liveMatches } from "../views/match_lists.ts";
import type { Match } from "./view_types.ts";

/** Rows of each kind the board has room for over a stream. */
export const BOARD_LIVE_ROWS = 6;
/** Latest results shown under the live matches. */
export const BOARD_RESULT_ROWS = 4;

const CSS = `
.board{min-width:560px;max-width:1180px;background:var(--panel);border-radius:10px;overflow:hidden;
  box-shadow:0 4px 16px rgba(0,0,0,.35)}
.board h1{margin:0;padding:6px 14px;font-size:17px;text-transform:uppercase;letter-spacing:.04em;
  color:#cfd8e6;background:rgba(255,255,255,.08)}
.board h2{margin:0;padding:4px 14px 0;font-size:14px;text-transform:uppercase;color:#ff5a5f}
.board h2.res{color:#b8c4d6}
.line{display:grid;grid-template-columns:44px minmax(0,1fr) auto minmax(0,1fr);column-gap:10px;align-items:center;
  padding:4px 14px;font-size:21px}
.line .t{font-size:15px;color:#b8c4d6}
.line .h{text-align:end;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.line .a{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.line .p{display:block;overflow:hidden;text-overflow:ellipsis}
.line .s{text-align:center;font-variant-numeric:tabular-nums;white-space:nowrap}
.line .s>span{unicode-bidi:isolate}
.line .pts{color:#101010;background:var(--accent);border-radius:5px;padding:0 6px;margin-inline-start:6px}
.line .won{color:var(--accent)}
.line .why{font-size:15px;font-weight:800;letter-spacing:.04em;color:#101010;background:#cfd8e6;border-radius:4px;
  padding:1px 5px;margin-inline-start:6px}
.hide-head .board h1{display:none}
.line .flagset{display:inline-flex;gap:3px;vertical-align:-1px;margin:0 8px}
.line .cflag{display:block;height:16px;width:24px;border-radius:2px;box-shadow:0 0 0 1px rgba(255,255,255,.25)}
.line .ccode{display:inline-block;padding:0 3px;font-size:13px;line-height:16px;font-weight:700;color:#b8c4d6;
  border:1px solid rgba(184,196,214,.5);border-radius:3px}
.hide-flag .line .flagset{display:none}
.quiet{padding:6px 14px;font-size:17px;color:#b8c4d6}
`;

/**
 * A side's name; a pair's players go one above the other, so that two pairs fit a line of a 1280 px canvas. A
 * player's flag stands beside the name, on the inner side (next to the score); a pair's do not fit there.
 */
function SideName(props: { name: string; country: string | undefined; side: "home" | "away" }) {
  const players = props.name.split(PAIR_SEPARATOR);
  if (players.length === 1) {
    return props.side === "home"
      ? (
        <>
          {props.name}
          <SideFlags codes={props.country} />
        </>
      )
      : (
        <>
          <SideFlags codes={props.country} />
          {props.name}
        </>
      );
  }
  return <>{players.map((p, i) => <span key={i} class="p">{p}</span>)}</>;
}

function Line(props: { match: Match; live: boolean }) {
  const m = props.match;
  const homeWon = m.winnerId !== null && m.winnerId === m.homeId;
  const awayWon = m.winnerId !== null && m.winnerId === m.awayId;
  const i18n = useI18n();
  const mark = resultReasonMark(m.resultReasonCode, i18n);
  return (
    <div class="line" data-match={m.id}>
      <span class="t">{m.tableNo != null ? i18n.t("draw.tableShort", { table: m.tableNo }) : ""}</span>
      <span class={`h${homeWon ? " won" : ""}`}>
        <SideName name={m.homeName} country={m.homeCountry} side="home" />
      </span>
      <span class="s">
        {/* A walkover has no games: its mark stands instead of "0–0"; a retirement's games stay, marked. */}
        {m.resultReasonCode !== "walkover" && <span>{m.gamesWon.home}–{m.gamesWon.away}</span>}
        {mark !== null && <span class="why">{mark}</span>}
        {props.live && <span class="pts">{m.currentGame.home}–{m.currentGame.away}</span>}
      </span>
      <span class={`a${awayWon ? " won" : ""}`}>
        <SideName name={m.awayName} country={m.awayCountry} side="away" />
      </span>
    </div>
  );
}

/** The board: live matches by table, then the latest results, newest first. */
export function CategoryBoard(props: { name: string; matches: Match[] }) {
  const live = liveMatches(props.matches).slice(0, BOARD_LIVE_ROWS);
  const results = latestResults(props.matches, BOARD_RESULT_ROWS);
  const { t } = useI18n();
  return (
    <div class="board">
      <h1>{props.name}</h1>
      {live.length > 0 && <h2>{t("overlay.boardLive")}</h2>}
      {live.map((m) => <Line key={m.id} match={m} live />)}
      {results.length > 0 && <h2 class="res">{t("overlay.boardResults")}</h2>}
      {results.map((m) => <Line key={m.id} match={m} live={false} />)}
      {live.length === 0 && results.length === 0 && <p class="quiet">{t("overlay.noMatchesYet")}</p>}
    </div>
  );
}

/** The whole overlay page of one category. */
export function CategoryOverlayPage(props: {
  nonce: string;
  params: OverlayParams;
  categoryId: string;
  name: string;
  matches: Match[];
}) {
  return (
    <OverlayDocument
      title={props.name}
      nonce={props.nonce}
      params={props.params}
      watch={`/api/v1/subevents/${encodeURIComponent(props.categoryId)}/matches`}
      css={CSS}
    >
      <CategoryBoard name={props.name} matches={props.matches} />
    </OverlayDocument>
  );
}
CategoryOverlayPage.translated = true as const;
