/** /m/{matchId}: one match for spectators: live score, game scores and the pre-match prediction. */
import type { ComponentChildren } from "preact";
import { COUNTDOWNS_SCRIPT, LIVE_REGIONS_SCRIPT } from "./client_script.ts";
import { countdownText } from "./client/countdown_rules.ts";
import type { PendingMatchData } from "../views/match.ts";
import { type PlayerLink, PlayerNames } from "./components/player_names.tsx";
import { PredictionBlock } from "./components/prediction.tsx";
import { calledTo } from "./components/match_table.tsx";
import { shownTimeText } from "./expected_time.ts";
import { bestOfText, resultReasonText, resultReasonWords, stageText } from "./format.ts";
import { type I18n, i18nFor, useI18n } from "./i18n/mod.ts";
import { SiteLayout } from "./layout.tsx";
import { categoryMatchesWatchPath, categoryPath, eventPath, matchWatchPath } from "./page_paths.ts";
import {
  atScore,
  cardLine,
  expediteLine,
  pointFlag,
  servingPlayer,
  sideName,
  timedAttributes,
  timedTimeouts,
} from "./umpire_view.ts";
import type { Live, Match, Prediction } from "./view_types.ts";
import { TieOfMatch } from "./components/tie_list.tsx";
import { type Tie, tieWatchPath } from "./tie_data.ts";

/** How often the match page polls. */
export const MATCH_PAGE_POLL_MS = 2000;

const CSS = `
.score .called{margin:.2rem 0 .6rem;font-weight:700;color:#0b4fb3;font-size:1.15rem}
.score .expected{margin:.2rem 0 .6rem}
.crumbs{margin:.25rem 0;font-size:.95rem}
.score table{max-width:40rem}
.score th[scope=row]{font-weight:600}
.score .assoc{display:block;font-weight:400;color:#444;font-size:.85rem}
.score td.now{background:#fff4c2;font-weight:700}
.serving{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#b08900;margin-left:.4rem}
ul.states{list-style:none;padding:0;margin:.6rem 0;display:flex;flex-wrap:wrap;gap:.4rem;max-width:40rem}
ul.states li{padding:.2rem .6rem;border-radius:.3rem;background:#eef1f5;font-weight:600}
ul.states li[hidden]{display:none}
ul.states .point{background:#ffd400;color:#111}
ul.states .point.match{background:#b00020;color:#fff}
ul.states .timeout{background:#0d1b2a;color:#fff;font-variant-numeric:tabular-nums}
ul.record{padding-left:1.2rem;margin:.25rem 0;max-width:40rem}
ul.record .when{color:#444;white-space:nowrap}
ul.cards-shown{list-style:none;padding-left:0}
.card{display:inline-block;width:.7rem;height:1rem;border-radius:.12rem;vertical-align:-.15rem;margin-right:.2rem;
  border:1px solid #0006}
.card.yellow{background:#f5c400}
.card.red{background:#d0021b}
.prediction meter{width:100%;max-width:28rem;height:1.2rem}
.prediction .sentence{font-size:1.1rem;font-weight:600}
`;

/** What the match page shows. */
export interface MatchPageProps {
  nonce: string;
  /** The server's clock at render (ms): a running time-out is drawn as it says, then by the viewer's. */
  now: number;
  match: Match;
  live: Live;
  prediction: Prediction | null;
  event: { slug: string; name: string };
  category: string;
  homeAssociation: string | null;
  awayAssociation: string | null;
  homePlayers: PlayerLink[];
  awayPlayers: PlayerLink[];
  /** The tie of a team event the match belongs to, or null or absent for none. */
  tie?: Tie | null;
}

function statusBadge(match: Match, i18n: I18n) {
  if (match.status === "in_progress") return <span class="badge live">{i18n.t("match.badgeLive")}</span>;
  if (match.status === "completed") {
    const reason = resultReasonWords(match, i18n);
    return <span class="badge final">{i18n.t("overlay.final")}{reason ? ` · ${reason}` : ""}</span>;
  }
  return <span class="badge final">{i18n.t("match.badgeScheduled")}</span>;
}

