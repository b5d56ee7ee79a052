/**
 * /p/{playerId}: a player across events: their rating and its history as a chart drawn on the server, their
 * results across the published events, and a head-to-head with anybody they met (`?vs={otherId}`, a form that
 * works without JavaScript).
 */
import { type ListedMatch, MATCH_LISTS_CSS, ScoreList } from "./components/match_table.tsx";
import { RATING_CHART_CSS, RatingChart } from "./components/rating_chart.tsx";
import { SiteLayout } from "./layout.tsx";
import { formatDateRange, predictionSentence } from "./format.ts";
import { eventPath, playerPath, profilePath } from "./page_paths.ts";
import { useI18n } from "./i18n/mod.ts";
import type { ProfilePageData } from "../views/player_profile.ts";
import type { PlayerMatch } from "../views/player_schemas.ts";

const CSS = MATCH_LISTS_CSS + RATING_CHART_CSS + `
.stats{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:.5rem 0;padding:0;list-style:none}
.stats b{font-size:1.4rem;display:block}
.h2h-form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.h2h-form select,.h2h-form button{font:inherit;padding:.3rem .5rem}
table.h2h td,table.h2h th{text-align:right}
table.h2h th[scope=row],table.h2h th:first-child{text-align:left}
`;

/** Matches as the score lists show them, each with its event and category. */
function listed(matches: readonly PlayerMatch[]): ListedMatch[] {
  return matches.map((m) => ({ match: m.match, category: `${m.event.name} · ${m.subeventName}` }));
}

/** A player's profile page. */
export function ProfilePage(props: ProfilePageData & { nonce: string }) {
  const { profile, headToHead: h2h } = props;
  const own = new Set(profile.events.flatMap((e) => e.entries.map((x) => x.entryId)));
  const results = props.matches.filter((m) => m.match.status === "completed");
  const r = profile.rating;
  const i18n = useI18n();
  const { t } = i18n;
  const name = profile.displayName;
  return (
    <SiteLayout
      title={t("profile.title", { name })}
      nonce={props.nonce}
      css={CSS}
      description={t("profile.description", { name })}
    >
      <h1>{profile.displayName}</h1>
      {profile.association && <p class="meta">{profile.association}</p>}
      {r
        ? (
          <ul class="stats" aria-label={t("rankings.rating")}>
            <li>
              <b>{r.rating}</b> {t("profile.ratingDeviation", { deviation: String(r.deviation) })}
            </li>
            {r.rank !== null && (
              <li>
                <b>{r.rank}</b> <a href="/rankings">{t("profile.leaderboard")}</a>
              </li>
            )}
            <li>
              <b>{r.matchCount}</b> {t("profile.matchesCounted")}
            </li>
          </ul>
        )
        : <p class="muted">{t("profile.notRated")}</p>}
      <h2>{t("profile.history")}</h2>
      <RatingChart points={profile.history} name={profile.displayName} />
      <h2>{t("profile.events")}</h2>
      <ul class="plain cards">
        {profile.events.map((e) => (
          <li key={e.id}>
            <h3>
              <a href={playerPath(e.slug, profile.id)}>{e.name}</a>
            </h3>
            <p class="meta">
              {formatDateRange(e.startDate, e.endDate, i18n)} ·{" "}
              {i18n.list(e.entries.map((x) => x.subeventName))} ·{" "}
              <a href={eventPath(e.slug)}>{t("profile.eventPage")}</a>
            </p>
          </li>
        ))}
      </ul>
      <h2>{t("reader.results")}</h2>
      {results.length > 0
        ? (
          <ScoreList
            rows={listed(results)}
            caption={t("profile.resultsCaption")}
            live={false}
            showCategory
            sideOf={own}
          />
        )
        : <p class="empty">{t("profile.noResults")}</p>}
      <h2 id="head-to-head">{t("profile.h2h")}</h2>
      {props.opponents.length > 0
        ? (
          <form class="h2h-form" method="get" action={profilePath(profile.id)}>
            <label for="vs">{t("profile.against")}</label>
            <select id="vs" name="vs">
              {props.opponents.map((o) => (
                <option key={o.id} value={o.id} selected={h2h?.other.id === o.id}>{o.displayName}</option>
              ))}
            </select>
            <button type="submit">{t("profile.show")}</button>
          </form>
        )
        : <p class="empty">{t("profile.noOpponent")}</p>}
      {h2h && (
        <section aria-label={t("profile.h2hLabel", { player: name, other: h2h.other.displayName })}>
          <div class="scroll">
            <table class="h2h">
              <caption>{t("profile.h2hCaption", { player: name, other: h2h.other.displayName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("profile.player")}</th>
                  <th scope="col">{t("profile.wins")}</th>
                  <th scope="col">{t("profile.games")}</th>
                  <th scope="col">{t("profile.points")}</th>
                </tr>
              </thead>
              <tbody>
                {[h2h.player, h2h.other].map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <a href={profilePath(s.id)}>{s.displayName}</a>
                    </th>
                    <td>{s.wins}</td>
                    <td>{s.games}</td>
                    <td>{s.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            {h2h.prediction
              ? t("profile.nextMeeting", {
                prediction: predictionSentence(
                  { ...h2h.prediction, pHome: h2h.prediction.pPlayer },
                  h2h.player.displayName,
                  h2h.other.displayName,
                  i18n,
                ),
              })
              : t("profile.noPrediction")}
          </p>
          {h2h.matches.length > 0 && (
            <ScoreList
              rows={listed(h2h.matches)}
              caption={t("profile.theirMatches")}
              live={false}
              showCategory
              sideOf={own}
            />
          )}
        </section>
      )}
    </SiteLayout>
  );
}
ProfilePage.translated = true as const;
