/** /rankings: the public rating leaderboard, with what the rating shown is. */
import { useI18n } from "./i18n/mod.ts";
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
  const { t } = useI18n();
  return (
    <SiteLayout title={t("site.rankings")} nonce={props.nonce} css="" description={t("rankings.description")}>
      <h1>{t("site.rankings")}</h1>
      <p class="meta">{t("rankings.intro")}</p>
      <p class="meta" id="rating-explained">
        {t("rankings.explained", { offset: PRIOR_NEWCOMER_OFFSET, start: String(DEFAULT_RATING) })}
      </p>
      {props.rows.length > 0
        ? (
          <div class="scroll" tabIndex={0} role="region" aria-label={t("rankings.leaderboard")}>
            <table>
              <caption>
                {pages > 1
                  ? t("rankings.leaderboardPage", { page: props.page, pages })
                  : t("rankings.leaderboard")}
              </caption>
              <thead>
                <tr>
                  <th scope="col" class="num">{t("rankings.rank")}</th>
                  <th scope="col">{t("standings.player")}</th>
                  <th scope="col">{t("rankings.association")}</th>
                  <th scope="col" class="num">{t("rankings.rating")}</th>
                  <th scope="col" class="num">±</th>
                  <th scope="col" class="num">{t("rankings.matches")}</th>
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
        : <p class="empty">{t("rankings.empty")}</p>}
      {pages > 1 && (
        <nav aria-label={t("rankings.pages")}>
          {props.page > 1 && <a href={`/rankings?page=${props.page - 1}`}>{t("rankings.previous")}</a>}{" "}
          {props.page < pages && <a href={`/rankings?page=${props.page + 1}`}>{t("rankings.next")}</a>}
        </nav>
      )}
    </SiteLayout>
  );
}
RankingsPage.translated = true as const;
