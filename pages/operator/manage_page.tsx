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
import * as incidentWords from "../incident_words.ts";
import * as checkIn from "./client/manage/check_in.ts";
import * as ratingList from "./client/manage/rating_list.ts";
import * as deskWords from "./client/manage/words.ts";
import * as deskWordsEn from "../i18n/desk/en.ts";
import { MANAGE_CSS } from "./styles.ts";
import { CONSOLE_VIEWS } from "./console_views.ts";
import { TokenForm } from "./token_form.tsx";
import { ImportForm } from "./import_form.tsx";
import { NeedsPanel } from "./needs_panel.tsx";
import { LANGUAGES } from "../../lib/languages.ts";
import { LANGUAGE_NAMES, LanguageSwitcher } from "../i18n/language_switcher.tsx";
import { CATALOGS, useI18n } from "../i18n/mod.ts";
import { IncidentsPanel, RefereeAlert } from "./incidents_panel.tsx";
import { CheckInPanel } from "./check_in_panel.tsx";
import { RatingListForm } from "./rating_list_form.tsx";
import * as playWords from "./client/manage/play_words.ts";
import * as playEn from "../i18n/desk_play/en.ts";
import * as stageName from "../../domain/stage_name.ts";
import { PlayWords } from "./play_words.tsx";
import * as problemWords from "./client/manage/problem_words.ts";
import * as fileProblemWords from "./client/manage/file_problem_words.ts";
import * as fileProblemWordsPlay from "./client/manage/file_problem_words_play.ts";

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
  incidentWords,
  incidentsPanel,
  checkIn,
  ratingList,
  byCategory,
  byTable,
  find,
  views,
  playWords,
  playEn,
  problemWords,
  fileProblemWordsPlay,
  fileProblemWords,
  stageName,
  deskWords,
  deskWordsEn,
];

/** The script of the operator's page. */
export const MANAGE_SCRIPT = moduleScript(manageClient, MANAGE_MODULES);

/** The language switcher in the desk's dark bar: light links, wrapping under the bar's controls when short of room. */
export const DESK_LANGS_CSS = `
header.bar nav.langs{display:flex;flex-wrap:wrap;gap:.15rem .7rem;font-size:.85rem}
header.bar nav.langs a{color:#fff}
header.bar nav.langs a[aria-current]{font-weight:700}
`;

/**
 * The desk's words for its script (client/manage/words.ts): the `desk.*` messages of the page's language, its
 * `Intl` locale and the hall's time zone (the server's, as pages/format.ts), as data (a JSON block runs nothing,
 * so the CSP's nonce is not needed); `<` escaped, so that no text ends it.
 */
export function DeskWords() {
  const { lang, locale, dir } = useI18n();
  const catalog: Record<string, unknown> = CATALOGS[lang];
  const words = Object.fromEntries(Object.entries(catalog).filter(([key]) => key.startsWith("desk.")));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const json = JSON.stringify({ words, locale, timeZone, rtl: dir === "rtl" });
  return (
    <script
      type="application/json"
      id="desk-words"
      dangerouslySetInnerHTML={{ __html: json.replaceAll("<", "\\u003c") }}
    />
  );
}

/** "No event yet", its commands in code. */
function NoEvent() {
  const { lang } = useI18n();
  const code = { command: "deno task import FILE", request: "POST /api/manage/events/import" };
  const parts = CATALOGS[lang]["desk.noEvent"].split(/\{(command|request)\}/);
  return (
    <p id="no-event" class="muted" hidden>
      {parts.map((p, i) => i % 2 === 1 ? <code key={i}>{code[p as keyof typeof code]}</code> : p)}
    </p>
  );
}

