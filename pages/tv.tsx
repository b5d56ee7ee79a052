/**
 * /t/{slug}/tv: the full-screen venue page. It needs no interaction: it rotates through the live board (with the
 * matches up next below the ones in play, as far as the screen has room), every table of the hall, the latest
 * results, the group standings, the knockout brackets (pages/tv_bracket.tsx, one page per category with a locked draw)
 * and a QR code to the event page (client/tv_rotation.ts), skipping a view with nothing to show (`?view=tables`
 * or `?view=bracket` shows one view alone, for a screen of its own), and
 * keeps its data fresh through client/live_regions.ts. Sizes are in vw/vh so that it reads the same from across
 * a hall on 1080p and 4K.
 */
import { shownTime } from "./expected_time.ts";
import type { ComponentChildren } from "preact";
import { groupDisplayName } from "../views/serialize.ts";
import {
  COUNTDOWNS_SCRIPT,
  LIVE_REGIONS_SCRIPT,
  TV_FIT_SCRIPT,
  TV_ROTATION_SCRIPT,
} from "./client_script.ts";
import { calledTo, type ListedMatch, MatchTable } from "./components/match_table.tsx";
import { Announcement } from "./components/announcement.tsx";
import { StandingsTable } from "./components/standings_table.tsx";
import { formatDateRange, spansDays, stageText } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import { TV_TIES_CSS, tvTies, TvTieTable } from "./components/tv_ties.tsx";
import { isTieInPlay, type Tie, withoutTeamMatches } from "./tie_data.ts";
import { Document } from "./layout.tsx";
import { acrossCategories, latestResultsAcross, upcomingAcross } from "./match_lists.ts";
import { watchedPaths } from "./page_paths.ts";
import { matchOnTable } from "../domain/table_call.ts";
import { QrCode } from "./qr.tsx";
import { LoopbackWarning } from "./components/loopback_warning.tsx";
import type { TvDistance } from "./tv_distance.ts";
import { ServeDot } from "./serve_dot.tsx";
import { BRACKET_CSS } from "./components/bracket.tsx";
import { drawnCategories, TV_BRACKET_CSS, TV_MAX_BRACKETS, TvBrackets } from "./tv_bracket.tsx";
import type { CategorySummary, Event, Match } from "./view_types.ts";

/** The views in rotation order; body[data-view] names the one on screen. */
export const TV_VIEWS = ["live", "tables", "results", "standings", "bracket", "qr"] as const;
/** One of TV_VIEWS. */
export type TvView = typeof TV_VIEWS[number];

/** The one view `?view=` asks for (a screen showing only the tables, say), or null to rotate through all. */
export function parseTvView(raw: string | undefined): TvView | null {
  return TV_VIEWS.find((v) => v === raw) ?? null;
}
/** Seconds per view (spec: about 12 s); `?interval=` overrides it within 1–600. */
export const TV_DEFAULT_INTERVAL = 12;
/** How often the TV polls for new data. */
export const TV_POLL_MS = 2000;
/** Rows the live board and the results list have room for. */
export const TV_MAX_ROWS = 10;
/** Groups the standings view shows, a page at a time; more are named by count. */
export const TV_MAX_GROUPS = 12;
/**
 * Groups on one page of the standings view: one row of three, which fits 1080p with standings at 36 px (a page
 * an interval, client/tv_rotation.ts).
 */
export const TV_GROUPS_PER_PAGE = 3;
/** The most pages a view shows in turn (the standings' and the brackets'). */
export const TV_MAX_PAGES = Math.max(TV_MAX_BRACKETS, Math.ceil(TV_MAX_GROUPS / TV_GROUPS_PER_PAGE));

/**
 * The rotation interval in seconds from the `interval` query parameter: a number from 1 to 600 (clamped),
 * anything else gives the default 12.
 */
