/// <reference lib="dom" />
/**
 * Browser script of the operator's page `/manage`. The admin token is entered in the page, kept in
 * localStorage and sent as a bearer header (no cookie). It shows the chosen event at a glance (tables, live
 * matches, what is next, results), refreshed every 3 seconds, and calls the management API to publish, post
 * the desk's announcement, lock draws, start matches, fix results, assign tables, hand out links with QR
 * codes and make scorer tokens. Its parts are in manage/, one per concept; this wires them.
 * Every text comes from the API and is written with textContent: no markup is built from data.
 */
import { byId, setStatus } from "./dom.ts";
import { fetchWords } from "./manage_fetch.ts";
import { ADMIN_TOKEN_KEY, keepEnteredToken } from "./token_entry.ts";
import { watchAnnouncementForm } from "./manage/announcement.ts";
import { watchExport, watchLanguage, watchPublish } from "./manage/event_bar.ts";
import { chooseEvent, loadEvents, showWhoami } from "./manage/events.ts";
import { watchHallTables } from "./manage/hall_tables.ts";
import { loadLinks, watchBaseForm } from "./manage/links.ts";
import { BASE_KEY, EVENT_KEY, haltForToken, type ManagePage } from "./manage/page.ts";
import { watchPlanForm } from "./manage/plan.ts";
import { refreshOverview } from "./manage/refresh.ts";
import { saveSessionsToPlan, watchSessions } from "./manage/sessions.ts";
import { loadTokens, watchTokenForm } from "./manage/tokens.ts";
import { sendWrite } from "./manage/write.ts";
import { watchEntries } from "./manage/entries.ts";
import { showView, watchViews } from "./manage/views.ts";
import { watchImport } from "./manage/import_desk.ts";
import { refreshNeeds } from "./manage/needs_panel.ts";
import { refreshIncidents, watchIncidentFilter } from "./manage/incidents_panel.ts";
import { refreshCheckIn, watchCheckIn } from "./manage/check_in.ts";
import { watchRatingList } from "./manage/rating_list.ts";
import { watchFind } from "./manage/find.ts";
import { watchCategoryPick } from "./manage/by_category.ts";
import { refreshRelay, watchRelayTakeover } from "./manage/relay_panel.ts";
import { w } from "./manage/words.ts";
import { problemWords } from "./manage/problem_words.ts";

/** Runs the operator's page. */
export function manageClient(): void {
  fetchWords.status = w("desk.errorStatus");
  fetchWords.problem = problemWords;
  const page: ManagePage = {
    token: localStorage.getItem(ADMIN_TOKEN_KEY) ?? "",
    slug: localStorage.getItem(EVENT_KEY) ?? "",
    base: localStorage.getItem(BASE_KEY) ?? location.origin,
    shown: "",
    halted: false,
    byMatchId: new Map(),
    clashing: new Set(),
    openMenus: new Set(),
    refresh: async () => {
      await refreshOverview(page);
      await refreshNeeds(page);
      await refreshIncidents(page);
      await refreshCheckIn(page);
      await refreshRelay(page);
    },
    write: (path, body, done, method) => sendWrite(page, path, body, done, method),
  };
  keepEnteredToken(localStorage, ADMIN_TOKEN_KEY);
  byId("forget-token")?.addEventListener("click", () => {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    location.reload();
  });
  watchHallTables(page);
  watchViews(localStorage);
  watchFind(page);
  watchIncidentFilter();
  watchCategoryPick(page);
  if (!page.token) return haltForToken(page, "");

  void (async () => {
    const events = await loadEvents(page);
    if (events === null) return;
    setStatus(w("desk.loading"), "busy");
    showWhoami(page);
    chooseEvent(page, events);
    watchImport(page);
    watchCheckIn(page);
    watchRatingList(page);
    // With no event yet, the first thing to do is to import one.
    if (events.length === 0) showView("event");
    watchPublish(page);
    watchAnnouncementForm(page);
    watchRelayTakeover(page);
    watchExport(page);
    watchLanguage(page);
    watchBaseForm(page);
    watchTokenForm(page);
    watchEntries(page);
    watchSessions(page);
    watchPlanForm(page, (say) => saveSessionsToPlan(page, say));
    await page.refresh();
    if (!page.slug) setStatus(w("desk.upToDate"));
    void loadLinks(page);
    void loadTokens(page);
    setInterval(() => page.halted || void page.refresh(), 3000);
  })();
}
