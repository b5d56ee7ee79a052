/**
 * The operator's page `/manage`: the event at a glance (tables, live matches, what is next, results, waiting
 * matches), publishing, the desk's announcement, draws, starting matches, fixing results, the URLs and QR
 * codes to hand out, scorer tokens and the audit log. The server sends the frame; the inline script
 * (client/manage_client.ts) fills it from the management API with the admin token entered in the page.
 */
import { MAX_ANNOUNCEMENT_LENGTH } from "../../domain/announcement.ts";
import { Document } from "../layout.tsx";
import { moduleScript } from "../client_script.ts";
import * as clashWords from "./client/clash_words.ts";
import * as dom from "./client/dom.ts";
import { manageClient } from "./client/manage_client.ts";
import * as manageFetch from "./client/manage_fetch.ts";
import * as resultWords from "./client/result_words.ts";
import * as eventSessions from "../../domain/event_sessions.ts";
import * as groupSize from "../../domain/group_size.ts";
import * as planByTable from "../../domain/plan_by_table.ts";
import * as tokenEntry from "./client/token_entry.ts";
import * as announcement from "./client/manage/announcement.ts";
import * as assignForm from "./client/manage/assign_form.ts";
import * as audit from "./client/manage/audit.ts";
import * as categoryList from "./client/manage/category_list.ts";
import * as controls from "./client/manage/controls.ts";
import * as drawConsole from "./client/manage/draw_console.ts";
import * as eventBar from "./client/manage/event_bar.ts";
import * as events from "./client/manage/events.ts";
import * as hallTables from "./client/manage/hall_tables.ts";
import * as keyboardFocus from "./client/manage/keyboard_focus.ts";
import * as links from "./client/manage/links.ts";
import * as matchActions from "./client/manage/match_actions.ts";
import * as confirmationWords from "./client/manage/confirmation_words.ts";
import * as matchRow from "./client/manage/match_row.ts";
import * as reportLink from "./client/manage/report_link.ts";
import * as matchWords from "./client/manage/match_words.ts";
import * as overview from "./client/manage/overview.ts";
import * as page from "./client/manage/page.ts";
import * as plan from "./client/manage/plan.ts";
import * as printMenu from "./client/manage/print_menu.ts";
import * as qrSvg from "./client/manage/qr_svg.ts";
import * as refresh from "./client/manage/refresh.ts";
import * as resultForms from "./client/manage/result_forms.ts";
import * as sessions from "./client/manage/sessions.ts";
import * as sheetGames from "./client/manage/sheet_games.ts";
import * as tableCards from "./client/manage/table_cards.ts";
import * as tokens from "./client/manage/tokens.ts";
import * as write from "./client/manage/write.ts";
import * as entries from "./client/manage/entries.ts";
import * as byCategory from "./client/manage/by_category.ts";
import * as byTable from "./client/manage/by_table.ts";
import * as find from "./client/manage/find.ts";
import * as views from "./client/manage/views.ts";
import * as tieLineups from "./client/manage/tie_lineups.ts";
import * as relayPanel from "./client/manage/relay_panel.ts";
import * as importDesk from "./client/manage/import_desk.ts";
import * as needsPanel from "./client/manage/needs_panel.ts";
import * as incidentsPanel from "./client/manage/incidents_panel.ts";
import * as checkIn from "./client/manage/check_in.ts";
import * as ratingList from "./client/manage/rating_list.ts";
import { MANAGE_CSS } from "./styles.ts";
import { CONSOLE_VIEWS } from "./console_views.ts";
import { TokenForm } from "./token_form.tsx";
import { ImportForm } from "./import_form.tsx";
import { NeedsPanel } from "./needs_panel.tsx";
import { LANGUAGES } from "../../lib/languages.ts";
import { LANGUAGE_NAMES } from "../i18n/language_switcher.tsx";
import { IncidentsPanel, RefereeAlert } from "./incidents_panel.tsx";
import { CheckInPanel } from "./check_in_panel.tsx";
import { RatingListForm } from "./rating_list_form.tsx";
import * as playWords from "./client/manage/play_words.ts";
import * as playEn from "../i18n/desk_play/en.ts";
import * as stageName from "../../domain/stage_name.ts";
import { PlayWords } from "./play_words.tsx";

