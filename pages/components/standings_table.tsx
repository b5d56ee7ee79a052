/** A group's standings table (ITTF 3.7.5 order as the API computes it), for the event page and the venue TV. */
import type { GroupStandings } from "../view_types.ts";
import { PlayerNames } from "./player_names.tsx";

/**
 * One group: place, name, played (left out when compact, and on narrow screens), won, lost, games, match points.
 * With `slug`, each player's name links to their page in that event.
 */
export function StandingsTable(
  props: { group: GroupStandings; caption: string; compact?: boolean; slug?: string },
) {
  const { group } = props;
  return (
    // A named, focusable region: the table may scroll sideways (a zoomed phone), and a keyboard must reach it.
    <div class="scroll" tabIndex={0} role="region" aria-label={props.caption}>
      <table class="standings" data-group={group.groupId}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              <abbr title="Place">#</abbr>
            </th>
            <th scope="col">Player</th>
            {!props.compact && (
              <th scope="col" class="num opt">
                <abbr title="Played">P</abbr>
              </th>
            )}
            <th scope="col" class="num">
              <abbr title="Won">W</abbr>
            </th>
            <th scope="col" class="num">
              <abbr title="Lost">L</abbr>
            </th>
            <th scope="col" class="num">Games</th>
            <th scope="col" class="num">
              <abbr title="Match points">Pts</abbr>
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
                {r.entry.withdrawn && " (withdrawn)"}
                {r.decidedByLot && <small class="by-lot">(place decided by lot)</small>}
                {r.tied && group.awaitingLot && <small class="by-lot">(level: to be decided by lot)</small>}
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