/** The score in one sentence, for the match page's live region (screen readers say it after each point). */
export function scoreSentence(m: Match, live: Live, i18n: I18n = i18nFor("en")): string {
  const { t } = i18n;
  const games = `${m.gamesWon.home}–${m.gamesWon.away}`;
  if (m.status === "completed") {
    const winner = m.winnerId === null ? null : m.winnerId === m.homeId ? m.homeName : m.awayName;
    const loser = m.winnerId === null ? null : m.winnerId === m.homeId ? m.awayName : m.homeName;
    // A walkover has no games; a retirement or disqualification says who left the match.
    if (m.resultReasonCode === "walkover" && winner) return t("match.saidWalkover", { winner });
    const reason = loser && (m.resultReasonCode === "retired" || m.resultReasonCode === "disqualified")
      ? t(m.resultReasonCode === "retired" ? "reason.sideRetired" : "reason.sideDisqualified", {
        name: loser,
      })
      : resultReasonText(m.resultReasonCode, i18n);
    if (winner) {
      return reason
        ? t("match.saidFinalWonReason", { winner, games, reason })
        : t("match.saidFinalWon", { winner, games });
    }
    return reason ? t("match.saidFinalReason", { games, reason }) : t("match.saidFinal", { games });
  }
  if (m.status !== "in_progress") return t("match.saidNotStarted");
  const server = live.currentServer === "home"
    ? m.homeName
    : live.currentServer === "away"
    ? m.awayName
    : null;
  const point = pointFlag(m);
  return [
    t("match.saidLive", {
      games,
      game: m.gameScores.length + 1,
      home: m.homeName,
      homePoints: m.currentGame.home,
      away: m.awayName,
      awayPoints: m.currentGame.away,
    }),
    point ? pointText(m, point, i18n) + "." : "",
    server ? t("match.saidServing", { name: server }) : "",
  ].filter((s) => s !== "").join(" ");
}

/** "Match point: Ann" or "Game point: Ann". */
function pointText(m: Match, point: { side: "home" | "away"; match: boolean }, i18n: I18n): string {
  return i18n.t(point.match ? "match.matchPointOf" : "match.gamePointOf", { name: sideName(m, point.side) });
}

/**
 * The score table: a row per side with games won, each finished game, and the running game while live. Each
 * player's name links to their page in the event (their other matches, tables and times).
 */
