/**
 * /overlay/tie/{tieId}: the transparent bar of a tie of a team event for OBS (docs/teams.md): both teams with
 * their flags (a national team's) and associations and the tie score, and beside each team its player (or pair)
 * in the match on now with that match's games and points. It keeps one width whatever the names (they are cut
 * with an ellipsis), and follows the tie's answer (`/api/v1/ties/{id}`) like the match overlay follows its match.
 */
import { CountryFlag, flagSvg } from "./components/country_flag.tsx";
import { stageText } from "./format.ts";
import { type I18n, useI18n } from "./i18n/mod.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import { currentTieMatch, teamLabel, type Tie, type TieMatch, tieWatchPath } from "./tie_data.ts";

const CSS = `
.tiebar{width:calc(100vw - 48px);max-width:100%;background:var(--panel);border-radius:10px;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.tiebar .head{display:flex;gap:16px;padding:6px 14px;font-size:15px;font-weight:600;color:#cfd8e6;
  background:rgba(255,255,255,.08);text-transform:uppercase;letter-spacing:.04em;border-radius:10px 10px 0 0;
  white-space:nowrap}
.tiebar .head .label{overflow:hidden;text-overflow:ellipsis;min-width:0}
.tiebar .head .state{margin-inline-start:auto;color:var(--fg)}
.tiebar .head .state.live{color:#ff5a5f}
.trow{display:grid;grid-template-columns:minmax(0,.75fr) 50px 10px minmax(0,1.5fr) auto 46px 54px;align-items:center;
  column-gap:10px;padding:6px 14px;font-size:26px}
.trow+.trow{border-top:1px solid rgba(255,255,255,.12)}
.team{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.team .flagset{display:inline-flex;margin-inline-end:10px;vertical-align:-1px}
.team .cflag{display:block;height:20px;width:30px;border-radius:2px;box-shadow:0 0 0 1px rgba(255,255,255,.25)}
.hide-flag .team .flagset{display:none}
.team .assoc{margin-inline-start:10px;font-size:17px;font-weight:500;color:#b8c4d6}
.tscore{text-align:center;font-size:30px;font-weight:800;background:rgba(255,255,255,.9);color:#101010;border-radius:6px}
.trow.won .team .tname{color:var(--accent)}
.serve{width:10px;height:10px;border-radius:50%}
.serve.on{background:var(--accent)}
.player{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:24px;color:#e6ecf5}
.trow.mwon .player{color:var(--accent)}
.past{display:flex;gap:6px;font-size:17px;color:#b8c4d6;min-width:114px}
.past span{min-width:24px;text-align:center}
.past .w{color:var(--fg)}
.games{text-align:center;font-size:26px;background:rgba(255,255,255,.14);border-radius:6px}
.points{text-align:center;font-size:28px;color:#101010;background:var(--accent);border-radius:6px}
.tiebar.no-match .player,.tiebar.no-match .past,.tiebar.no-match .games,.tiebar.no-match .points,
.tiebar.match-done .points,.tiebar.match-next .games,.tiebar.match-next .points{visibility:hidden}
.compact .tiebar .head,.compact .team .assoc,.compact .past,.hide-club .team .assoc,.hide-games .past,
.hide-head .tiebar .head{display:none}
`;

/** The bar's top line at the end: where the tie stands. */
function stateText(tie: Tie, current: TieMatch | null, { t }: I18n): { text: string; live: boolean } {
  const of = { order: current?.order ?? 0, count: tie.format.matches.length };
  if (tie.status === "completed") {
    const winner = tie.winnerId === null ? null : tie.winnerId === tie.home?.id ? tie.home : tie.away;
    const score = `${Math.max(tie.score.home, tie.score.away)}–${Math.min(tie.score.home, tie.score.away)}`;
    return { text: winner ? t("tie.won", { name: winner.name, score }) : t("overlay.tieOver"), live: false };
  }
  if (current?.status === "in_progress") {
    const game = (current.match?.gameScores.length ?? 0) + 1;
    return { text: t("overlay.tieMatchLive", { ...of, game }), live: true };
  }
  if (current?.status === "scheduled") return { text: t("overlay.tieMatchNext", of), live: false };
  const where = tie.tableNo === null ? [] : [t("list.tableNo", { table: tie.tableNo })];
  return { text: [t("overlay.upNext"), ...where].join(" · "), live: false };
}

/** The bar: the tie's round and format on top, then a row per team: team, tie score, its side of the match on now. */
export function TieBar(props: { tie: Tie }) {
  const { tie } = props;
  const i18n = useI18n();
  const current = currentTieMatch(tie);
  const m = current?.match ?? null;
  const state = stateText(tie, current, i18n);
  const phase = m === null
    ? " no-match"
    : m.status === "completed"
    ? " match-done"
    : m.status === "scheduled"
    ? " match-next"
    : "";
  // Who serves the next point of the match in play (the umpire's record, as the match bar shows it).
  const serving = m?.status === "in_progress" ? m.umpire?.server?.side ?? null : null;
  const row = (side: "home" | "away") => {
    const team = tie[side];
    const other = side === "home" ? "away" : "home";
    const won = tie.winnerId !== null && tie.winnerId === team?.id;
    const matchWon = m !== null && m.winnerId !== null &&
      m.winnerId === (side === "home" ? m.homeId : m.awayId);
    return (
      <div class={`trow${won ? " won" : ""}${matchWon ? " mwon" : ""}`} data-side={side}>
        <span class="team">
          {team?.association && flagSvg(team.association) !== null && (
            <span class="flagset">
              <CountryFlag code={team.association} />
            </span>
          )}
          <span class="tname" title={team?.name}>{teamLabel(team)}</span>
          {team?.association && team.association !== teamLabel(team) && (
            <span class="assoc">{team.association}</span>
          )}
        </span>
        <span class="tscore">{tie.score[side]}</span>
        <span class={`serve${serving === side ? " on" : ""}`} />
        <span class="player">{m ? (side === "home" ? m.homeName : m.awayName) : ""}</span>
        <span class="past">
          {(m?.gameScores ?? []).map((g, i) => (
            <span key={i} class={g[side] > g[other] ? "w" : ""}>{g[side]}</span>
          ))}
        </span>
        <span class="games">{m?.gamesWon[side] ?? 0}</span>
        <span class="points">{m?.currentGame[side] ?? 0}</span>
      </div>
    );
  };
  return (
    <div class={`tiebar${phase}`} data-status={tie.status} data-match-order={current?.order}>
      <div class="head">
        <span class="label">{stageText(tie.stageLabel, i18n)}</span>
        <span class="kind">
          {current ? i18n.t(current.type === "doubles" ? "tie.doubles" : "tie.singles") : ""}
        </span>
        <span class={`state${state.live ? " live" : ""}`}>{state.text}</span>
      </div>
      {row("home")}
      {row("away")}
    </div>
  );
}

/** The whole overlay page of a tie; `watch` is what it polls besides the tie (a table's overlay: its categories). */
export function TieOverlayPage(
  props: { nonce: string; params: OverlayParams; tie: Tie; watch?: string; refreshIn?: number | null },
) {
  const { tie } = props;
  return (
    <OverlayDocument
      title={`${tie.home?.name ?? "?"} – ${tie.away?.name ?? "?"}`}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch ?? tieWatchPath(tie.id)}
      css={CSS}
      refreshIn={props.refreshIn}
    >
      <TieBar tie={tie} />
    </OverlayDocument>
  );
}
TieOverlayPage.translated = true as const;
