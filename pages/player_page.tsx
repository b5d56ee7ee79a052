/**
 * /t/{slug}/p/{playerId}: one player at an event: their matches in play, their matches up next (table and time)
 * and their results, across every category they play (singles and doubles). What a player, a parent or a coach
 * keeps open on a phone all day: it follows the player's own matches only (the API's event list filtered on the
 * player), so it refreshes when one of them changes and not at every point of the hall.
 */
import { useI18n } from "./i18n/mod.ts";
import { Fragment } from "preact";
import { type ListedMatch, MATCH_LISTS_CSS, ScoreList, UpcomingList } from "./components/match_table.tsx";
import { PLAYER_PAGE_MATCHES, type PlayerData as PlayerPageData } from "../views/player.ts";
import { EventLivePage } from "./event_page.tsx";
import { spansDays } from "./format.ts";
import { latestResults, liveMatches, upcomingMatches } from "../views/match_lists.ts";
import { categoryPath, eventPath, playersPath, playerWatchPath, profilePath } from "./page_paths.ts";
import { PAIR_SEPARATOR } from "../domain/person_name.ts";
import type { Match } from "./view_types.ts";

const CSS = MATCH_LISTS_CSS + `
.crumbs{margin:.25rem 0;font-size:.95rem}
`;

/**
 * A doubles pair's name with the followed player first ("Hugo Ives / Anna Berg" on Hugo's page): a phone cuts a
 * long pair's name at its end (SCORE_LIST_CSS), which must not be the name the reader came for. Anything else
 * (a singles name, a pair without the player) is given back as it is.
 * @example ownNameFirst("Anna Berg / Hugo Ives", "Hugo Ives") // "Hugo Ives / Anna Berg"
 */
export function ownNameFirst(pair: string, name: string): string {
  const names = pair.split(PAIR_SEPARATOR);
  const at = names.indexOf(name);
  return at <= 0 ? pair : [name, ...names.filter((_, i) => i !== at)].join(PAIR_SEPARATOR);
}

/** A player's page. */
export function PlayerPage(props: PlayerPageData & { nonce: string }) {
  const { event, player } = props;
  const { t } = useI18n();
  const own = new Set(player.entries.map((e) => e.entryId));
  const category = new Map(props.matches.map((l) => [l.match.id, l.category]));
  const rows = (ms: Match[]) =>
    ms.map((match): ListedMatch => ({ match, category: category.get(match.id) ?? "" }));
  const all = props.matches.map(({ match: m }) => ({
    ...m,
    homeName: own.has(m.homeId) ? ownNameFirst(m.homeName, player.displayName) : m.homeName,
    awayName: own.has(m.awayId) ? ownNameFirst(m.awayName, player.displayName) : m.awayName,
  }));
  const live = liveMatches(all);
  const next = upcomingMatches(all, Infinity);
  const results = latestResults(all, Infinity);
  return (
    <EventLivePage
      title={`${player.displayName} – ${event.name}`}
      nonce={props.nonce}
      css={CSS}
      description={t("player.description", { player: player.displayName, event: event.name })}
      watch={playerWatchPath(event.slug, player.id, PLAYER_PAGE_MATCHES)}
    >
      <p class="crumbs">
        <a href={eventPath(event.slug)}>{event.name}</a> ›{" "}
        <a href={playersPath(event.slug)}>{t("players.title")}</a>
        {" · "}
        <a href={profilePath(player.id)}>{t("player.profile")}</a>
      </p>
      <h1>{player.displayName}</h1>
      <p class="meta">
        {player.association && <>{player.association} ·{" "}</>}
        {player.entries.map((e, i) => (
          <Fragment key={e.entryId}>
            {i > 0 && ", "}
            <a href={categoryPath(event.slug, e.categoryId)}>{e.categoryName}</a>
          </Fragment>
        ))}
      </p>
      <div data-region="player">
        {live.length > 0 && (
          <>
            <h2>
              {t("player.playingNow")} <span class="badge live">{live.length}</span>
            </h2>
            <ScoreList rows={rows(live)} caption={t("event.matchesInPlay")} live showCategory />
          </>
        )}
        <h2>{t("event.upNext")}</h2>
        {next.length > 0
          ? (
            <UpcomingList
              rows={rows(next)}
              caption={t("event.matchesUpNext")}
              withDay={spansDays(event)}
              showCategory
            />
          )
          : <p class="empty">{t("event.noUpcoming")}</p>}
        <h2>{t("reader.results")}</h2>
        {results.length > 0
          ? (
            <ScoreList
              rows={rows(results)}
              caption={t("reader.results")}
              live={false}
              showCategory
              sideOf={own}
            />
          )
          : <p class="empty">{t("event.noResults")}</p>}
      </div>
    </EventLivePage>
  );
}
PlayerPage.translated = true as const;
