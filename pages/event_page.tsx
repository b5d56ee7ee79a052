/**
 * /t/{slug}: the spectators' event page: the event, its matches in play, the matches up next (where and when a
 * player plays next: the question asked most in a hall), its categories, each linking to the category's own
 * page (pages/category_page.tsx: standings, bracket, every result), and its latest results. The live parts are
 * regions that client/live_regions.ts refreshes when the API's data changes.
 *
 * The page stays small whatever the event's size: it used to hold every category's standings, bracket and
 * results, 4.2 MB of HTML for the bench's event of 64 categories, which every phone fetched again after each
 * point and the server took ~0.7 s to make. It is made from the categories' summaries (views/event_board.ts).
 */
import { LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { Announcement, ANNOUNCEMENT_CSS } from "./components/announcement.tsx";
import { MATCH_LISTS_CSS, ScoreList, UpcomingList } from "./components/match_table.tsx";
import { bestOfText, formatDateRange, formatMatchTime, formatText, spansDays } from "./format.ts";
import { type DocumentProps, SiteLayout } from "./layout.tsx";
import { acrossCategories, latestResultsAcross, upcomingAcross } from "./match_lists.ts";
import { categoryPath, playersPath, watchedPaths } from "./page_paths.ts";
import type { CategorySummary, Event } from "./view_types.ts";
import { TieList } from "./components/tie_list.tsx";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { type Tie, withoutTeamMatches } from "./tie_data.ts";

/** How often the event and category pages poll (a phone on mobile data: slower than the venue screens). */
export const EVENT_PAGE_POLL_MS = 5000;
/** Results of the whole event listed on its page, newest first. */
export const EVENT_PAGE_RECENT_RESULTS = 10;
/** Matches up next of the whole event listed on its page, in order of play. */
export const EVENT_PAGE_UPCOMING = 10;

const CSS = ANNOUNCEMENT_CSS + MATCH_LISTS_CSS + `
ul.categories{list-style:none;padding:0;margin:.5rem 0}
ul.categories li{padding:.45rem 0;border-bottom:1px solid #ddd}
ul.categories a{font-weight:600}
ul.categories .meta{display:block;font-size:.9rem}
p.find a{font-weight:600}
p.paused{border-left:4px solid #b45309;background:#fff7ed;color:#1f2937;padding:.5rem .75rem;margin:.75rem 0}
`;

/** What a category's line on the event page says besides its name. */
function categoryLine(c: CategorySummary, i18n: I18n): string {
  const parts = [formatText(c.format, i18n), bestOfText(c.bestOf, i18n)];
  // A team category's matches in play are its ties' own matches and their matches: its ties are counted.
  const ties = c.kind === "team" ? c.live.filter((m) => !m.tieId).length : null;
  if (ties !== null && ties > 0) parts.push(i18n.n("event.tiesLive", ties));
  else if (ties === null && c.live.length > 0) parts.push(i18n.n("event.matchesLive", c.live.length));
  return parts.join(" · ");
}

/**
 * A page of an event that keeps itself up to date: the site's layout with the live regions' script, following
 * the API paths of `watch` at the event pages' pace.
 */
export function EventLivePage(props: Omit<DocumentProps, "script" | "bodyData"> & { watch: string }) {
  const { watch, ...rest } = props;
  return (
    <SiteLayout
      {...rest}
      script={LIVE_REGIONS_SCRIPT}
      bodyData={{ watch, "poll-ms": String(EVENT_PAGE_POLL_MS) }}
    />
  );
}

/** The whole event page. */
export function EventPage(
  props: {
    nonce: string;
    event: Event;
    categories: CategorySummary[];
    ties?: Tie[];
    /** When the hall was last heard from, when its live updates are paused (docs/relay.md). */
    hallPausedSince?: string | null;
  },
) {
  const { event, categories } = props;
  const i18n = useI18n();
  const { t } = i18n;
  // A team category's matches in play and results are shown as its ties (pages/tie_data.ts).
  const liveTies = (props.ties ?? []).filter((t) => t.status === "in_progress");
  const doneTies = (props.ties ?? []).filter((t) => t.status === "completed");
  const categoryOf = (tie: Tie) => categories.find((c) => c.id === tie.subeventId)?.name ?? "";
  const live = withoutTeamMatches(acrossCategories(categories, (c) => c.live), categories);
  const upcoming = upcomingAcross(categories, EVENT_PAGE_UPCOMING);
  const results = withoutTeamMatches(latestResultsAcross(categories, EVENT_PAGE_RECENT_RESULTS), categories);
  const watch = watchedPaths(event.slug, categories.map((c) => c.id));
  return (
    <EventLivePage
      title={event.name}
      nonce={props.nonce}
      css={CSS}
      description={t("event.description", { event: event.name })}
      watch={watch.join(" ")}
    >
      <h1>{event.name}</h1>
      <p class="meta">{formatDateRange(event.startDate, event.endDate, i18n)} · {event.venue}</p>
      <Announcement event={event} region="announcement" />
      {props.hallPausedSince && (
        <p class="paused" role="status">
          {t("event.paused", { time: formatMatchTime(props.hallPausedSince, spansDays(event), i18n) ?? "" })}
        </p>
      )}
      {/* The organiser's own words keep their own direction on a right-to-left page. */}
      {event.description && <p dir="auto">{event.description}</p>}
      <p class="find">
        <a href={playersPath(event.slug)}>{t("event.findPlayer")}</a>
        {t("event.findPlayerWhy")}
      </p>
      <section aria-labelledby="live-h" data-region="live">
        <h2 id="live-h">
          {t("event.liveNow")}{" "}
          {live.length + liveTies.length > 0 && (
            <span class="badge live">{live.length + liveTies.length}</span>
          )}
        </h2>
        {liveTies.length > 0 && (
          <TieList ties={liveTies} caption={t("event.tiesInPlay")} categoryOf={categoryOf} />
        )}
        {live.length > 0
          ? <ScoreList rows={live} caption={t("event.matchesInPlay")} live showCategory />
          : liveTies.length === 0 && <p class="empty">{t("event.noLive")}</p>}
      </section>
      <section aria-labelledby="next-h" data-region="upcoming">
        <h2 id="next-h">{t("event.upNext")}</h2>
        {upcoming.length > 0
          ? (
            <UpcomingList
              rows={upcoming}
              caption={t("event.matchesUpNext")}
              withDay={spansDays(event)}
              showCategory
            />
          )
          : <p class="empty">{t("event.noUpcoming")}</p>}
      </section>
      <section aria-labelledby="categories-h" data-region="categories">
        <h2 id="categories-h">{t("event.categories")}</h2>
        {categories.length > 0
          ? (
            <ul class="categories">
              {categories.map((c) => (
                <li key={c.id}>
                  <a href={categoryPath(event.slug, c.id)}>{c.name}</a>
                  <span class="meta">{categoryLine(c, i18n)}</span>
                </li>
              ))}
            </ul>
          )
          : <p class="empty">{t("event.noCategories")}</p>}
      </section>
      <section aria-labelledby="results-h" data-region="results">
        <h2 id="results-h">{t("event.latestResults")}</h2>
        {doneTies.length > 0 && (
          <TieList ties={doneTies} caption={t("event.latestTies")} categoryOf={categoryOf} />
        )}
        {results.length > 0
          ? <ScoreList rows={results} caption={t("event.latestResults")} live={false} showCategory />
          : doneTies.length === 0 && <p class="empty">{t("event.noResults")}</p>}
      </section>
    </EventLivePage>
  );
}
EventPage.translated = true as const;
