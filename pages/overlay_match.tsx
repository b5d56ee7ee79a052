/** /overlay/match/{matchId}: the transparent scoreboard bar of one match for OBS. */
import { Fragment } from "preact";
import { PAIR_SEPARATOR } from "../domain/person_name.ts";
import { COUNTDOWNS_SCRIPT, STATE_CHANGES_SCRIPT } from "./client_script.ts";
import { countdownText } from "./client/countdown_rules.ts";
import { CountryFlag } from "./components/country_flag.tsx";
import type { PlayerLink } from "./components/player_names.tsx";
import { bestOfText, formatMatchTime, resultReasonWords, stageText } from "./format.ts";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import { TieScoreLine } from "./components/tie_line.tsx";
import { categoryMatchesWatchPath, matchWatchPath } from "./page_paths.ts";
import {
  cardLine,
  expediteOn,
  lastEnd,
  pointFlag,
  servingPlayer,
  sideCards,
  sideName,
  timedAttributes,
  timedTimeouts,
} from "./umpire_view.ts";
import type { Live, Match } from "./view_types.ts";
import type { Tie } from "./tie_data.ts";

/** What the scoreboard shows: the match, its live block, the sides' associations and players. */
export interface ScoreboardProps {
  match: Match;
  live: Live;
  homeAssociation: string | null;
  awayAssociation: string | null;
  /** The players of each side (two for a pair): the serving player of a pair is marked within its name. */
  homePlayers: PlayerLink[];
  awayPlayers: PlayerLink[];
  /** The server's clock at render (ms): a running time-out's flag is drawn as it says, then by the viewer's. */
  now: number;
  /** The tie the match belongs to (a team event's), whose score the top line shows; null or absent for none. */
  tie?: Tie | null;
}