/** `/manage`. */
export function ManagePage(props: { nonce: string }) {
  const { t } = useI18n();
  return (
    <Document
      title={t("desk.title")}
      nonce={props.nonce}
      css={MANAGE_CSS + DESK_LANGS_CSS}
      script={MANAGE_SCRIPT}
    >
      <PlayWords />
      <DeskWords />
      <header class="bar">
        <h1>{t("desk.title")}</h1>
        <label>
          {t("desk.event")} <select id="event-select" aria-label={t("desk.event")}></select>
        </label>
        <span id="whoami"></span>
        <button type="button" id="forget-token">{t("desk.changeToken")}</button>
        <LanguageSwitcher />
      </header>
      <p id="status" class="status" role="status" aria-live="polite">{t("desk.loading")}</p>
      <TokenForm purpose={t("desk.tokenPurpose")} />
      <nav id="views" class="views" aria-label={t("desk.views")}>
        {CONSOLE_VIEWS.map((v) => (
          <button type="button" data-view={v.id} aria-pressed="false">{t(v.label)}</button>
        ))}
      </nav>
      <main id="content" data-view="tables">
        <NoEvent />
        <div class="event-bar">
          <h2 id="event-name"></h2>
          <span id="event-status"></span>
          <button type="button" id="publish" class="primary">{t("desk.publish")}</button>
          <button type="button" id="export">{t("desk.export")}</button>
          <label>
            {t("desk.hallLanguage")}{" "}
            <select id="event-language">
              {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
            </select>
          </label>
        </div>
        <section id="relay" aria-labelledby="relay-heading" hidden>
          <h2 id="relay-heading">{t("desk.relay.heading")}</h2>
          <p>
            <strong id="relay-state" class="relay-state"></strong>{" "}
            <button type="button" id="relay-takeover" hidden>{t("desk.relay.takeOver")}</button>
          </p>
          <p id="relay-detail" class="muted"></p>
        </section>
        <section id="announcement" aria-labelledby="announcement-heading">
          <h2 id="announcement-heading">{t("desk.announcement.heading")}</h2>
          <p>
            {t("desk.announcement.now")} <strong id="announcement-now">{t("desk.none")}</strong>{" "}
            <span id="announcement-at" class="muted"></span>
          </p>
          <form id="announcement-form" class="inline">
            <label>
              {t("desk.announcement.new", { max: MAX_ANNOUNCEMENT_LENGTH })}{" "}
              <input
                id="announcement-text"
                required
                size={48}
                placeholder={t("desk.announcement.placeholder")}
              />
            </label>
            <button type="submit" class="primary">{t("desk.announcement.show")}</button>
            <button type="button" id="announcement-clear">{t("desk.announcement.takeDown")}</button>
          </form>
        </section>
        <RefereeAlert />
        <NeedsPanel />
        <section id="clashes" class="warning" hidden>
          <h2>{t("desk.clashes")}</h2>
          <ul id="clash-list"></ul>
        </section>
        <h2 id="tables-heading">{t("desk.tables.heading")}</h2>
        <form id="hall-form" class="inline">
          <label>
            {t("desk.tables.hall")}{" "}
            <input id="hall-tables" type="number" min={1} max={999} inputMode="numeric" />
          </label>
          <button type="submit">{t("desk.tables.show")}</button>
        </form>
        <ul id="tables" class="cards"></ul>
        <div id="by-table" class="lanes" aria-label={t("desk.tables.lanes")}></div>
        <div id="matches">
          <h2>{t("desk.matches.live")}</h2>
          <ul id="live" class="rows"></ul>
          <h2>{t("desk.matches.next")}</h2>
          <ul id="next" class="rows"></ul>
          <h2 id="find-heading">{t("desk.matches.find")}</h2>
          <form id="match-find" class="inline find" role="search">
            <label>
              {t("desk.matches.show")}{" "}
              <select id="find-status">
                <option value="completed">{t("desk.matches.results")}</option>
                <option value="in_progress">{t("desk.matches.inProgress")}</option>
                <option value="scheduled">{t("desk.matches.notStarted")}</option>
                <option value="">{t("desk.matches.every")}</option>
              </select>
            </label>
            <label>
              {t("desk.matches.category")}{" "}
              <select id="find-category">
                <option value="">{t("desk.matches.all")}</option>
              </select>
            </label>
            <label>
              {t("desk.matches.table")}{" "}
              <input id="find-table" type="number" min={1} max={999} inputMode="numeric" />
            </label>
            <label>
              {t("desk.matches.player")}{" "}
              <input id="find-text" type="search" size={18} placeholder={t("desk.matches.placeholder")} />
            </label>
            <button type="submit">{t("desk.matches.go")}</button>
          </form>
          <ul id="done" class="rows"></ul>
          <p id="find-pager" class="pager">
            <button type="button" id="find-prev">{t("desk.matches.newer")}</button>{" "}
            <span id="find-count"></span>{" "}
            <button type="button" id="find-next">{t("desk.matches.older")}</button>
          </p>
          <h2>{t("desk.matches.waiting")}</h2>
          <ul id="waiting" class="rows"></ul>
        </div>
        <IncidentsPanel />
        <section id="order-of-play" aria-labelledby="plan-heading">
          <h2 id="plan-heading">{t("desk.plan.heading")}</h2>
          <p class="muted">{t("desk.plan.about")}</p>
          <h3>{t("desk.plan.sessions")}</h3>
          <p class="muted">{t("desk.plan.sessionsAbout")}</p>
          <table class="sessions">
            <thead>
              <tr>
                <th scope="col">{t("desk.plan.name")}</th>
                <th scope="col">{t("desk.plan.day")}</th>
                <th scope="col">{t("desk.plan.from")}</th>
                <th scope="col">{t("desk.plan.to")}</th>
                <th scope="col">{t("desk.plan.tables")}</th>
                <td></td>
              </tr>
            </thead>
            <tbody id="session-rows"></tbody>
          </table>
          <button type="button" id="session-add">{t("desk.plan.addSession")}</button>
          <h3>{t("desk.plan.categorySessions")}</h3>
          <div id="category-sessions" class="category-sessions"></div>
          <form id="plan-form" class="inline">
            <label>
              {t("desk.plan.rest")}{" "}
              <input id="plan-rest" type="number" min={0} max={240} required value="10" />
            </label>
            <button type="button" id="session-save">{t("desk.plan.saveSessions")}</button>
            <button type="submit" class="primary">{t("desk.plan.savePlan")}</button>
          </form>
          <p id="plan-summary" role="status" aria-live="polite"></p>
          <button type="button" id="plan-keep" class="primary" hidden>{t("desk.plan.keep")}</button>
          <div id="plan-grid" class="plan-grid"></div>
          <div id="plan-unplaced" class="warning" hidden></div>
        </section>
        <h2 id="categories-heading">{t("desk.categories.heading")}</h2>
        <ul id="categories" class="rows"></ul>
        <CheckInPanel />
        <RatingListForm />
        <section id="entries" aria-labelledby="entries-heading">
          <h2 id="entries-heading">{t("desk.entries.heading")}</h2>
        </section>
        <section id="draw-console" class="draw-console" aria-live="polite" hidden></section>
        <section id="tie-lineups" class="draw-console" aria-live="polite" hidden></section>
        <section id="by-category" aria-label={t("desk.byCategory.label")}>
          <label>
            {t("desk.byCategory.pick")} <select id="category-pick"></select>
          </label>
          <ul id="category-matches" class="rows"></ul>
        </section>
        <section id="print" aria-labelledby="print-heading">
          <h2 id="print-heading">{t("desk.print.heading")}</h2>
          <p class="muted">{t("desk.print.about")}</p>
          <p id="print-draft" class="muted" hidden>{t("desk.print.draft")}</p>
          <ul id="print-menu" class="print-menu"></ul>
        </section>
        <ImportForm />
        <h2 id="links-heading">{t("desk.links.heading")}</h2>
        <form id="base-form" class="inline">
          <label>
            {t("desk.links.base")} <input id="base" type="url" size={32} />
          </label>
          <button type="submit">{t("desk.links.update")}</button>
        </form>
        <p id="base-warning" class="warning" hidden>
          {t("desk.links.local", { example: "http://192.168.1.20:8000" })}
        </p>
        <div id="link-grid"></div>
        <h2 id="tokens-heading">{t("desk.tokens.heading")}</h2>
        <form id="token-create" class="inline">
          <label>
            {t("desk.tokens.label")}{" "}
            <input id="new-label" required maxlength={100} placeholder={t("desk.tokens.labelPlaceholder")} />
          </label>
          <label>
            {t("desk.tokens.table")} <input id="new-table" type="number" min={1} max={999} />
          </label>
          <label>
            <input id="new-limit" type="checkbox" checked /> {t("desk.tokens.onlyEvent")}
          </label>
          <button type="submit" class="primary">{t("desk.tokens.make")}</button>
        </form>
        <div id="new-secret"></div>
        <ul id="token-list" class="rows"></ul>
        <h2 id="audit-heading">{t("desk.audit.heading")}</h2>
        <ol id="audit"></ol>
      </main>
    </Document>
  );
}
ManagePage.translated = true as const;
