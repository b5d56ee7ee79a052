/**
 * /t/{slug}: the spectators' event page: categories, live matches, results, group standings and the knockout
 * bracket as a tree. The live parts are regions that client/live_regions.ts refreshes when the API's data changes.
 */
import { groupDisplayName } from "../api/serialize.ts";
import { LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { Bracket, BRACKET_CSS } from "./components/bracket.tsx";
import { type ListedMatch, ScoreList } from "./components/match_table.tsx";
import { StandingsTable } from "./components/standings_table.tsx";
import { bestOfText, formatDateRange } from "./format.ts";
import { SiteLayout } from "./layout.tsx";
import { latestResults, liveMatches } from "./match_lists.ts";
import type { CategoryView, Event } from "./view_types.ts";

/** How often the event page polls (a phone on mobile data: slower than the venue screens). */
export const EVENT_PAGE_POLL_MS = 5000;
/** Results listed before the rest are folded away. */
export const EVENT_PAGE_RECENT_RESULTS = 8;

const CSS = BRACKET_CSS + `
.groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:0 1.5rem}
details{margin:.5rem 0}
summary{cursor:pointer;color:#0b4fb3}
.scores{max-width:40rem}
.scores .side{display:block}
.scores th[scope=row]{font-weight:400;background:none}
.scores th[scope=row] a{text-decoration:none;color:#111}
.scores th[scope=row] a:hover .side,.scores th[scope=row] a:focus-visible .side{text-decoration:underline}
.scores .winner{font-weight:700}
.scores .ctx{display:block;color:#444;font-size:.85rem}
.scores td.games{font-weight:700}
.scores td.now{background:#fff4c2;font-weight:700}
`;

const FORMAT_WORDS: Record<string, string> = {
  groups: "Groups",
  knockout: "Knockout",
  groups_knockout: "Groups, then knockout",
};

function CategorySection(props: { category: CategoryView }) {
  const c = props.category;
  const rows = (ms: CategoryView["matches"]) => ms.map((match): ListedMatch => ({ match, category: c.name }));
  const allResults = latestResults(c.matches, Infinity);
  const recent = allResults.slice(0, EVENT_PAGE_RECENT_RESULTS);
  const older = allResults.slice(EVENT_PAGE_RECENT_RESULTS);
  const headingId = `h-${c.id}`;
  return (
    <section id={`c-${c.id}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{c.name}</h2>
      <p class="meta">{FORMAT_WORDS[c.format] ?? c.format} · {bestOfText(c.bestOf)}</p>
      <div data-region={`cat-${c.id}`}>
        {c.groups.length > 0 && (
          <>
            <h3>Group standings</h3>
            <div class="groups">
              {c.groups.map((g) => (
                <StandingsTable key={g.groupId} group={g} caption={groupDisplayName(g.name)} />
              ))}
            </div>
          </>
        )}
        {c.draw && (
          <>
            <h3>Knockout</h3>
            <Bracket draw={c.draw} label={`${c.name} knockout bracket`} />
          </>
        )}
        <h3>Results</h3>
        {recent.length > 0
          ? <ScoreList rows={rows(recent)} caption="Latest results" live={false} />
          : <p class="empty">No results yet.</p>}
        {older.length > 0 && (
          <details>
            <summary>{older.length} earlier results</summary>
            <ScoreList rows={rows(older)} caption="Earlier results" live={false} />
          </details>
        )}
      </div>
    </section>
  );
}

/** The whole event page. */
export function EventPage(props: { nonce: string; event: Event; categories: CategoryView[] }) {
  const { event, categories } = props;
  const live = categories.flatMap((c) =>
    liveMatches(c.matches).map((match) => ({ match, category: c.name }))
  );
  const watch = [
    `/api/v1/events/${encodeURIComponent(event.slug)}`,
    ...categories.map((c) => `/api/v1/subevents/${encodeURIComponent(c.id)}/matches`),
  ];
  return (
    <SiteLayout
      title={event.name}
      nonce={props.nonce}
      css={CSS}
      script={LIVE_REGIONS_SCRIPT}
      description={`Live scores, draws and standings of ${event.name}`}
      bodyData={{ watch: watch.join(" "), "poll-ms": String(EVENT_PAGE_POLL_MS) }}
    >
      <h1>{event.name}</h1>
      <p class="meta">{formatDateRange(event.startDate, event.endDate)} · {event.venue}</p>
      {event.description && <p>{event.description}</p>}
      {categories.length > 0 && (
        <nav class="toc" aria-label="Categories">
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <a href={`#c-${c.id}`}>{c.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section aria-labelledby="live-h" data-region="live">
        <h2 id="live-h">
          Live now {live.length > 0 && <span class="badge live">{live.length}</span>}
        </h2>
        {live.length > 0
          ? <ScoreList rows={live} caption="Matches in play" live showCategory />
          : <p class="empty">No match in play right now.</p>}
      </section>
      {categories.map((c) => <CategorySection key={c.id} category={c} />)}
      {categories.length === 0 && <p class="empty">The categories of this event are not published yet.</p>}
    </SiteLayout>
  );
}