const CSS = `
.bar{position:relative;min-width:620px;background:var(--panel);border-radius:10px;
  box-shadow:0 4px 16px rgba(0,0,0,.35)}
.bar .head{display:flex;gap:16px;padding:6px 14px;font-size:15px;font-weight:600;color:#cfd8e6;
  background:rgba(255,255,255,.08);text-transform:uppercase;letter-spacing:.04em;border-radius:10px 10px 0 0}
.bar .head .state{margin-inline-start:auto;color:var(--fg)}
.bar .head .state.live{color:#ff5a5f}
.row{position:relative;display:grid;grid-template-columns:18px minmax(0,1fr) auto 52px 60px;align-items:center;
  column-gap:10px;padding:6px 14px;font-size:26px}
.row+.row{border-top:1px solid rgba(255,255,255,.12)}
.serve{width:12px;height:12px;border-radius:50%}
.serve.on{background:var(--accent)}
.who{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.who .srv{text-decoration:underline 3px var(--accent);text-underline-offset:3px;text-decoration-skip-ink:none}
.flagset{display:inline-flex;gap:4px;margin-inline-end:10px;vertical-align:-1px}
.cflag{display:block;height:20px;width:30px;border-radius:2px;box-shadow:0 0 0 1px rgba(255,255,255,.25)}
.ccode{display:inline-block;padding:0 4px;font-size:15px;line-height:20px;font-weight:700;color:#b8c4d6;
  border:1px solid rgba(184,196,214,.5);border-radius:3px}
.hide-flag .flagset{display:none}
.name,.assoc{unicode-bidi:isolate}
.assoc{margin-inline-start:10px;font-size:17px;font-weight:500;color:#b8c4d6}
.past{display:flex;gap:6px;font-size:17px;color:#b8c4d6}
.past span{min-width:24px;text-align:center}
.past.g2{min-width:54px}.past.g4{min-width:114px}.past.g6{min-width:174px}.past.g8{min-width:234px}
.pending .games,.pending .points{visibility:hidden}
.past .w{color:var(--fg)}
.games{text-align:center;font-size:28px;background:rgba(255,255,255,.14);border-radius:6px}
.points{text-align:center;font-size:30px;color:#101010;background:var(--accent);border-radius:6px}
.row.won .who{color:var(--accent)}
.final .points{visibility:hidden}
.final.unfinished .points{visibility:visible;background:rgba(255,255,255,.35)}
.flags{position:absolute;left:100%;top:50%;transform:translateY(-50%);margin-left:8px;display:flex;gap:6px;
  white-space:nowrap;pointer-events:none}
.flag{padding:5px 9px;border-radius:6px;font-size:16px;font-weight:800;letter-spacing:.05em;line-height:1.2;
  box-shadow:0 4px 16px rgba(0,0,0,.35);font-variant-numeric:tabular-nums}
.flag[hidden]{display:none}
.flag.point{background:var(--accent);color:#101010}
.flag.point.match{background:#e0262c;color:#fff}
.flag.timeout{background:#fff;color:#101010}
.cards{position:absolute;right:100%;top:50%;transform:translateY(-50%);margin-right:8px;display:flex;gap:6px;
  pointer-events:none}
.card{box-sizing:border-box;width:40px;display:flex;justify-content:center;align-items:center;gap:2px;padding:3px;
  border-radius:5px;background:var(--panel);box-shadow:0 4px 16px rgba(0,0,0,.35)}
.card i{display:block;width:13px;height:19px;border-radius:2px}
.card .y{background:#ffd400}.card .r{background:#e0262c}
.card.coach::after{content:"C";font-size:13px;font-weight:800;color:var(--fg)}
.pos-top-left .cards,.pos-bottom-left .cards{right:auto;left:100%;margin:0 0 0 8px}
.pos-top-left .cards-1 .flags,.pos-bottom-left .cards-1 .flags{margin-left:54px}
.pos-top-left .cards-2 .flags,.pos-bottom-left .cards-2 .flags{margin-left:100px}
.pos-top-right .cards-1 .flags,.pos-bottom-right .cards-1 .flags{margin-right:54px}
.pos-top-right .cards-2 .flags,.pos-bottom-right .cards-2 .flags{margin-right:100px}
.xp{position:absolute;right:14px;bottom:100%;margin-bottom:6px;padding:4px 10px;border-radius:6px;
  background:#ff8a00;color:#101010;font-size:15px;font-weight:800;letter-spacing:.06em;
  box-shadow:0 4px 16px rgba(0,0,0,.35)}
.pos-top .xp,.pos-top-left .xp,.pos-top-right .xp{bottom:auto;top:100%;margin:6px 0 0}
.pos-top-right .flags,.pos-bottom-right .flags{left:auto;right:100%;margin:0 8px 0 0;flex-direction:row-reverse}
@keyframes state-in{from{transform:scale(1.35);opacity:0}to{transform:none;opacity:1}}
@keyframes state-glow{from{color:var(--accent)}}
.flag.enter,.card.enter,.xp.enter{animation:state-in .35s ease-out}
.serve.enter{animation:state-in .35s ease-out}
.name.enter .srv{animation:state-glow .8s ease-out}
@media (prefers-reduced-motion:reduce){.enter{animation:none!important}}
.compact .bar .head,.compact .assoc,.compact .past,.hide-club .assoc,.hide-games .past,.hide-head .bar .head{display:none}
.compact .bar,.hide-games .bar{min-width:0}
.compact .row,.hide-games .row{grid-template-columns:18px minmax(0,1fr) 52px 60px}
`;

function stateText(match: Match, i18n: I18n): { text: string; live: boolean } {
  const { t } = i18n;
  if (match.status === "in_progress") {
    return { text: t("overlay.live", { count: match.gameScores.length + 1 }), live: true };
  }
  if (match.status === "completed") {
    const reason = resultReasonWords(match, i18n);
    // The final's own label already says "Final" on the left of the head.
    const over = t(match.stageLabel === "Final" ? "overlay.result" : "overlay.final");
    return { text: reason ? `${over} · ${reason}` : over, live: false };
  }
  const time = formatMatchTime(match.scheduledAt, false, i18n);
  const where = [match.tableNo !== null ? t("list.tableNo", { table: match.tableNo }) : null, time]
    .filter((x) => x !== null);
  return { text: [t("overlay.upNext"), ...where].join(" · "), live: false };
}

