/**
 * The lower thirds a producer cuts to between points: `/overlay/card/match/{matchId}` (both sides' players with
 * their flags, clubs and ratings, the frozen prediction and, in singles, their head-to-head so far) and
 * `/overlay/card/player/{playerId}` (name, flag, club, rating and record). Transparent pages like the match
 * overlay, with its parameters (pos, scale, debug, the theme) and its polling.
 */
import { CountryFlag } from "./components/country_flag.tsx";
import { confidenceText, percent, stageText } from "./format.ts";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import { matchWatchPath } from "./page_paths.ts";
import type { CardPlayer, MatchCardData, PlayerCardData } from "../views/lower_thirds.ts";
import type { Prediction } from "./view_types.ts";

const CSS = `
.lt{min-width:560px;background:var(--panel);border-radius:10px;box-shadow:0 4px 16px rgba(0,0,0,.35);
  overflow:hidden}
.lt .top{display:flex;gap:16px;padding:6px 16px;font-size:15px;font-weight:600;color:#cfd8e6;
  background:rgba(255,255,255,.08);text-transform:uppercase;letter-spacing:.04em}
.lt .top .what{margin-inline-start:auto;color:var(--accent)}
.lt .sides{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);align-items:center;column-gap:18px;
  padding:10px 16px}
.lt .side.away{text-align:end}
.lt .vs{font-size:18px;font-weight:700;color:#b8c4d6}
.lt .player{display:flex;align-items:center;gap:10px;white-space:nowrap;font-size:28px;font-weight:700}
.lt .side.away .player{flex-direction:row-reverse}
.lt .person+.person{margin-top:8px}
.lt .about{display:block;margin-top:2px;font-size:17px;font-weight:500;color:#b8c4d6;white-space:nowrap}
.lt .player .cflag{height:22px;width:33px}
.lt .cflag{display:block;border-radius:2px;box-shadow:0 0 0 1px rgba(255,255,255,.25)}
.lt .ccode{display:inline-block;padding:0 4px;font-size:15px;line-height:22px;font-weight:700;color:#b8c4d6;
  border:1px solid rgba(184,196,214,.5);border-radius:3px}
.lt .facts{display:flex;gap:24px;padding:8px 16px;border-top:1px solid rgba(255,255,255,.12);font-size:18px;
  color:#cfd8e6;white-space:nowrap}
.lt .facts b{color:var(--fg)}
.lt.one .sides{grid-template-columns:minmax(0,1fr)}
.lt.one .name{font-size:34px}
.lt.one .player .cflag{height:26px;width:39px}
.compact .lt .top,.compact .lt .facts,.hide-head .lt .top,.hide-club .lt .club{display:none}
.hide-flag .lt .cflag,.hide-flag .lt .ccode{display:none}
`;

/** "Rating 1834 (#12)", "Rating 1834", or "Unrated", in the page's language. */
function ratingText(p: CardPlayer, { t }: I18n): string {
  if (!p.rating) return t("overlay.unrated");
  return p.rating.rank === null
    ? t("overlay.rating", { rating: String(p.rating.rating) })
    : t("overlay.ratingRank", { rating: String(p.rating.rating), rank: p.rating.rank });
}

/** A player's line: flag, name; then club and rating below. */
function PlayerLine(props: { player: CardPlayer }) {
  const i18n = useI18n();
  const p = props.player;
  return (
    <div class="person">
      <span class="player">
        {p.country !== null && <CountryFlag code={p.country} />}
        <span class="name">{p.displayName}</span>
      </span>
      <span class="about">
        {p.association !== null && <span class="club">{p.association} ·</span>} {ratingText(p, i18n)}
      </span>
    </div>
  );
}

/** The frozen prediction as a short phrase: the favourite's chance with its confidence, or words. */
function predictionText(p: Prediction, homeName: string, awayName: string, i18n: I18n): string {
  if (p.confidenceLabel === "insufficient") return i18n.t("overlay.noPrediction");
  const home = p.pHome >= 0.5;
  return i18n.t("overlay.predictionShort", {
    name: home ? homeName : awayName,
    percent: percent(home ? p.pHome : 1 - p.pHome),
    confidence: confidenceText(p.confidenceLabel, i18n),
  });
}

/** A side's short name on the card: its player's, or the pair's surnames when two. */
const shortName = (players: readonly CardPlayer[], fallback: string) =>
  players.length === 1 ? players[0]!.displayName : fallback;

/** The match card. */
export function MatchCard(props: MatchCardData) {
  const i18n = useI18n();
  const { t } = i18n;
  const { match, prediction, category } = props.known;
  const homeName = shortName(props.home, match.homeName);
  const awayName = shortName(props.away, match.awayName);
  const facts = [
    props.headToHead && (
      <span class="h2h">
        {props.headToHead.home + props.headToHead.away === 0 ? <b>{t("overlay.firstMeeting")}</b> : (
          <>
            {t("profile.h2h")} <b>{props.headToHead.home}–{props.headToHead.away}</b>
          </>
        )}
      </span>
    ),
    prediction && (
      <span class="prediction">
        {t("overlay.prediction")} <b>{predictionText(prediction, homeName, awayName, i18n)}</b>
      </span>
    ),
  ].filter((x) => x);
  return (
    <div class="lt two" data-card="match">
      <div class="top">
        <span class="category">{category}</span>
        <span class="label">{stageText(match.stageLabel, i18n)}</span>
        {match.tableNo !== null && <span class="table">{t("list.tableNo", { table: match.tableNo })}</span>}
      </div>
      <div class="sides">
        <div class="side home">{props.home.map((p) => <PlayerLine key={p.id} player={p} />)}</div>
        <span class="vs">{t("overlay.versus")}</span>
        <div class="side away">{props.away.map((p) => <PlayerLine key={p.id} player={p} />)}</div>
      </div>
      {facts.length > 0 && <div class="facts">{facts}</div>}
    </div>
  );
}

/** The player card. */
export function PlayerCard(props: PlayerCardData) {
  const { t } = useI18n();
  const played = props.wins + props.losses;
  return (
    <div class="lt one" data-card="player">
      <div class="sides">
        <div class="side home">
          <PlayerLine player={props.player} />
        </div>
      </div>
      <div class="facts">
        <span class="record">
          {t("overlay.record")} <b>{props.wins}–{props.losses}</b>
          {played > 0 && ` (${t("overlay.wonShare", { percent: percent(props.wins / played) })})`}
        </span>
      </div>
    </div>
  );
}

/** The match card's page, polling the match. */
export function MatchCardPage(props: MatchCardData & { nonce: string; params: OverlayParams }) {
  const { match } = props.known;
  return (
    <OverlayDocument
      title={`${match.homeName} – ${match.awayName}`}
      nonce={props.nonce}
      params={props.params}
      watch={matchWatchPath(match.id)}
      css={CSS}
    >
      <MatchCard {...props} />
    </OverlayDocument>
  );
}

/** The player card's page, polling the player's profile (their rating moves after each rated match). */
export function PlayerCardPage(props: PlayerCardData & { nonce: string; params: OverlayParams }) {
  return (
    <OverlayDocument
      title={props.player.displayName}
      nonce={props.nonce}
      params={props.params}
      watch={`/api/v1/players/${props.player.id}`}
      css={CSS}
    >
      <PlayerCard {...props} />
    </OverlayDocument>
  );
}
MatchCardPage.translated = true as const;
PlayerCardPage.translated = true as const;
