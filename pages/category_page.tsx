/**
 * /t/{slug}/c/{categoryId}: one category of an event: its matches in play, its matches up next, its group
 * standings, its knockout bracket as a tree and its results. The event page links here; a category has a page
 * of its own so that the event page stays small whatever the event's size (a phone re-reads a page whenever its
 * data changes). The live part is a region that client/live_regions.ts refreshes when the API's data changes.
 */
import { useI18n } from "./i18n/mod.ts";
import { groupDisplayName } from "../views/serialize.ts";
import { Announcement, ANNOUNCEMENT_CSS } from "./components/announcement.tsx";
import { Bracket, BRACKET_CSS } from "./components/bracket.tsx";
import { type ListedMatch, MATCH_LISTS_CSS, ScoreList, UpcomingList } from "./components/match_table.tsx";
import { StandingsTable } from "./components/standings_table.tsx";
import { bestOfText, formatText, spansDays, stageText } from "./format.ts";
import { latestResults, liveMatches, upcomingMatches } from "../views/match_lists.ts";
import { EventLivePage } from "./event_page.tsx";
import { eventPath, watchedPaths } from "./page_paths.ts";
import type { CategoryView, Event } from "./view_types.ts";
import { TieList } from "./components/tie_list.tsx";
import type { Tie } from "./tie_data.ts";

/** Results listed before the rest are folded away. */
export const CATEGORY_PAGE_RECENT_RESULTS = 8;
/** Matches up next listed before the rest are folded away. */
export const CATEGORY_PAGE_UPCOMING = 8;

const CSS = ANNOUNCEMENT_CSS + BRACKET_CSS + MATCH_LISTS_CSS + `
.crumbs{margin:.25rem 0;font-size:.95rem}
.groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:0 1.5rem}
details{margin:.5rem 0}
summary{cursor:pointer;color:#0b4fb3}
small.by-lot{display:block;font-weight:400;color:#444}
`;

/** A category's page. */
export function CategoryPage(props: { nonce: string; event: Event; category: CategoryView; ties?: Tie[] }) {
  const { event } = props;
  const i18n = useI18n();
  const { t, n } = i18n;
  // A team category lists its ties; the ties' own matches (between the teams, no games of their own) leave its lists.
  const tieIds = new Set((props.ties ?? []).map((t) => t.id));
  const c = { ...props.category, matches: props.category.matches.filter((m) => !tieIds.has(m.id)) };
  const rows = (ms: CategoryView["matches"]) => ms.map((match): ListedMatch => ({ match, category: c.name }));
  const live = liveMatches(c.matches);
  const allUpcoming = upcomingMatches(c.matches, Infinity);
  const next = allUpcoming.slice(0, CATEGORY_PAGE_UPCOMING);
  const later = allUpcoming.slice(CATEGORY_PAGE_UPCOMING);
  const withDay = spansDays(event);
  const allResults = latestResults(c.matches, Infinity);
  const recent = allResults.slice(0, CATEGORY_PAGE_RECENT_RESULTS);
  const older = allResults.slice(CATEGORY_PAGE_RECENT_RESULTS);
  const watch = watchedPaths(event.slug, [c.id]);
  return (
    <EventLivePage
      title={`${c.name} – ${event.name}`}
      nonce={props.nonce}
      css={CSS}
      description={t("category.description", { category: c.name, event: event.name })}
      watch={watch.join(" ")}
    >
      <p class="crumbs">
        <a href={eventPath(event.slug)}>{event.name}</a> › {c.name}
      </p>
      <h1>{c.name}</h1>
      <p class="meta">{formatText(c.format, i18n)} · {bestOfText(c.bestOf, i18n)}</p>
      <Announcement event={event} region="announcement" />
      <div data-region={`cat-${c.id}`}>
        {props.ties && props.ties.length > 0 && (
          <>
            <h2>{t("category.ties")}</h2>
            <TieList ties={props.ties} caption={t("category.tiesCaption")} />
          </>
        )}
        {live.length > 0 && (
          <>
            <h2>
              {t("event.liveNow")} <span class="badge live">{live.length}</span>
            </h2>
            <ScoreList rows={rows(live)} caption={t("event.matchesInPlay")} live />
          </>
        )}
        {next.length > 0 && (
          <>
            <h2>{t("event.upNext")}</h2>
            <UpcomingList rows={rows(next)} caption={t("event.matchesUpNext")} withDay={withDay} />
            {later.length > 0 && (
              <details>
                <summary>{n("category.moreToPlay", later.length)}</summary>
                <UpcomingList rows={rows(later)} caption={t("category.laterCaption")} withDay={withDay} />
              </details>
            )}
          </>
        )}
        {c.groups.length > 0 && (
          <>
            <h2>{t("tv.groupStandings")}</h2>
            <div class="groups">
              {c.groups.map((g) => (
                <StandingsTable
                  key={g.groupId}
                  group={g}
                  caption={stageText(groupDisplayName(g.name), i18n)}
                  slug={event.slug}
                />
              ))}
            </div>
          </>
        )}
        {c.draw && (
          <>
            <h2>{t("format.knockout")}</h2>
            <Bracket draw={c.draw} label={t("category.bracketLabel", { category: c.name })} />
          </>
        )}
        <h2>{t("reader.results")}</h2>
        {recent.length > 0
          ? <ScoreList rows={rows(recent)} caption={t("event.latestResults")} live={false} />
          : <p class="empty">{t("event.noResults")}</p>}
        {older.length > 0 && (
          <details>
            <summary>{n("category.earlier", older.length)}</summary>
            <ScoreList rows={rows(older)} caption={t("category.earlierCaption")} live={false} />
          </details>
        )}
      </div>
    </EventLivePage>
  );
}
CategoryPage.translated = true as const;