/** A card's kind in words, for its mark's tooltip. */
const CARD_WORDS = { yellow: "card.yellow", red: "card.red" } as const;

/**
 * A card mark's tooltip: the umpire's full line in English (cardLine: its penalty points and what follows), the
 * card and the side in the other languages, which do not have the umpire's words yet.
 */
function cardTitle(match: Match, c: Parameters<typeof cardLine>[1], i18n: I18n): string {
  if (i18n.lang === "en") return cardLine(match, c);
  const words = c.card === "yellow" || c.card === "red" ? CARD_WORDS[c.card] : "card.yellowRed";
  return `${i18n.t(words)} · ${c.side === "home" ? match.homeName : match.awayName}`;
}

/**
 * The games column keeps room for every game but the last of the match, so that the bar keeps one width from
 * the first point to the last (CSS classes g2 to g8, by best of 3 to 9).
 */
function pastClass(bestOf: number): string {
  const slots = Math.min(8, Math.max(2, bestOf - 1));
  return `past g${slots - (slots % 2)}`;
}

/** The bar: stage label, best-of and state on top, then one row per side (serve, name, games, points). */
export function Scoreboard(props: ScoreboardProps) {
  const { match, live } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const state = stateText(match, i18n);
  const finished = match.status === "completed";
  // A retirement or disqualification during a game leaves that game's score on the bar, as it stood.
  const unfinished = finished && (match.currentGame.home > 0 || match.currentGame.away > 0);
  const point = pointFlag(match);
  const timeouts = timedTimeouts(match);
  const serving = match.status === "in_progress" ? live.currentServer : null;
  const row = (side: "home" | "away") => {
    const id = side === "home" ? match.homeId : match.awayId;
    const other = side === "home" ? "away" : "home";
    const own = timeouts.filter((t) => t.side === side);
    const ownEnd = lastEnd(own);
    const after = ownEnd === undefined ? {} : { after: ownEnd };
    const cards = sideCards(match, side);
    const players = side === "home" ? props.homePlayers : props.awayPlayers;
    const server = servingPlayer(match, side, players);
    const won = match.winnerId !== null && match.winnerId === id ? " won" : "";
    return (
      <div class={`row${won}${cards.length > 0 ? ` cards-${cards.length}` : ""}`} data-side={side}>
        <span
          class={`serve${live.currentServer === side ? " on" : ""}`}
          {...(serving === side ? { "data-anim": `serve:${side}` } : {})}
        />
        <span class="who">
          <SideFlags codes={side === "home" ? match.homeCountry : match.awayCountry} />
          <span class="name" {...(server === null ? {} : { "data-anim": `srv:${server}` })}>
            <SideName match={match} side={side} players={players} />
          </span>
          {(side === "home" ? props.homeAssociation : props.awayAssociation) && (
            <span class="assoc">{side === "home" ? props.homeAssociation : props.awayAssociation}</span>
          )}
        </span>
        <span class={pastClass(live.bestOf)}>
          {match.gameScores.map((g, i) => <span key={i} class={g[side] > g[other] ? "w" : ""}>{g[side]}
          </span>)}
        </span>
        <span class="games">{match.gamesWon[side]}</span>
        <span class="points">{match.currentGame[side]}</span>
        {
          /* Beside the bar, so that a flag coming or going never changes the bar's size; one flag a side (the
            side's time-out while it runs, then its game point), so that the bar and its flag fit a 1280 px canvas. */
        }
        {cards.length > 0 && (
          <span class="cards">
            {cards.map((c) => (
              <span
                key={c.target}
                class={`card ${c.card}${c.target === "coach" ? " coach" : ""}`}
                title={cardTitle(match, c, i18n)}
                data-anim={`card:${side}:${c.target}:${c.card}:${c.penaltyPoints}`}
              >
                {c.card !== "red" && <i class="y" />}
                {c.card !== "yellow" && <i class="r" />}
              </span>
            ))}
          </span>
        )}
        <span class="flags">
          {own.map((timeout) => (
            <span
              key={timeout.endsAt}
              class="flag timeout"
              data-anim={`timeout:${side}:${timeout.endsAt}`}
              {...timedAttributes({ until: timeout.endsAt }, props.now)}
            >
              {t("overlay.timeout")}{" "}
              <span data-countdown={timeout.endsAt}>{countdownText(timeout.endsAt, props.now)}</span>
            </span>
          ))}
          {point?.side === side && (
            <span
              class={`flag point${point.match ? " match" : ""}`}
              data-anim={`point:${side}:${point.text}`}
              {...timedAttributes(after, props.now)}
            >
              {t(point.match ? "overlay.matchPoint" : "overlay.gamePoint")}
            </span>
          )}
        </span>
      </div>
    );
  };
  return (
    <div
      class={`bar${finished ? " final" : ""}${unfinished ? " unfinished" : ""}${
        match.status === "scheduled" ? " pending" : ""
      }`}
      data-status={match.status}
    >
      <div class="head">
        <span class="label">{stageText(match.stageLabel, i18n)}</span>
        <span class="bestof">{bestOfText(live.bestOf, i18n)}</span>
        {props.tie && <TieScoreLine tie={props.tie} />}
        <span class={`state${state.live ? " live" : ""}`}>{state.text}</span>
      </div>
      {row("home")}
      {row("away")}
      {expediteOn(match) && <span class="xp" data-anim="expedite">{t("overlay.expedite")}</span>}
    </div>
  );
}

