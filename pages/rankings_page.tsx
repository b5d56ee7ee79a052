/** /rankings: the public rating leaderboard. */
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
      <p class="meta">
        Shown: each player's Glicko-2 rating, from a starting rating (a federation's, adjusted for how many
        matches it rests on) and every rated match since. ± is its deviation: the rating's uncertainty.
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
