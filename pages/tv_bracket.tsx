/**
 * The venue TV's bracket view: one page per knockout category with a locked draw, shown in turn
 * (client/tv_rotation.ts pages through them). Each page draws the category's public draw (views/draw.ts, as the
 * API's `/subevents/{id}/draw` and the category's page show it) with pages/components/bracket.tsx, fitted to the
 * screen: at most the last four rounds (from the round of 16 on) as columns, sized by the room the view has (CSS
 * container units), and the earlier rounds of a larger draw summarised above it in one line each, with their
 * matches in play named. A match in play is highlighted, with its running game and who serves; a walkover says
 * W/O and a bye says Bye.
 */
import { Bracket } from "./components/bracket.tsx";
import { stageText } from "./format.ts";
import { useI18n } from "./i18n/mod.ts";
import type { CategorySummary, Draw, DrawMatch } from "./view_types.ts";

/** Rounds drawn as columns: from the round of 16 on (eight matches in the first column at most). */
export const TV_BRACKET_ROUNDS = 4;
/** Knockout categories the bracket view pages through; more are on the event page. */
export const TV_MAX_BRACKETS = 12;

/** The rounds drawn as columns and the earlier ones summarised, of a draw on the TV. */
export function bracketWindow(draw: Draw): { shown: Draw["rounds"]; earlier: Draw["rounds"] } {
  const from = Math.max(0, draw.rounds.length - TV_BRACKET_ROUNDS);
  return { shown: draw.rounds.slice(from), earlier: draw.rounds.slice(0, from) };
}

/** What an earlier round's line says: its matches (byes are none), how many are played and which are in play. */
export interface RoundSummary {
  label: string;
  matches: number;
  played: number;
  live: DrawMatch[];
}

/**
 * An earlier round in numbers: a position with a bye on either side is no match.
 * @example summarizeRound(round64) // { label: "Round of 64", matches: 28, played: 20, live: [...] }
 */
export function summarizeRound(round: Draw["rounds"][number]): RoundSummary {
  const matches = round.matches.filter((p) => p.home.kind !== "bye" && p.away.kind !== "bye");
  return {
    label: round.label,
    matches: matches.length,
    played: matches.filter((p) => p.match?.status === "completed").length,
    live: matches.filter((p) => p.match?.status === "in_progress"),
  };
}

/** Matches in play of the earlier rounds named on their line; more are counted. */
const EARLIER_LIVE_SHOWN = 3;

