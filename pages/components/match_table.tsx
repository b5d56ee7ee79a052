/**
 * Tables of matches: a wide one for the venue TV (live ones or results), stacked ones for phones (live ones or
 * results, and the ones up next).
 */
import { shownTimeText } from "../expected_time.ts";
import { resultReasonMark, resultReasonWords, stageText } from "../format.ts";
import { type I18n, i18nFor, useI18n } from "../i18n/mod.ts";
import { lastEnd, pointFlag, timedAttributes, timedTimeouts } from "../umpire_view.ts";
import type { Match } from "../view_types.ts";
import { standingCall } from "../../domain/table_call.ts";
import { ServeDot } from "../serve_dot.tsx";

/** A match with the name of its category, for lists that span categories. */
export type { ListedMatch } from "../../views/player.ts";
import type { ListedMatch } from "../../views/player.ts";

/** The finished games in words, e.g. "11-7, 9-11, 11-5", or the result reason when not decided by score. */
export function gamesDetail(match: Match, i18n: I18n = i18nFor("en")): string {
  const games = match.gameScores.map((g) => `${g.home}-${g.away}`).join(", ");
  const reason = resultReasonWords(match, i18n);
  return reason ? (games ? `${reason} (${games})` : reason) : games;
}

/**
 * The TV's flag of a match in play, under its score: "TIME-OUT" while one runs (by the viewer's clock,
 * pages/client/countdowns.ts), else "MATCH POINT" or "GAME POINT"; nothing at any other moment.
 */
export function UmpireFlag(props: { match: Match; now: number }) {
  const { t } = useI18n();
  const point = pointFlag(props.match);
  const timeouts = timedTimeouts(props.match);
  if (!point && timeouts.length === 0) return null;
  const after = lastEnd(timeouts);
  return (
    <span class="flag-line">
      {timeouts.map((timeout) => (
        <span
          key={timeout.endsAt}
          class="flag timeout"
          {...timedAttributes({ until: timeout.endsAt }, props.now)}
        >
          {t("overlay.timeout")}
        </span>
      ))}
      {point && (
        <span
          class={`flag point${point.match ? " match" : ""}`}
          {...timedAttributes(after === undefined ? {} : { after }, props.now)}
        >
          {t(point.match ? "overlay.matchPoint" : "overlay.gamePoint")}
        </span>
      )}
    </span>
  );
}

/**
 * The wide table of the venue TV: a row per match with the sides left and right of the score (games, then the
 * running game's points, or each game's points for a result). Names are text, so Preact escapes them.
 */
