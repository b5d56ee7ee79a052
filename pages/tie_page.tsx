/**
 * /tie/{tieId}: a tie of a team event for spectators (docs/teams.md): both teams, the tie score and its winner, the
 * line-ups once published, and each match of the tie in order of play with its score and status, linking to its
 * match page. Made for a phone first: the teams and each match's sides stack, names wrap. It follows the tie's
 * answer (`/api/v1/ties/{id}`), which moves with every point of its matches.
 */
import { EventLivePage } from "./event_page.tsx";
import { gamesDetail } from "./components/match_table.tsx";
import { categoryPath, eventPath, playerPath } from "./page_paths.ts";
import { confidenceText, percent, predictionSentence, stageText } from "./format.ts";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { type Tie, type TieMatch, tieStateLine, tieWatchPath } from "./tie_data.ts";

const CSS = `
.crumbs{margin:.25rem 0;font-size:.95rem}
.tie-score{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);align-items:center;gap:.75rem;
  max-width:40rem;margin:1rem 0;padding:1rem;border:1px solid #ccc;border-radius:.5rem}
.tie-score .team{font-size:1.2rem;font-weight:700;overflow-wrap:anywhere}
.tie-score .team.away{text-align:right}
.tie-score .assoc{display:block;font-size:.85rem;font-weight:400;color:#444}
.tie-score .team.winner{color:#0a6b2d}
.tie-score .result{display:flex;font-size:2.2rem;font-weight:800;font-variant-numeric:tabular-nums;white-space:nowrap}
.tie-state{max-width:40rem;font-weight:600}
ol.tie-matches{list-style:none;padding:0;margin:.5rem 0;max-width:40rem}
ol.tie-matches>li{border:1px solid #ccc;border-radius:.5rem;padding:.6rem .75rem;margin:.5rem 0}
ol.tie-matches>li.live{border-color:#b00020;box-shadow:0 0 0 1px #b00020}
ol.tie-matches>li.not-needed{color:#555;background:#f7f7f7}
.tm-head{display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline;font-size:.9rem;color:#444}
.tm-head .order{font-weight:700;color:#111}
.tm-sides{display:grid;grid-template-columns:minmax(0,1fr) auto auto;gap:.1rem .6rem;margin-top:.3rem;
  font-variant-numeric:tabular-nums}
.tm-sides .who{overflow-wrap:anywhere}
.tm-sides .g{font-weight:700;text-align:right}
.tm-sides .p{min-width:1.8rem;text-align:right;background:#fff4c2;font-weight:700;padding:0 .25rem}
.tm-sides .winner{font-weight:700}
.tm-detail{font-size:.85rem;color:#444;margin-top:.2rem}
.tm-link{display:inline-block;margin-top:.3rem;font-weight:600}
.lineups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr));gap:0 1.5rem;max-width:40rem}
.lineups table{margin-bottom:.75rem}
.lineups th[scope=row]{width:3rem}
`;

/** Where a tie's page sits in its event, for the links above its heading. */
export interface TiePlace {
  event: { slug: string; name: string };
  category: string;
}

/** A match of the tie: its order and kind, its sides with their games (and points while in play), its link. */
function TieMatchItem(props: { item: TieMatch; tie: Tie; i18n: I18n }) {
  const { item, tie, i18n } = props;
  const { t } = i18n;
  const m = item.match;
  const spec = tie.format.matches[item.order - 1];
  const positions = spec ? `${[spec.home].flat().join("&")}–${[spec.away].flat().join("&")}` : "";
  const status = item.status === "not_needed"
    ? t("tie.notNeeded")
    : item.status === "in_progress"
    ? t("match.badgeLive")
    : item.status === "completed"
    ? t("tie.final")
    : m === null
    ? t(tie.lineups ? "tie.ifNeeded" : "tie.noLineups")
    : t("tie.toPlay");
  const cls = item.status === "in_progress"
    ? "live"
    : item.status === "not_needed"
    ? "not-needed"
    : undefined;
  return (
    <li class={cls} data-order={item.order} data-status={item.status}>
      <div class="tm-head">
        <span class="order">{t("tie.match", { order: String(item.order) })}</span>
        <span>{t(item.type === "doubles" ? "tie.doubles" : "tie.singles")} {positions}</span>
        {item.status === "in_progress" ? <span class="badge live">{status}</span> : <span>{status}</span>}
      </div>
      {m && (
        <>
          <div class="tm-sides">
            {(["home", "away"] as const).map((side) => {
              const id = side === "home" ? m.homeId : m.awayId;
              const won = m.winnerId !== null && m.winnerId === id;
              return [
                <span key={`${side}-n`} class={`who${won ? " winner" : ""}`}>
                  {side === "home" ? m.homeName : m.awayName}
                </span>,
                <span key={`${side}-g`} class="g">{m.gamesWon[side]}</span>,
                item.status === "in_progress"
                  ? <span key={`${side}-p`} class="p">{m.currentGame[side]}</span>
                  : <span key={`${side}-p`} />,
              ];
            })}
          </div>
          {item.status === "completed" && gamesDetail(m, i18n) && (
            <div class="tm-detail">{gamesDetail(m, i18n)}</div>
          )}
          <a class="tm-link" href={`/m/${encodeURIComponent(m.id)}`}>
            {t(item.status === "in_progress" ? "tie.follow" : "tie.matchPage")}
            <span class="sr">
              {t("tie.matchSr", { order: String(item.order), home: m.homeName, away: m.awayName })}
            </span>
          </a>
        </>
      )}
    </li>
  );
}