/** The earlier rounds of a large draw, a line each: "Round of 64: 30 of 32 played · in play: A v B 1–0". */
function EarlierRounds(props: { rounds: Draw["rounds"] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <ul class="tvb-earlier" aria-label={t("draw.earlier")}>
      {props.rounds.map(summarizeRound).map((r) => (
        <li key={r.label}>
          <b>{stageText(r.label, i18n)}</b>: {t("draw.played", { played: r.played, count: r.matches })}
          {r.live.length > 0 && `, ${t("draw.inPlay")}`}
          {r.live.slice(0, EARLIER_LIVE_SHOWN).map(({ match: m }) =>
            m && (
              <span key={m.id} class="live" data-match={m.id}>
                {m.tableNo !== null && (
                  <span class="table-no">{t("draw.tableShort", { table: m.tableNo })}</span>
                )} {t("list.versus", { home: m.homeName, away: m.awayName })}{" "}
                <b>{m.gamesWon.home}–{m.gamesWon.away}</b>
              </span>
            )
          )}
          {r.live.length > EARLIER_LIVE_SHOWN && (
            <span>{t("draw.moreInPlay", { count: r.live.length - EARLIER_LIVE_SHOWN })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The categories the bracket view shows, in the event's order: those with a locked draw. */
export function drawnCategories(
  categories: readonly CategorySummary[],
): (CategorySummary & { draw: Draw })[] {
  return categories.filter((c): c is CategorySummary & { draw: Draw } => c.draw !== null).slice(
    0,
    TV_MAX_BRACKETS,
  );
}

/**
 * The bracket view's pages (`.tv-page`, pages/tv.tsx), one per drawn category; `<body data-page>` names the one on
 * screen. The bracket's
 * size classes say how many matches its first column has (`m8`) and how many columns (`r4`): the CSS fits the
 * text to both.
 */
export function TvBrackets(props: { categories: readonly CategorySummary[] }) {
  const { t } = useI18n();
  const drawn = drawnCategories(props.categories);
  return (
    <>
      {drawn.map((c, i) => {
        const { shown, earlier } = bracketWindow(c.draw);
        const first = shown[0]?.matches.length ?? 1;
        return (
          <div key={c.id} class="tv-page tvb-page" data-page={i} data-category-id={c.id}>
            <h2>
              {t("draw.heading", { category: c.name })}
              {drawn.length > 1 && (
                <>
                  {" "}
                  <span class="of">{i + 1}/{drawn.length}</span>
                </>
              )}
            </h2>
            {earlier.length > 0 && <EarlierRounds rounds={earlier} />}
            <div class={`tvb m${first} r${shown.length}`}>
              <Bracket draw={{ ...c.draw, rounds: shown }} label={t("draw.of", { category: c.name })} tv />
            </div>
          </div>
        );
      })}
    </>
  );
}

/** The bracket view's CSS, after the bracket's own (BRACKET_CSS), for the TV's dark screen. */
export const TV_BRACKET_CSS = `
.tvb-page h2 .of{margin-inline-start:1vw;color:#7f8fa6;font-size:.7em}
.tvb-earlier{list-style:none;margin:0 0 1.2vh;padding:0;font-size:1.5vw;color:#b9c6d8;display:flex;flex-direction:column;
  gap:.4vh}
.tvb-earlier li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tvb-earlier b{color:#fff}
.tvb-earlier .live{margin-inline-start:1.5vw;padding:0 .5vw;border-inline-start:.3vw solid #ff5a5f;color:#fff}
.tvb{flex:1;min-height:0;container-type:size}
${
  [1, 2, 4, 8].map((m) => `.tvb.m${m} .bracket{--fh:calc(100cqh / ${(3.7 * m + 2.2).toFixed(1)})}`).join("\n")
}
${[1, 2, 3, 4].map((r) => `.tvb.r${r} .bracket{--fw:calc(100cqw / ${r * 18})}`).join("\n")}
.tvb .bracket{height:100%;gap:1.2em;padding:0;overflow:hidden;line-height:1.2;
  font-size:min(var(--fh),var(--fw),2.6vw)}
.tvb .round{flex:1;min-width:0;max-width:none}
.tvb .round>h4{font-size:.8em;line-height:1.2;color:#b9c6d8;margin:0 0 .3em;text-transform:uppercase;
  letter-spacing:.04em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tvb .slot{margin:.25em 0}
.tvb .round:not(:last-child) .pair::after{inset-inline-end:-.6em;border-inline-end:.08em solid #3b4c63}
.tvb .round:not(:last-child) .slot::after,.tvb .round+.round .slot::before{width:.6em;border-top:.08em solid #3b4c63}
.tvb .round:not(:last-child) .slot::after{inset-inline-end:-.6em}
.tvb .round+.round .slot::before{inset-inline-start:-.6em}
.tvb .bm{background:#0f2136;border:.08em solid #3b4c63;border-radius:.25em;color:#fff}
.tvb .bm .side{padding:.15em .4em;gap:.4em;align-items:center}
.tvb .bm .side+.side{border-top:.05em solid #3b4c63}
.tvb .bm .n{flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tvb .bm .club{display:none}
.tvb .bm .seed{color:#b9c6d8}
.tvb .bm .side.winner{color:#ffd400}
.tvb .bm .side.open{color:#7f8fa6}
.tvb .bm.live{border-color:#ff5a5f;box-shadow:0 0 0 .12em #ff5a5f}
.tvb .bm .p{background:#ffd400;color:#101010;border-radius:.2em;padding:0 .3em;font-weight:800;min-width:1.6em;
  text-align:center}
.tvb .bm .g{min-width:1.4em;text-align:end;font-weight:800}
`;
