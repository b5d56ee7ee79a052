/**
 * `/overlay/bracket/{slug}`: the knockout bracket the producer picked on the stream panel (domain/
 * stream_state.ts `picks`; else the event's first category with a locked draw), over the stream: its current
 * rounds, from the first round with a match still to play, as columns (pages/components/bracket.tsx with the
 * venue TV's look, pages/tv_bracket.tsx). From a distance (`?distance=&diagonal=`, pages/overlay_far.ts) the
 * current round's matches alone, as cards in two columns in one text size that reaches 16 arcminutes there,
 * paged when the round is longer than the screen.
 */
import { Bracket, BRACKET_CSS } from "./components/bracket.tsx";
import { drawSideText, resultReasonMark, stageText } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import { farOverlayCss, pagesOf, rowsThatFit } from "./overlay_far.ts";
import { OverlayDocument } from "./overlay_document.tsx";
import type { OverlayParams } from "./overlay_params.ts";
import { TV_BRACKET_CSS } from "./tv_bracket.tsx";
import type { TvDistance } from "./tv_distance.ts";
import type { Draw, DrawMatch } from "./view_types.ts";

/** Rounds drawn as columns on the stream: the current one and the two after it. */
export const OVERLAY_BRACKET_ROUNDS = 3;

const CSS = `
.kbr{width:min(1400px,calc(100vw - 48px));height:min(620px,calc(100vh - 96px));display:flex;flex-direction:column;
  background:var(--panel);border-radius:10px;overflow:hidden;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.kbr h1{margin:0;padding:6px 14px;font-size:17px;text-transform:uppercase;letter-spacing:.04em;color:#cfd8e6;
  background:rgba(255,255,255,.08);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.kbr .tvb{padding:10px 14px}
.kbr .bm{background:rgba(0,0,0,.25)}
.kbr .cards{list-style:none;margin:0;padding:.3vh 1vw;display:grid;grid-template-columns:1fr 1fr;gap:.4vh 1.5vw;
  grid-auto-rows:max-content}
.kbr .card{display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:1vw;border-inline-start:.5vw solid #3b4c63;
  padding:0 .6vw}
.kbr .card.live{border-inline-start-color:#ff5a5f}
.kbr .card .n{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.kbr .card .won{color:var(--accent)}
.kbr .card .open{color:#b8c4d6}
.kbr .card .g{text-align:end;font-variant-numeric:tabular-nums}
body.far .kbr{position:absolute;inset:0;width:auto;height:auto;border-radius:0}
body.far .kbr h1{padding:.3vh 1vw;text-transform:none;letter-spacing:0}
`;

/** A position where a match is played (no bye on either side). */
function isMatch(p: DrawMatch): boolean {
  return p.home.kind !== "bye" && p.away.kind !== "bye";
}

/**
 * The index of the current round: the first with a match not completed; the final when all are.
 * @example currentRound(draw) // 2 while a quarter-final of a draw of 32 is still to play
 */
export function currentRound(draw: Draw): number {
  const i = draw.rounds.findIndex((r) =>
    r.matches.some((p) => isMatch(p) && p.match?.status !== "completed")
  );
  return i === -1 ? Math.max(0, draw.rounds.length - 1) : i;
}

/** The rounds drawn as columns: from the current one (or the semi-finals, at the end) on. */
export function shownRounds(draw: Draw): Draw["rounds"] {
  const from = Math.max(0, Math.min(currentRound(draw), draw.rounds.length - 2));
  return draw.rounds.slice(from, from + OVERLAY_BRACKET_ROUNDS);
}

/** What the overlay shows: the category's name and its draw, or null when the event has no locked draw. */
export interface BracketPick {
  category: string;
  draw: Draw;
}

/** A match of the current round as a card of two lines: each side's name and games. */
function Card(props: { position: DrawMatch }) {
  const i18n = useI18n();
  const { home, away, match: m } = props.position;
  const played = m !== null && m.status !== "scheduled";
  const walkover = m?.resultReasonCode === "walkover";
  const line = (which: "home" | "away") => {
    const side = which === "home" ? home : away;
    const won = m !== null && m.winnerId !== null && m.winnerId === (which === "home" ? m.homeId : m.awayId);
    const games = !played
      ? ""
      : walkover
      ? (won ? resultReasonMark("walkover", i18n) : "")
      : m.gamesWon[which];
    return (
      <>
        <span class={`n${won ? " won" : ""}${side.kind === "entry" ? "" : " open"}`}>
          {drawSideText(side, i18n)}
        </span>
        <span class="g">{games}</span>
      </>
    );
  };
  return (
    <li class={`card${m?.status === "in_progress" ? " live" : ""}`} data-match={m?.id}>
      {line("home")}
      {line("away")}
    </li>
  );
}

/** The current rounds as columns, with the venue TV's look. */
function Columns(props: { pick: BracketPick }) {
  const { t } = useI18n();
  const rounds = shownRounds(props.pick.draw);
  const first = rounds[0]?.matches.length ?? 1;
  return (
    <div class="kbr" data-category-id={props.pick.draw.subeventId}>
      <h1>{t("draw.heading", { category: props.pick.category })}</h1>
      <div class={`tvb m${Math.min(8, first)} r${rounds.length}`}>
        <Bracket draw={{ ...props.pick.draw, rounds }} label={props.pick.category} tv />
      </div>
    </div>
  );
}

/** The current round's matches as cards, a page of them at a time. */
function farPages(pick: BracketPick, distance: TvDistance) {
  const round = pick.draw.rounds[currentRound(pick.draw)];
  // Two columns of cards of two lines each under the heading.
  return { round, pages: pagesOf(round?.matches.filter(isMatch) ?? [], 2 * rowsThatFit(distance, 2, 1)) };
}

function FarCards(props: { pick: BracketPick; distance: TvDistance }) {
  const i18n = useI18n();
  const { round, pages } = farPages(props.pick, props.distance);
  const title = `${props.pick.category} · ${round ? stageText(round.label, i18n) : ""}`;
  return (
    <>
      {pages.map((cards, i) => (
        <div key={i} class="kbr far-page" data-page={i} data-category-id={props.pick.draw.subeventId}>
          <h1>
            {title}
            {pages.length > 1 && ` ${i + 1}/${pages.length}`}
          </h1>
          <ol class="cards">{cards.map((p) => <Card key={p.bracketPos} position={p} />)}</ol>
        </div>
      ))}
    </>
  );
}

/** The bracket overlay page; transparent with nothing to show. */
export function BracketOverlayPage(props: {
  nonce: string;
  params: OverlayParams;
  watch: string;
  pick: BracketPick | null;
  distance: TvDistance | null;
}) {
  const { t } = useI18n();
  const { pick, distance } = props;
  const farCss = pick && distance
    ? CSS + farOverlayCss(distance, farPages(pick, distance).pages.length)
    : null;
  return (
    <OverlayDocument
      title={pick?.category ?? t("tv.viewBracket")}
      nonce={props.nonce}
      params={props.params}
      watch={props.watch}
      css={farCss ?? BRACKET_CSS + TV_BRACKET_CSS + CSS}
      bodyClass={farCss ? "far" : undefined}
    >
      {pick && (distance ? <FarCards pick={pick} distance={distance} /> : <Columns pick={pick} />)}
    </OverlayDocument>
  );
}
BracketOverlayPage.translated = true as const;