/** The modules the operator's script imports, directly or through each other. */
export const MANAGE_MODULES = [
  clashWords,
  dom,
  manageFetch,
  resultWords,
  tokenEntry,
  announcement,
  assignForm,
  audit,
  categoryList,
  confirmationWords,
  controls,
  eventBar,
  events,
  hallTables,
  keyboardFocus,
  links,
  matchActions,
  matchRow,
  matchWords,
  reportLink,
  overview,
  page,
  plan,
  printMenu,
  qrSvg,
  refresh,
  resultForms,
  sheetGames,
  eventSessions,
  groupSize,
  planByTable,
  sessions,
  tableCards,
  tokens,
  write,
  entries,
  drawConsole,
  tieLineups,
  relayPanel,
  importDesk,
  needsPanel,
  incidentsPanel,
  checkIn,
  ratingList,
  byCategory,
  byTable,
  find,
  views,
  playWords,
  playEn,
  stageName,
];

/** The script of the operator's page. */
export const MANAGE_SCRIPT = moduleScript(manageClient, MANAGE_MODULES);

/** `/manage`. */
export function ManagePage(props: { nonce: string }) {
  return (
    <Document
      title="Operator"
      nonce={props.nonce}
      css={MANAGE_CSS}
      script={MANAGE_SCRIPT}
    >
      <PlayWords />
      <header class="bar">
        <h1>Operator</h1>
        <label>
          Event <select id="event-select" aria-label="Event"></select>
        </label>
        <span id="whoami"></span>
        <button type="button" id="forget-token">Change token</button>
      </header>
      <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
      <TokenForm purpose="Enter the admin token printed when the server first started (or made with deno task token)." />
      <nav id="views" class="views" aria-label="Views">
        {CONSOLE_VIEWS.map((v) => (
          <button type="button" data-view={v.id} aria-pressed="false">{v.label}</button>
        ))}
      </nav>
      <main id="content" data-view="tables">
        <p id="no-event" class="muted" hidden>
          No event yet: import one below, with <code>deno task import FILE</code>{" "}
          or POST /api/manage/events/import.
        </p>
        <div class="event-bar">
          <h2 id="event-name"></h2>
          <span id="event-status"></span>
          <button type="button" id="publish" class="primary">Publish</button>
          <button type="button" id="export">Download as import file</button>
          <label>
            Hall language{" "}
            <select id="event-language">
              {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
            </select>
          </label>
        </div>
        <section id="relay" aria-labelledby="relay-heading" hidden>
          <h2 id="relay-heading">Public server</h2>
          <p>
            <strong id="relay-state" class="relay-state"></strong>{" "}
            <button type="button" id="relay-takeover" hidden>Take over</button>
          </p>
          <p id="relay-detail" class="muted"></p>
        </section>
        <section id="announcement" aria-labelledby="announcement-heading">
          <h2 id="announcement-heading">Announcement</h2>
          <p>
            On the TV and the event page: <strong id="announcement-now">None</strong>{" "}
            <span id="announcement-at" class="muted"></span>
          </p>
          <form id="announcement-form" class="inline">
            <label>
              New announcement (one line, up to {MAX_ANNOUNCEMENT_LENGTH} characters){" "}
              <input
                id="announcement-text"
                required
                size={48}
                placeholder="Lunch break until 13:00"
              />
            </label>
            <button type="submit" class="primary">Show on TV</button>
            <button type="button" id="announcement-clear">Take down</button>
          </form>
        </section>
        <RefereeAlert />
        <NeedsPanel />
        <section id="clashes" class="warning" hidden>
          <h2>Clashes</h2>
          <ul id="clash-list"></ul>
        </section>
        <h2 id="tables-heading">Tables</h2>
        <form id="hall-form" class="inline">
          <label>
            Tables in the hall <input id="hall-tables" type="number" min={1} max={999} inputMode="numeric" />
          </label>
          <button type="submit">Show</button>
        </form>
        <ul id="tables" class="cards"></ul>
        <div id="by-table" class="lanes" aria-label="The matches of each table, in order"></div>
        <div id="matches">
          <h2>In progress</h2>
          <ul id="live" class="rows"></ul>
          <h2>Next</h2>
          <ul id="next" class="rows"></ul>
          <h2 id="find-heading">Results and search</h2>
          <form id="match-find" class="inline find" role="search">
            <label>
              Show{" "}
              <select id="find-status">
                <option value="completed">results, latest first</option>
                <option value="in_progress">in progress</option>
                <option value="scheduled">not started</option>
                <option value="">every match</option>
              </select>
            </label>
            <label>
              Category{" "}
              <select id="find-category">
                <option value="">all</option>
              </select>
            </label>
            <label>
              Table <input id="find-table" type="number" min={1} max={999} inputMode="numeric" />
            </label>
            <label>
              Player or search{" "}
              <input id="find-text" type="search" size={18} placeholder="name, group, round" />
            </label>
            <button type="submit">Find</button>
          </form>
          <ul id="done" class="rows"></ul>
          <p id="find-pager" class="pager">
            <button type="button" id="find-prev">Newer</button> <span id="find-count"></span>{" "}
            <button type="button" id="find-next">Older</button>
          </p>
          <h2>Waiting for players</h2>
          <ul id="waiting" class="rows"></ul>
        </div>
        <IncidentsPanel />
        <section id="order-of-play" aria-labelledby="plan-heading">
          <h2 id="plan-heading">Order of play</h2>
          <p class="muted">
            A plan for every match still to play: no player in two matches at once, a rest between two
            matches, groups in their rounds, knockouts after what feeds them. Nothing changes until you keep
            it, and a match you placed by hand keeps its table and time.
          </p>
          <h3>Sessions</h3>
          <p class="muted">
            When play goes on and on which tables (in this computer's time zone). Each match is planned inside
            a session of its category, on one of that session's tables.
          </p>
          <table class="sessions">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Day</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Tables</th>
                <td></td>
              </tr>
            </thead>
            <tbody id="session-rows"></tbody>
          </table>
          <button type="button" id="session-add">Add a session</button>
          <h3>Sessions of each category</h3>
          <div id="category-sessions" class="category-sessions"></div>
          <form id="plan-form" class="inline">
            <label>
              Rest (minutes) <input id="plan-rest" type="number" min={0} max={240} required value="10" />
            </label>
            <button type="button" id="session-save">Save sessions</button>
            <button type="submit" class="primary">Save and plan</button>
          </form>
          <p id="plan-summary" role="status" aria-live="polite"></p>
          <button type="button" id="plan-keep" class="primary" hidden>Keep this plan</button>
          <div id="plan-grid" class="plan-grid"></div>
          <div id="plan-unplaced" class="warning" hidden></div>
        </section>
        <h2 id="categories-heading">Categories and draws</h2>
        <ul id="categories" class="rows"></ul>
        <CheckInPanel />
        <RatingListForm />
        <section id="entries" aria-labelledby="entries-heading">
          <h2 id="entries-heading">Entries</h2>
        </section>
        <section id="draw-console" class="draw-console" aria-live="polite" hidden></section>
        <section id="tie-lineups" class="draw-console" aria-live="polite" hidden></section>
        <section id="by-category" aria-label="The matches of one category, in order">
          <label>
            Matches of <select id="category-pick"></select>
          </label>
          <ul id="category-matches" class="rows"></ul>
        </section>
        <section id="print" aria-labelledby="print-heading">
          <h2 id="print-heading">Print</h2>
          <p class="muted">
            Sheets made for paper (Ctrl+P at 100 %): match sheets with the scorer's QR code, group sheets,
            draws, the order of play and the results, a category's once its draw is locked. Each opens in a
            new tab.
          </p>
          <p id="print-draft" class="muted" hidden>
            The sheets are made from the published event: publish it first.
          </p>
          <ul id="print-menu" class="print-menu"></ul>
        </section>
        <ImportForm />
        <h2 id="links-heading">Links to open</h2>
        <form id="base-form" class="inline">
          <label>
            Address the phones and the TV use <input id="base" type="url" size={32} />
          </label>
          <button type="submit">Update</button>
        </form>
        <p id="base-warning" class="warning" hidden>
          This address only works on this computer: enter the address of this computer on the local network
          (for example http://192.168.1.20:8000), as printed when the server started.
        </p>
        <div id="link-grid"></div>
        <h2 id="tokens-heading">Scorer tokens</h2>
        <form id="token-create" class="inline">
          <label>
            Label <input id="new-label" required maxlength={100} placeholder="Table 3 umpire" />
          </label>
          <label>
            Table <input id="new-table" type="number" min={1} max={999} />
          </label>
          <label>
            <input id="new-limit" type="checkbox" checked /> only this event
          </label>
          <button type="submit" class="primary">Make a scorer token</button>
        </form>
        <div id="new-secret"></div>
        <ul id="token-list" class="rows"></ul>
        <h2 id="audit-heading">Latest changes</h2>
        <ol id="audit"></ol>
      </main>
    </Document>
  );
}

ManagePage.translated = true as const;