export function MatchTable(props: {
  rows: ListedMatch[];
  caption: string;
  live: boolean;
  showTable?: boolean;
  showCategory?: boolean;
  links?: boolean;
  /** Flag game point, match point and a running time-out under the score (UmpireFlag), as at `now` (ms). */
  flags?: { now: number };
  /** A dot beside the side that serves next, on the score's side of its name (the venue TV's live board). */
  serve?: boolean;
}) {
  const { live, showTable, showCategory } = props;
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div class="scroll">
      <table class={`matches${live ? " live" : ""}`}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {showTable && <th scope="col">{t("list.table")}</th>}
            {showCategory && <th scope="col">{t("list.category")}</th>}
            <th scope="col" class="num">{t("list.home")}</th>
            <th scope="col" class="score">{t(live ? "list.gamesPoints" : "list.result")}</th>
            <th scope="col">{t("list.away")}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map(({ match: m, category }) => {
            const homeWon = m.winnerId !== null && m.winnerId === m.homeId;
            const awayWon = m.winnerId !== null && m.winnerId === m.awayId;
            // A walkover has no games: its mark stands instead of "0–0", as on the bracket and the overlays; a
            // retirement's or disqualification's follows its games ("1–0 RET"), as on the category board.
            const mark = resultReasonMark(m.resultReasonCode, i18n);
            const games = m.resultReasonCode === "walkover"
              ? mark
              : `${m.gamesWon.home}–${m.gamesWon.away}${mark === null ? "" : ` ${mark}`}`;
            return (
              <tr key={m.id} data-match={m.id}>
                {showTable && <td class="table-no">{m.tableNo ?? "–"}</td>}
                {showCategory && <td class="cat">{category}</td>}
                <td class={`num home${homeWon ? " winner" : ""}`}>
                  <span class="n">{m.homeName}{props.serve && <ServeDot match={m} side="home" />}</span>
                </td>
                <td class="score">
                  {props.links === false
                    ? <span class="games">{games}</span>
                    : <a class="games" href={`/m/${encodeURIComponent(m.id)}`}>{games}</a>} {live
                    ? <span class="points">{m.currentGame.home}–{m.currentGame.away}</span>
                    : <span class="detail">{gamesDetail(m, i18n)}</span>}
                  {live && props.flags && <UmpireFlag match={m} now={props.flags.now} />}
                </td>
                <td class={`away${awayWon ? " winner" : ""}`}>
                  <span class="n">{props.serve && <ServeDot match={m} side="away" />}{m.awayName}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The styles of ScoreList, for the pages that show one. Each side's name keeps to one line, cut with an ellipsis
 * as on the overlays, so that it stays level with its games and points (a doubles pair fits a phone's width);
 * `max-width:0` with `width:100%` lets the match column take what the numbers leave and no more, whatever the
 * name's length (the match page has it whole).
 */
export const SCORE_LIST_CSS = `
.scores{max-width:40rem}
.scores thead th{white-space:nowrap}
.scores .side{display:block}
.scores th[scope=row]{max-width:0;width:100%}
.scores th[scope=row] .side{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.scores th[scope=row]{font-weight:400;background:none}
.scores th[scope=row] a{text-decoration:none;color:#111}
.scores th[scope=row] a:hover .side,.scores th[scope=row] a:focus-visible .side{text-decoration:underline}
.scores .winner{font-weight:700}
.scores .ctx{display:block;color:#444;font-size:.85rem}
.scores td.games{font-weight:700}
.scores td.now{background:#fff4c2;font-weight:700}
`;

/**
 * The stacked table of the spectator pages, narrow enough for a phone: the two sides one above the other, with
 * the table and category (or the games of a result) below, and the games (and the running game's points) in
 * columns beside them. Each match links to its page. With `sideOf` (a player's page: their entries), a result
 * says first whether that side won or lost. The caption names the table for screen readers only: every page puts
 * the list under a heading or a summary that already says what it holds.
 */
export function ScoreList(
  props: {
    rows: ListedMatch[];
    caption: string;
    live: boolean;
    showCategory?: boolean;
    sideOf?: ReadonlySet<string>;
  },
) {
  const { live } = props;
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <table class={`scores${live ? " live" : ""}`}>
      <caption class="sr">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("list.match")}</th>
          <th scope="col" class="num">{t("list.games")}</th>
          {live && <th scope="col" class="num">{t("list.points")}</th>}
        </tr>
      </thead>
      <tbody>
        {props.rows.map(({ match: m, category }) => {
          const own = props.sideOf;
          const outcome = own && m.winnerId !== null && (own.has(m.homeId) || own.has(m.awayId))
            ? t(own.has(m.winnerId) ? "list.won" : "list.lost")
            : "";
          const context = [
            outcome,
            live && m.tableNo != null ? t("list.tableNo", { table: m.tableNo }) : "",
            props.showCategory ? category : "",
            stageText(m.stageLabel, i18n),
          ].filter((t) => t !== "").join(" · ");
          const detail = live ? "" : gamesDetail(m, i18n);
          return (
            <tr key={m.id} data-match={m.id}>
              <th scope="row">
                <a href={`/m/${encodeURIComponent(m.id)}`}>
                  <span class={`side${m.winnerId !== null && m.winnerId === m.homeId ? " winner" : ""}`}>
                    {m.homeName}
                  </span>
                  <span class={`side${m.winnerId !== null && m.winnerId === m.awayId ? " winner" : ""}`}>
                    {m.awayName}
                  </span>
                </a>
                <span class="ctx">{context}{detail ? ` · ${detail}` : ""}</span>
              </th>
              <td class="num games">
                <span class="side">{m.gamesWon.home}</span>
                <span class="side">{m.gamesWon.away}</span>
              </td>
              {live && (
                <td class="num now">
                  <span class="side">{m.currentGame.home}</span>
                  <span class="side">{m.currentGame.away}</span>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The styles of UpcomingList, beside SCORE_LIST_CSS (whose stacked sides it shares). */
export const UPCOMING_LIST_CSS = `
.scores td.when{white-space:nowrap;font-variant-numeric:tabular-nums}
.scores .called{display:block;color:#0b4fb3;font-size:.9rem}
`;

/** "Called to table 5" for a match the desk called to its table and that has not started; null otherwise. */
export function calledTo(
  m: Pick<Match, "status" | "calledAt" | "tableNo">,
  i18n: I18n = i18nFor("en"),
): string | null {
  const table = standingCall(m);
  return table === null ? null : i18n.t("list.calledTo", { table });
}

/** The styles of a page that shows both lists, ScoreList and UpcomingList. */
export const MATCH_LISTS_CSS = SCORE_LIST_CSS + UPCOMING_LIST_CSS;

/**
 * The matches up next on the spectator pages, in the layout of ScoreList: the two sides one above the other with
 * the category and round below, and the table and time they are planned at beside them. A column that no row
 * has a value for is left out (an event that gives no times, or matches not called to tables yet). Its caption is
 * for screen readers only, as ScoreList's.
 */
export function UpcomingList(
  props: { rows: ListedMatch[]; caption: string; withDay: boolean; showCategory?: boolean },
) {
  const i18n = useI18n();
  const { t } = i18n;
  const showTable = props.rows.some(({ match }) => match.tableNo !== null);
  const showTime = props.rows.some(({ match }) =>
    match.scheduledAt !== null || match.estimatedStart !== null
  );
  return (
    <table class="scores upcoming">
      <caption class="sr">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("list.match")}</th>
          {showTable && <th scope="col" class="num">{t("list.table")}</th>}
          {showTime && <th scope="col" class="num">{t("list.time")}</th>}
        </tr>
      </thead>
      <tbody>
        {props.rows.map(({ match: m, category }) => (
          <tr key={m.id} data-match={m.id}>
            <th scope="row">
              <a href={`/m/${encodeURIComponent(m.id)}`}>
                <span class="side">{m.homeName}</span>
                <span class="side">{m.awayName}</span>
              </a>
              <span class="ctx">
                {props.showCategory
                  ? `${category} · ${stageText(m.stageLabel, i18n)}`
                  : stageText(m.stageLabel, i18n)}
              </span>
              {calledTo(m, i18n) && <strong class="called">{calledTo(m, i18n)}</strong>}
            </th>
            {showTable && <td class="num when">{m.tableNo ?? "–"}</td>}
            {showTime && <td class="num when">{shownTimeText(m, props.withDay, i18n) ?? "–"}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