export function parseTvInterval(raw: string | undefined): number {
  const n = raw?.trim() ? Number(raw) : NaN;
  return Number.isNaN(n) ? TV_DEFAULT_INTERVAL : Math.min(600, Math.max(1, n));
}

// On the match boards each side keeps to two lines at most (a doubles pair reads whole; a longer name is cut),
// so that a long name can neither push the score and the away side off screen nor make a row so tall that the
// board loses rows: `max-width:0` lets the table give a name less than its width, and the two sides share what
// the table number, the category (one line, capped) and the score (`width:1%`: just their content) leave.
// Standings names likewise wrap anywhere, at most two lines.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%;overflow:hidden;background:#08121f;color:#fff}
body{font:500 2.1vw/1.25 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;flex-direction:column}
header.tv{display:flex;align-items:baseline;gap:2vw;padding:1.6vh 3vw;background:#0f2136}
header.tv h1{margin:0;font-size:3vw;flex:0 1 auto;min-width:0;max-width:60vw;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis}
header.tv .where{color:#b9c6d8;font-size:1.6vw;flex:0 1 auto;min-width:4em;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis}
header.tv ol{margin:0 0 0 auto;padding:0;display:flex;flex:none;gap:1vw;list-style:none;font-size:1.3vw;color:#7f8fa6;
  white-space:nowrap}
.loopback{max-width:70vw;margin:2vh auto 0;padding:1vh 1.5vw;border-radius:.6vh;background:#fff4c2;color:#0d1b2a;
  border:.3vh solid #b00020;font-size:1.6vw;line-height:1.35;text-align:left}
.loopback strong{color:#b00020}
main.tv{flex:1;position:relative;padding:2vh 3vw;overflow:hidden}
.tv-announcement{margin:0;padding:1.4vh 3vw;background:#ffd400;color:#101010;font-size:2.4vw;font-weight:700;
  overflow-wrap:anywhere}
.tv-announcement .posted{display:none}
.tv-calls{list-style:none;margin:0;padding:1.2vh 3vw;background:#0b4fb3;color:#fff;font-size:2.4vw;
  font-weight:700;display:flex;flex-wrap:wrap;gap:.6vh 3vw}
.tv-calls .table-no{color:#ffd400}
.stale-note{display:none}
body[data-stale-long="1"] .stale-note{display:block;position:fixed;right:2vw;bottom:2vh;margin:0;padding:.6vh 1.2vw;
  border-radius:2vh;background:#3a2a00;color:#ffd400;font-size:1.3vw}
section.view{display:none;height:100%;flex-direction:column}
section.view h2{margin:0 0 1.5vh;font-size:2.8vw;color:#ffd400}
${
  TV_VIEWS.map((v) =>
    `body[data-view="${v}"] section[data-view-name="${v}"]{display:flex}` +
    `body[data-view="${v}"] li.dot-${v}{color:#fff;font-weight:700}`
  ).join("\n")
}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{position:absolute;inset-inline-start:-9999px}
th,td{padding:.9vh 1vw;text-align:left;border-bottom:.15vh solid rgba(255,255,255,.15)}
th{font-size:1.3vw;color:#b9c6d8;font-weight:600;text-transform:uppercase}
.num{text-align:right}
table.matches{font-size:2.5vw}
table.matches td{padding:1.4vh 1vw}
.score{text-align:center;white-space:nowrap}
.score a,.games{color:#fff;text-decoration:none;font-weight:700}
.points{color:#101010;background:#ffd400;border-radius:.4vw;padding:0 .6vw;margin-left:.6vw}
.detail{color:#b9c6d8;font-size:1.9vw;margin-left:.6vw}
table.matches:not(.live) .detail{display:block;margin:.3vh 0 0}
.serve-dot{display:inline-block;width:.5em;height:.5em;margin:0 .35em;border-radius:50%;background:#ffd400;
  vertical-align:.1em;flex:none}
.flag-line{display:block;margin-top:.5vh;line-height:1}
.flag{display:inline-block;font-size:1.25vw;font-weight:800;letter-spacing:.08em;padding:.5vh .7vw;border-radius:.4vw;
  line-height:1.2}
.flag[hidden]{display:none}
.flag.point{box-shadow:inset 0 0 0 .2vw #ffd400;color:#ffd400}
.flag.point.match{background:#e0262c;box-shadow:none;color:#fff}
.flag.timeout{background:#fff;color:#101010}
section.view h2.then{margin-top:2.5vh}
.tv-page{display:none;flex:1;min-height:0;flex-direction:column}
${
  Array.from({ length: TV_MAX_PAGES }, (_, i) =>
    `body[data-page="${i}"] .tv-page[data-page="${i}"]{display:flex}`)
    .join("\n")
}
.next{flex:1;min-height:0;display:flex;flex-flow:column wrap;align-content:flex-start;overflow:hidden;font-size:2.1vw}
.next::before{content:"";width:100%;height:0}
.next .lead{width:100%}
.next ol{margin:0;padding:0;list-style:none}
.next ol.rest{display:contents}
.next li{width:100%;display:grid;grid-template-columns:5vw 17vw 1fr 12vw 1fr;align-items:center;gap:0 1vw;
  padding:1vh 1vw;border-bottom:.15vh solid rgba(255,255,255,.15)}
.next .home{text-align:right}
.next .time{text-align:center;color:#b9c6d8;font-weight:700;white-space:nowrap}
.next .time.moved{color:#ffd166}
.next .cat{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.next .n{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;overflow-wrap:anywhere}
.winner{color:#ffd400;font-weight:700}
.table-no{font-weight:700;color:#ffd400}
.cat{color:#b9c6d8;font-size:1.6vw}
${TV_TIES_CSS}
table.matches td.cat{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
table.matches td.home,table.matches td.away{max-width:0;width:50%}
table.matches td .n{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;overflow-wrap:anywhere}
table.matches td.table-no,table.matches td.cat,table.matches td.score{width:1%}
table.matches td.cat{max-width:17vw}
.groups{display:grid;grid-template-columns:repeat(auto-fit,minmax(28vw,1fr));gap:2vh 2vw;font-size:1.9vw}
.groups h3{margin:0 0 .5vh;font-size:1.9vw;color:#b9c6d8}
.groups th{font-size:1.3vw}
.groups th[scope=row]{font-weight:500;color:#fff;text-transform:none;font-size:1.9vw}
.groups td,.groups th{padding:.4vh .6vw}
.groups .scroll{overflow:hidden}
.groups th[scope=row] .n{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;overflow-wrap:anywhere}
.more{color:#b9c6d8;margin-top:1vh}
section[data-view-name="qr"]{align-items:center;justify-content:center;text-align:center}
.hall{flex:1;min-height:0;margin:0;padding:0;display:grid;gap:1.2vh 1.2vw;grid-auto-rows:1fr}
.hall.c2{grid-template-columns:repeat(2,1fr)}.hall.c3{grid-template-columns:repeat(3,1fr)}
.hall.c4{grid-template-columns:repeat(4,1fr)}.hall.c6{grid-template-columns:repeat(6,1fr)}
.hall li{list-style:none;min-height:0;overflow:hidden;background:#0f2136;border-radius:1vh;padding:1vh 1vw;
  display:flex;flex-direction:column;justify-content:center;gap:.4vh;border-left:.5vw solid #3b4c63}
.hall li[hidden]{display:none}
.hall li.live{border-left-color:#ff5a5f}.hall li.called{border-left-color:#0b4fb3}
.hall .t{font-weight:800;color:#ffd400;font-size:1.9vw}
.hall .who{font-size:1.9vw;font-weight:600;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;
  overflow:hidden;overflow-wrap:anywhere}
.hall .sc{font-size:2.2vw;font-weight:800;font-variant-numeric:tabular-nums}
.hall .state{font-size:1.9vw;color:#b9c6d8}
.hall.c6 .t,.hall.c6 .who,.hall.c6 .state{font-size:1.5vw}.hall.c6 .sc{font-size:1.9vw}
svg.qr{height:56vh;width:56vh;border-radius:1vh}
.url{font-size:2.4vw;font-weight:700;margin-top:2vh;word-break:break-all}
.quiet{color:#b9c6d8}
section[data-view-name="bracket"] .quiet{margin:auto}
`;

/**
 * The TV read from a distance (pages/tv_distance.ts): every text gets the one font size that reaches 16
 * arcminutes there (`--text`, in vh), and the board shows fewer, larger rows: no match list headings, categories or
 * game details, two table cards a row, one group a row with place, name, won, lost and points, the header without
 * its venue and views, and the QR's warning in one line. What no longer fits is paged (client/tv_fit.ts); the
 * brackets, whose columns cannot grow so, leave the rotation (docs/pages.md).
 */
function farCss(distance: TvDistance): string {
  const text = `${distance.textVh.toFixed(3)}vh`;
  return `
:root{--text:${text}}
body.far header.tv,body.far header.tv *,body.far main.tv,body.far main.tv *,body.far .tv-calls,body.far .tv-calls *,
body.far .tv-announcement,body.far .tv-announcement *,body.far .stale-note{font-size:var(--text)!important}
body.far header.tv .where,body.far header.tv ol,body.far thead,body.far .cat,body.far .detail,
body.far .loopback .why{display:none!important}
body.far header.tv{padding:.8vh 3vw}
body.far section.view h2{margin:0 0 1vh}
body.far th,body.far td{padding:.6vh .8vw}
body.far table.matches td{padding:.6vh .8vw}
body.far .next li{grid-template-columns:auto 1fr auto 1fr;padding:.6vh .8vw}
body.far .hall{grid-template-columns:repeat(2,1fr)!important;grid-auto-rows:max-content;align-content:start}
body.far .hall li{padding:.6vh 1vw}
body.far .hall .who,body.far table.matches td .n,body.far .next .n{-webkit-line-clamp:2}
body.far svg.qr{height:42vh;width:42vh}
body.far .url{margin-top:1vh}
body.far .loopback{margin-top:1vh;padding:.6vh 1vw}
body.far .flag{padding:.3vh .6vw}
body.far .groups{grid-template-columns:1fr;gap:1vh}
body.far .groups thead{display:table-header-group!important}
body.far .groups th:nth-child(5),body.far .groups td:nth-child(5),body.far .by-lot,body.far .more{display:none}
`;
}

/**
 * The time of a match up next on the board: its expected start, marked (and its planned time said to screen
 * readers) when the day moved it from its planned time; "v" when it has none.
 */
function UpNextTime(props: { match: Match; withDay: boolean }) {
  const i18n = useI18n();
  const { time, planned } = shownTime(props.match, props.withDay, i18n);
  if (planned === null) return <span class="time">{time ?? "–"}</span>;
  return (
    <span class="time moved" aria-label={i18n.t("list.expected", { time: time ?? "", planned })}>{time}</span>
  );
}

/**
 * The matches up next on the live board, below the matches in play: as many whole rows as the screen has room
 * for. The rows are a column that wraps (flex-wrap), so that a row that does not fit goes to a second column
 * outside the board, which is clipped, rather than being cut in half at the bottom of the screen; the heading
 * goes with the first row, so that it is not shown alone, and an empty first item (`::before`) lets even that
 * pair wrap away when it does not fit (a first item of a column never wraps). The number of live rows, and whether a doubles pair
 * takes two lines, do not have to be known here.
 */
function UpNext(props: { rows: ListedMatch[]; withDay: boolean; afterLive: boolean }) {
  const { t } = useI18n();
  const row = ({ match: m, category }: ListedMatch) => (
    <li key={m.id} data-match={m.id}>
      <span class="table-no">{m.tableNo ?? "–"}</span>
      <span class="cat">{category}</span>
      <span class="home n">{m.homeName}</span>
      <UpNextTime match={m} withDay={props.withDay} />
      <span class="away n">{m.awayName}</span>
    </li>
  );
  const [first, ...rest] = props.rows;
  if (!first) return null;
  return (
    <div class="next">
      <div class="lead">
        <h2 class={props.afterLive ? "then" : undefined}>{t("event.upNext")}</h2>
        <ol class="rows">{row(first)}</ol>
      </div>
      <ol class="rows rest" start={2}>{rest.map(row)}</ol>
    </div>
  );
}

/**
 * The matches called to their tables and not started, under the announcement on every view: "Table 5: García v
 * Watanabe", until play begins there. Its region is always in the page (empty with no call), so that a poll brings
 * a call in and takes it away by swapping the region; the live region around it has a screen reader say it.
 */
function Calls(props: { rows: ListedMatch[] }) {
  const { t } = useI18n();
  return (
    <div role="status">
      <div data-region="tv-calls">
        {props.rows.length > 0 && (
          <ul class="tv-calls" aria-label={t("tv.calls")}>
            {props.rows.map(({ match: m }) => (
              <li key={m.id} data-match={m.id}>
                <span class="table-no">{t("tv.callLine", { table: m.tableNo ?? "" })}</span>{" "}
                {t("list.versus", { home: m.homeName, away: m.awayName })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * Every table of the hall: who plays there and the score, the match called there, or free (domain/table_call.ts
 * `matchOnTable`). The cards take the whole view, in as many columns as the number of tables asks.
 */
function Hall(props: { tables: number[]; matches: Match[] }) {
  const { t } = useI18n();
  const n = props.tables.length;
  const cols = n <= 4 ? 2 : n <= 9 ? 3 : n <= 16 ? 4 : 6;
  return (
    <ol class={`hall c${cols}`} aria-label={t("tv.everyTable")}>
      {props.tables.map((table) => {
        const m = matchOnTable(props.matches, table);
        const live = m?.status === "in_progress";
        return (
          <li key={table} class={m === null ? "free" : live ? "live" : "called"} data-table={table}>
            <span class="t">{t("list.tableNo", { table })}</span>
            {m === null ? <span class="state">{t("tv.free")}</span> : (
              <>
                <span class="who">
                  {live && <ServeDot match={m} side="home" />}
                  {t("list.versus", { home: m.homeName, away: m.awayName })}
                  {live && <ServeDot match={m} side="away" />}
                </span>
                {live
                  ? (
                    <span class="sc">
                      {m.gamesWon.home}–{m.gamesWon.away}{" "}
                      <span class="points">{m.currentGame.home}–{m.currentGame.away}</span>
                    </span>
                  )
                  : <span class="state">{t("tv.called")}</span>}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Everything the TV shows. */
export interface TvProps {
  nonce: string;
  event: Event;
  categories: CategorySummary[];
  /** Absolute URL of the event page, for the QR code. */
  followUrl: string;
  /** Whether that URL is this computer's own address, which phones cannot open: the QR view says so. */
  loopback?: boolean;
  interval: number;
  /** The server's clock at render (ms): a running time-out is flagged as it says, then by the viewer's. */
  now: number;
  /** The hall's tables (those of the event's sessions, and any a match is on), for the tables view. */
  tables: number[];
  /** The ties of the live board and the results (pages/tie_data.ts): a team category's rows are its ties. */
  ties?: Tie[];
  /** The one view to show (`?view=`), or null to rotate through them all. */
  only: TvView | null;
  /** The distance the screen is read from (`?distance=`), or null or absent for the usual layout. */
  distance?: TvDistance | null;
}

/**
 * One of the TV's views: its name, its live region (`tv-<name>`), whether it has nothing to show now and how many
 * pages it shows in turn (the brackets: one per category).
 */
function ViewSection(props: { name: TvView; empty: boolean; pages?: number; children: ComponentChildren }) {
  return (
    <section
      class="view"
      data-view-name={props.name}
      data-region={`tv-${props.name}`}
      data-empty={props.empty ? "1" : "0"}
      data-pages={props.pages === undefined ? undefined : String(props.pages)}
    >
      {props.children}
    </section>
  );
}

/** The whole TV page; the first view on screen is the first one with something to show. */
export function TvPage(props: TvProps) {
  const { event, categories } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const liveTies = tvTies(props.ties ?? [], "live", TV_MAX_ROWS);
  const doneTies = tvTies(props.ties ?? [], "done", TV_MAX_ROWS);
  const live = withoutTeamMatches(acrossCategories(categories, (c) => c.live), categories)
    .sort((a, b) => (a.match.tableNo ?? Infinity) - (b.match.tableNo ?? Infinity) || 0)
    .slice(0, TV_MAX_ROWS);
  // The matches up next fill what the matches in play leave of the board (UpNext): in the morning, the first.
  const next = upcomingAcross(categories, TV_MAX_ROWS);
  const results = withoutTeamMatches(latestResultsAcross(categories, TV_MAX_ROWS), categories);
  const called = acrossCategories(categories, (c) => c.upcoming).filter(({ match }) =>
    calledTo(match) !== null
  )
    .sort((a, b) => (a.match.tableNo ?? 0) - (b.match.tableNo ?? 0));
  // Groups still in play first: they are what the hall is waiting on.
  const groups = categories.flatMap((c) =>
    c.groups.filter((g) => g.rows.length > 0).map((group) => ({ group, category: c.name }))
  ).sort((a, b) => Number(a.group.complete) - Number(b.group.complete));
  const shownGroups = groups.slice(0, TV_MAX_GROUPS);
  // From a distance the groups stand one a row and client/tv_fit.ts pages them by what fits, in one page here.
  const perPage = props.distance ? TV_MAX_GROUPS : TV_GROUPS_PER_PAGE;
  const groupPages = Array.from(
    { length: Math.ceil(shownGroups.length / perPage) },
    (_, i) => shownGroups.slice(i * perPage, (i + 1) * perPage),
  );
  // What is on each table: the matches in play and those called (called ones are among the first up next).
  const onTables = acrossCategories(categories, (c) => [...c.live, ...c.upcoming]).map((r) => r.match)
    .filter((m) => !isTieInPlay(m, categories));
  const tables = [
    ...new Set([...props.tables, ...onTables.flatMap((m) => m.tableNo === null ? [] : [m.tableNo])]),
  ]
    .sort((a, b) => a - b);
  const brackets = drawnCategories(categories).length;
  const far = props.distance != null;
  const empty = {
    live: live.length === 0 && next.length === 0 && liveTies.length === 0,
    tables: tables.length === 0,
    results: results.length === 0 && doneTies.length === 0,
    // From a distance the brackets' columns cannot grow to be read: they leave the rotation.
    standings: groups.length === 0,
    bracket: brackets === 0 || (far && props.only === null),
    qr: false,
  };
  const views = props.only === null ? TV_VIEWS : [props.only];
  const first = props.only ?? TV_VIEWS.find((v) => !empty[v]) ?? "qr";
  const watch = watchedPaths(event.slug, categories.map((c) => c.id));
  const viewTitles = {
    live: t("tv.viewLive"),
    tables: t("tv.viewTables"),
    results: t("tv.viewResults"),
    standings: t("tv.viewStandings"),
    bracket: t("tv.viewBracket"),
    qr: t("tv.viewQr"),
  };
  return (
    <Document
      title={t("tv.title", { event: event.name })}
      nonce={props.nonce}
      css={CSS + BRACKET_CSS + TV_BRACKET_CSS + (props.distance ? farCss(props.distance) : "")}
      script={LIVE_REGIONS_SCRIPT + TV_ROTATION_SCRIPT + TV_FIT_SCRIPT + COUNTDOWNS_SCRIPT}
      bodyClass={far ? "tv far" : "tv"}
      bodyData={{
        view: first,
        page: "0",
        views: views.join(" "),
        interval: String(props.interval),
        watch: watch.join(" "),
        "poll-ms": String(TV_POLL_MS),
      }}
    >
      <header class="tv">
        <h1>{event.name}</h1>
        <span class="where">{event.venue} · {formatDateRange(event.startDate, event.endDate, i18n)}</span>
        <ol aria-label={t("tv.views")}>
          {views.map((v) => <li key={v} class={`dot-${v}`}>{viewTitles[v]}</li>)}
        </ol>
      </header>
      <Announcement event={event} region="tv-announcement" class="tv-announcement" />
      <Calls rows={called} />
      <main class="tv">
        <ViewSection name="live" empty={empty.live}>
          {(live.length + liveTies.length > 0 || next.length === 0) && (
            <>
              <h2>{t("event.liveNow")}</h2>
              <TvTieTable ties={liveTies} categories={categories} live caption={t("event.tiesInPlay")} />
              {live.length > 0
                ? (
                  <MatchTable
                    rows={live}
                    caption={t("tv.liveMatches")}
                    live
                    showTable
                    showCategory
                    links={false}
                    flags={{ now: props.now }}
                    serve
                  />
                )
                : liveTies.length === 0 && <p class="quiet">{t("tv.noLive")}</p>}
            </>
          )}
          <UpNext rows={next} withDay={spansDays(event)} afterLive={live.length + liveTies.length > 0} />
        </ViewSection>
        <ViewSection name="tables" empty={empty.tables}>
          <h2>{t("tv.tables")}</h2>
          <Hall tables={tables} matches={onTables} />
        </ViewSection>
        <ViewSection name="results" empty={empty.results}>
          <h2>{t("event.latestResults")}</h2>
          <TvTieTable ties={doneTies} categories={categories} live={false} caption={t("event.latestTies")} />
          {results.length > 0
            ? (
              <MatchTable
                rows={results}
                caption={t("event.latestResults")}
                live={false}
                showCategory
                links={false}
              />
            )
            : doneTies.length === 0 && <p class="quiet">{t("tv.noResults")}</p>}
        </ViewSection>
        <ViewSection name="standings" empty={empty.standings} pages={groupPages.length}>
          <h2>{t("tv.groupStandings")}</h2>
          {groupPages.map((page, i) => (
            <div key={i} class="tv-page" data-page={i}>
              <div class="groups">
                {page.map(({ group, category }) => (
                  <div key={group.groupId}>
                    <h3>{category} · {stageText(groupDisplayName(group.name), i18n)}</h3>
                    <StandingsTable
                      group={group}
                      caption={`${category}, ${stageText(groupDisplayName(group.name), i18n)}`}
                      compact
                    />
                  </div>
                ))}
              </div>
            </div>
          ))}
          {groups.length > shownGroups.length && (
            <p class="more">{i18n.n("tv.moreGroups", groups.length - shownGroups.length)}</p>
          )}
        </ViewSection>
        <ViewSection name="bracket" empty={empty.bracket} pages={brackets}>
          {brackets > 0 ? <TvBrackets categories={categories} /> : <p class="quiet">{t("tv.noBracket")}</p>}
        </ViewSection>
        <ViewSection name="qr" empty={false}>
          <h2>{t("tv.follow")}</h2>
          <QrCode text={props.followUrl} label={t("tv.qrLabel", { url: props.followUrl })} />
          <p class="url">{props.followUrl}</p>
          {props.loopback && <LoopbackWarning url={props.followUrl} what="screen" />}
        </ViewSection>
      </main>
      <p class="stale-note" role="status">{t("tv.stale")}</p>
    </Document>
  );
}
TvPage.translated = true as const;
