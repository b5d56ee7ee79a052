/** /rankings: the public rating leaderboard, with what the rating shown is. */
import { DEFAULT_RATING } from "../domain/glicko2.ts";
import { PRIOR_NEWCOMER_OFFSET } from "../domain/rating_prior.ts";
import { SiteLayout } from "./layout.tsx";
import { profilePath } from "./page_paths.ts";
import type { Ranking } from "./view_types.ts";

/** Rows on one page of the leaderboard. */
export const RANKINGS_PAGE_SIZE = 100;

/** The rankings page; `page` counts from 1, with links to the neighbouring pages. */
export function RankingsPage(props: { nonce: string; rows: Ranking[]; page: number; total: number }) {
  const pages = Math.max(1, Math.ceil(props.total / RANKINGS_PAGE_SIZE));
  return (
    <SiteLayout title="Rankings" nonce={props.nonce} css="" description="Player rating leaderboard">
      <h1>Rankings</h1>
      <p class="meta">
        Ratings from every rated match of published tournaments, rounded. Players with few matches have less
        certain ratings.
      </p>
      <p class="meta" id="rating-explained">
        What the rating is: a Glicko-2 rating over the rated singles matches played here, started from where
        each player stood before. A player imported with a rating from their federation starts from it,
        lowered by up to {PRIOR_NEWCOMER_OFFSET}{" "}
        points when few matches stand behind it (such a rating tends to be too high); a player imported
        without one starts at{" "}
        {DEFAULT_RATING}. So, until they play here, a player whose imported rating rests on few matches can be
        listed below players with no rating at all. Matches counts the matches behind the rating, those behind
        the imported rating included. ± is the rating's deviation: its uncertainty.
      </p>
      {props.rows.length > 0
        ? (
          <div class="scroll" tabIndex={0} role="region" aria-label="Leaderboard">
            <table>
              <caption>Leaderboard{pages > 1 ? `, page ${props.page} of ${pages}` : ""}</caption>
              <thead>
                <tr>
                  <th scope="col" class="num">Rank</th>
                  <th scope="col">Player</th>
                  <th scope="col">Association</th>
                  <th scope="col" class="num">Rating</th>
                  <th scope="col" class="num">±</th>
                  <th scope="col" class="num">Matches</th>
                </tr>
              </thead>
              <tbody>
                {props.rows.map((r) => (
                  <tr key={r.playerId}>
                    <td class="num">{r.rank}</td>
                    <th scope="row">
                      <a href={profilePath(r.playerId)}>{r.displayName}</a>
                    </th>
                    <td>{r.association ?? ""}</td>
                    <td class="num">{r.rating}</td>
                    <td class="num">{r.deviation}</td>
                    <td class="num">{r.matchCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p class="empty">No rated players yet.</p>}
      {pages > 1 && (
        <nav aria-label="Pages">
          {props.page > 1 && <a href={`/rankings?page=${props.page - 1}`}>Previous page</a>}{" "}
          {props.page < pages && <a href={`/rankings?page=${props.page + 1}`}>Next page</a>}
        </nav>
      )}
    </SiteLayout>
  );
}