/** The flags of a side's country codes ("GER", or "GER / CHN" for a pair from two), before its name. */
export function SideFlags(props: { codes: string | undefined }) {
  if (props.codes === undefined) return null;
  return (
    <span class="flagset">
      {props.codes.split(PAIR_SEPARATOR).map((code) => <CountryFlag key={code} code={code} />)}
    </span>
  );
}

/** A side's name; in a doubles pair whose serving player is known, that player's name is underlined. */
function SideName(props: { match: Match; side: "home" | "away"; players: PlayerLink[] }) {
  const serving = servingPlayer(props.match, props.side, props.players);
  if (serving === null) return <>{sideName(props.match, props.side)}</>;
  return (
    <>
      {props.players.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && PAIR_SEPARATOR}
          <span class={p.id === serving ? "srv" : undefined}>{p.displayName}</span>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The whole overlay page of one match; `watch` is what it polls (by default the match's own answer; a table's
 * overlay watches its event's categories, so that it moves on to the next match there by itself).
 */
export function MatchOverlayPage(
  props: ScoreboardProps & {
    nonce: string;
    params: OverlayParams;
    watch?: string;
    refreshIn?: number | null;
  },
) {
  const { match } = props;
  return (
    <OverlayDocument
      title={`${match.homeName} – ${match.awayName}`}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch ?? matchWatchPath(match.id)}
      css={CSS}
      script={COUNTDOWNS_SCRIPT + STATE_CHANGES_SCRIPT}
      refreshIn={props.refreshIn}
    >
      <Scoreboard {...props} />
    </OverlayDocument>
  );
}

/**
 * The overlay of a match whose players are not known yet: transparent and empty on the stream, but polling its
 * category's matches (`categoryMatchesWatchPath`), so that a source set up before the finalists are known shows
 * the bar as soon as they are.
 */
export function PendingMatchOverlayPage(props: { nonce: string; params: OverlayParams; categoryId: string }) {
  const { t } = useI18n();
  return (
    <OverlayDocument
      title={t("overlay.title")}
      nonce={props.nonce}
      params={props.params}
      watch={categoryMatchesWatchPath(props.categoryId)}
      css={CSS}
    >
      {null}
    </OverlayDocument>
  );
}

/** The overlay of a free table: transparent and empty, polling until a match is called or starts there. */
export function FreeTableOverlayPage(props: { nonce: string; params: OverlayParams; watch: string }) {
  const { t } = useI18n();
  return (
    <OverlayDocument
      title={t("overlay.title")}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch}
      css={CSS}
    >
      {null}
    </OverlayDocument>
  );
}
MatchOverlayPage.translated = true as const;
PendingMatchOverlayPage.translated = true as const;
FreeTableOverlayPage.translated = true as const;