/** One team's line-up: each position with its player (linking to their page), and the doubles pair. */
function Lineup(props: { tie: Tie; side: "home" | "away"; slug: string }) {
  const { tie, side } = props;
  const { t } = useI18n();
  const team = tie[side];
  const lineup = tie.lineups?.[side];
  if (!team || !lineup) return null;
  const name = (id: string) => team.players.find((p) => p.id === id)?.displayName ?? id;
  const link = (id: string) => <a href={playerPath(props.slug, id)}>{name(id)}</a>;
  return (
    <table>
      <caption>{team.name}</caption>
      <tbody>
        {Object.entries(lineup.positions).sort(([a], [b]) => a.localeCompare(b)).map(([pos, id]) => (
          <tr key={pos}>
            <th scope="row">{pos}</th>
            <td>{link(id)}</td>
          </tr>
        ))}
        {lineup.pair && (
          <tr>
            <th scope="row">{t("tie.pair")}</th>
            <td>{link(lineup.pair[0]!)} / {link(lineup.pair[1]!)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The whole tie page. */
export function TiePage(props: { nonce: string; tie: Tie; place: TiePlace }) {
  const { tie, place } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const home = tie.home?.name ?? "?", away = tie.away?.name ?? "?";
  const title = t("tie.title", { home, away });
  const winner = (side: "home" | "away") => tie.winnerId !== null && tie.winnerId === tie[side]?.id;
  const table = tie.tableNo === null ? null : t("tie.table", { table: String(tie.tableNo) });
  const meta = [tie.stageLabel ? stageText(tie.stageLabel, i18n) : null, tie.format.name, table]
    .filter((t) => t !== null).join(" · ");
  return (
    <EventLivePage
      title={`${title} – ${place.category} – ${place.event.name}`}
      nonce={props.nonce}
      css={CSS}
      description={t("tie.description", { tie: title, event: place.event.name })}
      watch={tieWatchPath(tie.id)}
    >
      <p class="crumbs">
        <a href={eventPath(place.event.slug)}>{place.event.name}</a> ›{" "}
        <a href={categoryPath(place.event.slug, tie.subeventId)}>{place.category}</a>
      </p>
      <h1>{title}</h1>
      <p class="meta">{meta}</p>
      <div data-region="tie">
        <section class="tie-score" aria-label={t("tie.score")} data-status={tie.status}>
          <span class={`team home${winner("home") ? " winner" : ""}`}>
            {home}
            {tie.home?.association && tie.home.association !== home && (
              <span class="assoc">{tie.home.association}</span>
            )}
          </span>
          {/* Items of a flex row, so that in a right-to-left page each team's score stands beside its team. */}
          <span class="result">
            <span>{tie.score.home}</span>–<span>{tie.score.away}</span>
          </span>
          <span class={`team away${winner("away") ? " winner" : ""}`}>
            {away}
            {tie.away?.association && tie.away.association !== away && (
              <span class="assoc">{tie.away.association}</span>
            )}
          </span>
        </section>
        <p class="tie-state">
          {tie.status === "in_progress" && <span class="badge live">{t("match.badgeLive")}</span>}{" "}
          {tieStateLine(tie, i18n)}
        </p>
        {tie.prediction && <TiePredictionBlock tie={tie} home={home} away={away} i18n={i18n} />}
        <h2>{t("tie.matches")}</h2>
        <ol class="tie-matches">
          {tie.matches.map((item) => <TieMatchItem key={item.order} item={item} tie={tie} i18n={i18n} />)}
        </ol>
        <h2>{t("tie.lineups")}</h2>
        {tie.lineups
          ? (
            <div class="lineups">
              <Lineup tie={tie} side="home" slug={place.event.slug} />
              <Lineup tie={tie} side="away" slug={place.event.slug} />
            </div>
          )
          : <p class="empty">{t("tie.lineupsLater")}</p>}
      </div>
    </EventLivePage>
  );
}
TiePage.translated = true as const;

/**
 * The tie's prediction (docs/teams.md): the sentence and bar of a match's, frozen when the line-ups were
 * published, and while the tie is played the chance now from the matches left.
 */
function TiePredictionBlock(props: { tie: Tie; home: string; away: string; i18n: I18n }) {
  const { t } = props.i18n;
  const p = props.tie.prediction!;
  const live = props.tie.status === "in_progress" && !props.tie.decided;
  const leader = p.live >= 0.5 ? { name: props.home, p: p.live } : { name: props.away, p: 1 - p.live };
  return (
    <section class="prediction" aria-label={t("match.prediction")} data-confidence={p.confidenceLabel}>
      <p class="sentence">{predictionSentence(p, props.home, props.away, props.i18n)}</p>
      {p.confidenceLabel !== "insufficient" && (
        <meter min={0} max={1} value={p.pHome} aria-label={t("prediction.meter", { name: props.home })}>
          {t("prediction.meterText", {
            percent: percent(p.pHome),
            confidence: confidenceText(p.confidenceLabel, props.i18n),
          })}
        </meter>
      )}
      {live && (
        <p class="live-chance">
          {t("tie.liveChance", {
            score: `${props.tie.score.home}–${props.tie.score.away}`,
            name: leader.name,
            percent: percent(leader.p),
          })}
        </p>
      )}
      <p class="muted">{t("tie.predictionMade")}</p>
    </section>
  );
}