export function ScoreTable(
  props: {
    match: Match;
    live: Live;
    associations: [string | null, string | null];
    players: [PlayerLink[], PlayerLink[]];
    slug: string;
  },
) {
  const { match: m, live } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const running = m.status === "in_progress";
  const sides = [
    {
      side: "home" as const,
      name: m.homeName,
      id: m.homeId,
      association: props.associations[0],
      players: props.players[0],
    },
    {
      side: "away" as const,
      name: m.awayName,
      id: m.awayId,
      association: props.associations[1],
      players: props.players[1],
    },
  ];
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label={t("match.byGame")}>
      <table>
        <caption>
          {t("match.score")} {statusBadge(m, i18n)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("standings.player")}</th>
            <th scope="col" class="num">{t("list.games")}</th>
            {m.gameScores.map((_, i) => (
              <th key={i} scope="col" class="num">
                <abbr title={t("match.game", { count: i + 1 })}>
                  {t("match.gameShort", { count: i + 1 })}
                </abbr>
              </th>
            ))}
            {running && (
              <th scope="col" class="num">
                <abbr title={t("match.gameInPlay", { count: m.gameScores.length + 1 })}>
                  {t("match.gameShort", { count: m.gameScores.length + 1 })}
                </abbr>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sides.map((s) => {
            // In a pair whose order of service the umpire recorded, the dot goes beside the serving player.
            const player = servingPlayer(m, s.side, s.players);
            const dot = (
              <>
                <span class="serving" aria-hidden="true" />
                <span class="sr">{t("match.serving")}</span>
              </>
            );
            return (
              <tr
                key={s.side}
                data-side={s.side}
                class={m.winnerId !== null && m.winnerId === s.id ? "winner" : undefined}
              >
                <th scope="row">
                  <PlayerNames
                    name={s.name}
                    players={s.players}
                    slug={props.slug}
                    mark={player === null ? undefined : { playerId: player, children: dot }}
                  />
                  {/* The serve dot beside the name: after the association (a line of its own) it sat alone below. */}
                  {running && live.currentServer === s.side && player === null && dot}
                  {s.association && <span class="assoc">{s.association}</span>}
                </th>
                <td class="num games">{m.gamesWon[s.side]}</td>
                {m.gameScores.map((g, i) => <td key={i} class="num">{g[s.side]}</td>)}
                {running && <td class="num now">{m.currentGame[s.side]}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Under the score, what the umpire's record says of the match now: game or match point, a time-out while it runs
 * (with the time left, by the viewer's clock: pages/client/countdowns.ts) and the expedite system.
 */
export function UmpireStates(props: { match: Match; now: number }) {
  const m = props.match;
  const i18n = useI18n();
  const point = pointFlag(m);
  const timeouts = timedTimeouts(m);
  const expedite = expediteLine(m, i18n);
  // The countdown is a span of its own (the viewer's clock redraws it) inside the language's sentence.
  const [before = "", after = ""] = i18n.t("match.timeLeft", { time: "\u0000" }).split("\u0000");
  if (!point && timeouts.length === 0 && !expedite) return null;
  return (
    <ul class="states">
      {point && (
        <li class={`point${point.match ? " match" : ""}`}>
          {pointText(m, point, i18n)}
        </li>
      )}
      {timeouts.map((t) => (
        <li key={t.endsAt} class="timeout" {...timedAttributes({ until: t.endsAt }, props.now)}>
          {i18n.t("match.timeoutOf", { name: sideName(m, t.side) })} · {before}
          <span data-countdown={t.endsAt}>{countdownText(t.endsAt, props.now)}</span>
          {after}
        </li>
      ))}
      {expedite && <li class="expedite">{expedite}</li>}
    </ul>
  );
}

/** The cards shown and the time-outs taken, each with the game and score it came at (Regulations 3.5.2, 3.4.4). */
export function UmpireRecord(props: { match: Match }) {
  const m = props.match;
  const u = m.umpire;
  const i18n = useI18n();
  const { t } = i18n;
  if (!u || (u.cards.length === 0 && u.timeouts.length === 0)) return null;
  return (
    <section aria-labelledby="umpire-h">
      <h2 id="umpire-h">{t("match.record")}</h2>
      {u.cards.length > 0 && (
        <>
          <h3>{t("match.cards")}</h3>
          <ul class="record cards-shown">
            {u.cards.map((c, i) => (
              <li key={i}>
                <span aria-hidden="true">
                  {c.card !== "red" && <span class="card yellow" />}
                  {c.card !== "yellow" && <span class="card red" />}
                </span>{" "}
                {cardLine(m, c, i18n)} <span class="when">({atScore(c, i18n)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {u.timeouts.length > 0 && (
        <>
          <h3>{t("match.timeouts")}</h3>
          <ul class="record timeouts-taken">
            {u.timeouts.map((t, i) => (
              <li key={i}>
                {sideName(m, t.side)} <span class="when">({atScore(t, i18n)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * What a match's page is around its content, known or pending: the site layout polling `watch` (by default the
 * match's API, `matchWatchPath`), the way back to the event and the category, the heading and the line
 * under it.
 */
function MatchFrame(props: {
  nonce: string;
  title: string;
  heading: string;
  meta: string;
  watch?: string;
  matchId: string;
  categoryId: string;
  event: { slug: string; name: string };
  category: string;
  /** A script of the page's own, after the live regions' one. */
  script?: string;
  children: ComponentChildren;
}) {
  const { event } = props;
  const { t } = useI18n();
  return (
    <SiteLayout
      title={props.title}
      nonce={props.nonce}
      css={CSS}
      description={t("match.description", {
        match: props.heading,
        category: props.category,
        event: event.name,
      })}
      script={LIVE_REGIONS_SCRIPT + (props.script ?? "")}
      bodyData={{
        watch: props.watch ?? matchWatchPath(props.matchId),
        "poll-ms": String(MATCH_PAGE_POLL_MS),
      }}
    >
      <p class="crumbs">
        <a href={eventPath(event.slug)}>{event.name}</a> ›{" "}
        <a href={categoryPath(event.slug, props.categoryId)}>{props.category}</a>
      </p>
      <h1>{props.heading}</h1>
      <p class="meta">{props.meta}</p>
      {props.children}
    </SiteLayout>
  );
}

/** "Final · Best of 5 · Table 3": the line under a match page's heading. */
const metaLine = (first: string, bestOf: number, tableNo: number | null, i18n: I18n) =>
  `${first} · ${bestOfText(bestOf, i18n)}${
    tableNo != null ? ` · ${i18n.t("list.tableNo", { table: tableNo })}` : ""
  }`;

/** "Expected to start at Sat 10:35 (planned Sat 10:20)" for a match not started that has an estimate. */
function ExpectedStart(props: { match: Match }) {
  const m = props.match;
  const i18n = useI18n();
  if (m.status !== "scheduled" || m.estimatedStart === null) return null;
  const text = shownTimeText(m, true, i18n);
  return text === null ? null : <p class="expected">{i18n.t("match.expected", { time: text })}</p>;
}

/** The whole match page; the score region refreshes from /api/v1/matches/{id}. */
export function MatchPage(props: MatchPageProps) {
  const { match: m, event } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const title = t("match.title", { home: m.homeName, away: m.awayName });
  return (
    <MatchFrame
      nonce={props.nonce}
      title={`${title} – ${event.name}`}
      heading={title}
      meta={metaLine(stageText(m.stageLabel, i18n), props.live.bestOf, m.tableNo, i18n)}
      matchId={m.id}
      categoryId={m.subeventId}
      event={event}
      category={props.category}
      script={COUNTDOWNS_SCRIPT}
      watch={props.tie ? `${matchWatchPath(m.id)} ${tieWatchPath(props.tie.id)}` : undefined}
    >
      {props.tie && <TieOfMatch tie={props.tie} order={m.tieOrder} />}
      <section class="score" aria-label={t("match.score")} data-region="score">
        {calledTo(m, i18n) && <p class="called">{calledTo(m, i18n)}</p>}
        <ExpectedStart match={m} />
        <ScoreTable
          match={m}
          live={props.live}
          associations={[props.homeAssociation, props.awayAssociation]}
          players={[props.homePlayers, props.awayPlayers]}
          slug={event.slug}
        />
        <UmpireStates match={m} now={props.now} />
      </section>
      {
        /* The live region stays in the page while the sentence inside it is swapped: a region put into the page
          with its text is not announced, and one around the table would read the whole table at every point. */
      }
      <div class="sr" aria-live="polite" aria-atomic="true">
        <p data-region="score-said">
          {scoreSentence(m, props.live, i18n)}
          {timedTimeouts(m).map((t) => (
            <span key={t.endsAt} {...timedAttributes({ until: t.endsAt }, props.now)}>
              {` ${i18n.t("match.saidTimeout", { name: sideName(m, t.side) })}`}
            </span>
          ))}
        </p>
      </div>
      <div data-region="umpire">
        <UmpireRecord match={m} />
      </div>
      <section aria-labelledby="prediction-h" data-region="prediction">
        <h2 id="prediction-h">{t("match.prediction")}</h2>
        <PredictionBlock prediction={props.prediction} homeName={m.homeName} awayName={m.awayName} />
      </section>
    </MatchFrame>
  );
}

/**
 * The page of a match whose players are not known yet (it waits for earlier matches): what it is, and that it
 * fills in by itself. It watches its category's matches (`categoryMatchesWatchPath`), which list the match
 * once its players are known; the page then comes back whole, with the score and the prediction
 * (pages/client/live_regions.ts reloads a page whose regions changed).
 */
export function PendingMatchPage(props: { nonce: string } & PendingMatchData) {
  const i18n = useI18n();
  const stage = stageText(props.stageLabel, i18n);
  return (
    <MatchFrame
      nonce={props.nonce}
      title={`${stage} – ${props.category} – ${props.event.name}`}
      heading={stage}
      meta={metaLine(props.category, props.bestOf, props.tableNo, i18n)}
      matchId={props.id}
      categoryId={props.categoryId}
      event={props.event}
      category={props.category}
      watch={categoryMatchesWatchPath(props.categoryId)}
    >
      <section aria-label={i18n.t("players.title")} data-region="pending">
        <p>{i18n.t("match.pending")}</p>
      </section>
    </MatchFrame>
  );
}
MatchPage.translated = true as const;
PendingMatchPage.translated = true as const;
