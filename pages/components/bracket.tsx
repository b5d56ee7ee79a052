/**
 * A knockout bracket drawn as a tree: one column per round; the matches of a round go in pairs of equal height
 * (the two that feed one match of the next round) and each match is centred in its half of the pair, so every
 * match sits level with the middle of the pair that feeds it. Lines are drawn in CSS, with logical sides, so that
 * in a right-to-left page the rounds and their lines run from right to left. An entry shows its seed
 * ("[1]") before its name and its club under it.
 */
import type { ComponentChildren } from "preact";
import type { Draw, DrawMatch, DrawSide } from "../view_types.ts";
import { ServeDot } from "../serve_dot.tsx";
import { drawSideText, resultReasonMark, stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";

/** The bracket's CSS (the event page includes it). */
export const BRACKET_CSS = `
.bracket{display:flex;gap:1.5rem;overflow-x:auto;padding:.5rem 0 1rem;-webkit-overflow-scrolling:touch}
.bracket-h{position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.round{display:flex;flex-direction:column;min-width:12.5rem;max-width:18rem}
.round>h4{margin:0 0 .5rem;font-size:.95rem;color:#333}
.round>ol{flex:1;display:flex;flex-direction:column;margin:0;padding:0;list-style:none}
.pair{flex:1;display:flex;flex-direction:column;justify-content:space-around;position:relative}
.slot{position:relative;margin:.35rem 0}
.round:not(:last-child) .pair::after{content:"";position:absolute;inset-inline-end:-.75rem;top:25%;bottom:25%;
  border-inline-end:1px solid #888}
.round:not(:last-child) .pair.single::after{top:50%;bottom:50%}
.round:not(:last-child) .slot::after,.round+.round .slot::before{content:"";position:absolute;top:50%;width:.75rem;
  border-top:1px solid #888}
.round:not(:last-child) .slot::after{inset-inline-end:-.75rem}
.round+.round .slot::before{inset-inline-start:-.75rem}
.bm{display:block;border:1px solid #888;border-radius:.3rem;text-decoration:none;color:#111;background:#fff}
.bm:hover,.bm:focus-visible{border-color:#0b4fb3}
.bm .side{display:flex;justify-content:space-between;gap:.5rem;padding:.2rem .5rem}
.bm .side+.side{border-top:1px solid #ddd}
.bm .n{min-width:0;overflow-wrap:anywhere}
.bm .side.winner{font-weight:700}
.bm .side.open{color:#555;font-style:italic}
.bm .g{font-variant-numeric:tabular-nums}
.bm.live{border-color:#b00020;box-shadow:0 0 0 1px #b00020}
.bm .seed{margin-inline-end:.3rem;color:#333;font-weight:600}
.bm .club{display:block;font-size:.8rem;font-weight:400;color:#555}
`;

/** A side's name, with its seed before it and its club under it when it is an entry. */
function SideName(props: { side: DrawSide }) {
  const i18n = useI18n();
  const e = props.side.entry;
  return (
    <span class="n">
      {e?.seed != null && <span class="seed" title={i18n.t("draw.seed", { seed: e.seed })}>[{e.seed}]</span>}
      {drawSideText(props.side, i18n)}
      {e?.withdrawn && ` ${i18n.t("standings.withdrawn")}`}
      {e?.association && <small class="club">{e.association}</small>}
    </span>
  );
}

/** A side of a position; on the venue TV a side in play has a serve dot (`dot`) and its running points after it. */
function Side(
  props: {
    side: DrawSide;
    games: number | string | null;
    won: boolean;
    dot?: ComponentChildren;
    points?: ComponentChildren;
  },
) {
  return (
    <span class={`side${props.won ? " winner" : ""}${props.side.kind === "entry" ? "" : " open"}`}>
      <SideName side={props.side} />
      {props.dot}
      <span class="g">{props.games ?? ""}</span>
      {props.points}
    </span>
  );
}

function BracketMatch(props: { position: DrawMatch; tv?: boolean }) {
  const i18n = useI18n();
  const { home, away, match: m } = props.position;
  const played = m !== null && m.status !== "scheduled";
  // A walkover has no games to show: the winner's side says "W/O" instead of 0 against 0.
  const walkover = m !== null && m.resultReasonCode === "walkover";
  const games = (side: "home" | "away") => {
    if (!played) return null;
    if (walkover) {
      return m.winnerId === (side === "home" ? m.homeId : m.awayId) ? resultReasonMark("walkover", i18n) : "";
    }
    return side === "home" ? m.gamesWon.home : m.gamesWon.away;
  };
  // On the venue TV a match in play also shows who serves and the running game's points.
  const inPlay = props.tv === true && m !== null && m.status === "in_progress";
  const side = (which: "home" | "away") => (
    <Side
      side={which === "home" ? home : away}
      games={games(which)}
      won={m !== null && m.winnerId === (which === "home" ? m.homeId : m.awayId)}
      dot={inPlay && <ServeDot match={m} side={which} />}
      points={inPlay && <span class="p">{m.currentGame[which]}</span>}
    />
  );
  const sides = (
    <>
      {side("home")}
      {side("away")}
    </>
  );
  return (
    <div class="slot">
      {m && props.tv
        ? <div class={`bm${m.status === "in_progress" ? " live" : ""}`} data-match={m.id}>{sides}</div>
        : m
        ? (
          <a class={`bm${m.status === "in_progress" ? " live" : ""}`} href={`/m/${encodeURIComponent(m.id)}`}>
            {sides}
          </a>
        )
        : <div class="bm">{sides}</div>}
    </div>
  );
}

/** Splits a round's positions (top to bottom) into the pairs that feed one position of the next round each. */
export function pairsOf<T>(items: readonly T[]): T[][] {
  const pairs: T[][] = [];
  for (let i = 0; i < items.length; i += 2) pairs.push(items.slice(i, i + 2));
  return pairs;
}

/**
 * The bracket of a locked draw, every position of every round (byes and open positions by their labels). With
 * `tv` (the venue TV), matches are not links and a match in play shows who serves and its running game.
 */
export function Bracket(props: { draw: Draw; label: string; tv?: boolean }) {
  const i18n = useI18n();
  return (
    // Focusable: it scrolls sideways on a phone, and with no match to link to yet a keyboard could not scroll it.
    <div class="bracket" role="group" aria-label={props.label} tabIndex={0}>
      {/* For the order of headings: the page's h2 above, the rounds' h4 below. */}
      <h3 class="bracket-h">{props.label}</h3>
      {props.draw.rounds.map((round) => (
        <div key={round.roundNo} class="round">
          <h4>{stageText(round.label, i18n)}</h4>
          <ol>
            {pairsOf(round.matches).map((pair) => (
              <li key={pair[0]?.bracketPos} class={`pair${pair.length === 1 ? " single" : ""}`}>
                {pair.map((position) => (
                  <BracketMatch key={position.bracketPos} position={position} tv={props.tv} />
                ))}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
