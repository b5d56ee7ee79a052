/** A group's standings table (ITTF 3.7.5 order as the API computes it), for the event page and the venue TV. */
import type { GroupStandings } from "../view_types.ts";
import { PlayerNames } from "./player_names.tsx";
import { useI18n } from "../i18n/mod.ts";

/**
 * One group: place, name, played (left out when compact, and on narrow screens), won, lost, games, match points.
 * With `slug`, each player's name links to their page in that event.
 */
export function StandingsTable(
  props: { group: GroupStandings; caption: string; compact?: boolean; slug?: string },
) {
  const { group } = props;
  const { t } = useI18n();
  return (
    // A named, focusable region: the table may scroll sideways (a zoomed phone), and a keyboard must reach it.
    <div class="scroll" tabIndex={0} role="region" aria-label={props.caption}>
      <table class="standings" data-group={group.groupId}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              <abbr title={t("standings.place")}>#</abbr>
            </th>
            <th scope="col">{t("standings.player")}</th>
            {!props.compact && (
              <th scope="col" class="num opt">
                <abbr title={t("standings.played")}>{t("standings.playedShort")}</abbr>
              </th>
            )}
            <th scope="col" class="num">
              <abbr title={t("standings.won")}>{t("standings.wonShort")}</abbr>
            </th>
            <th scope="col" class="num">
              <abbr title={t("standings.lost")}>{t("standings.lostShort")}</abbr>
            </th>
            <th scope="col" class="num">{t("standings.games")}</th>
            <th scope="col" class="num">
              <abbr title={t("standings.points")}>{t("standings.pointsShort")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.rows.map((r) => (
            <tr key={r.entry.id}>
              <td class="num">{r.tied ? `${r.position}=` : r.position}</td>
              <th scope="row">
                <span class="n">
                  {props.slug === undefined
                    ? r.entry.name
                    : <PlayerNames name={r.entry.name} players={r.entry.players} slug={props.slug} />}
                </span>
                {r.entry.withdrawn && ` ${t("standings.withdrawn")}`}
                {r.decidedByLot && <small class="by-lot">{t("standings.byLot")}</small>}
                {r.tied && group.awaitingLot && <small class="by-lot">{t("standings.awaitingLot")}</small>}
              </th>
              {!props.compact && <td class="num opt">{r.played}</td>}
              <td class="num">{r.won}</td>
              <td class="num">{r.lost}</td>
              <td class="num">{r.gamesWon}:{r.gamesLost}</td>
              <td class="num">{r.matchPoints}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
