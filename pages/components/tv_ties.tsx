/**
 * Ties of team events on the venue TV (pages/tv.tsx): a tie in play is one row with both teams, the tie score and
 * the match on now (its players under the teams, its games and points under the tie score); a tie that is over is
 * one row of the results with the tie score and its matches' scores. The matches of team categories are shown
 * through their ties only: the tie's own match has no games of its own, and its matches are in the tie's row.
 */
import { useI18n } from "../i18n/mod.ts";
import { currentTieMatch, type Tie } from "../tie_data.ts";
import type { CategorySummary } from "../view_types.ts";

/** The TV's styles of tie rows, beside its match tables' (same columns, the tie score larger). */
export const TV_TIES_CSS = `
table.ties td .tp{display:block;margin-top:.4vh;font-size:1.7vw;color:#b9c6d8;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis}
table.ties td .tp.won{color:#ffd400}
table.ties .tie-sc{display:block;font-size:3.2vw;font-weight:800;color:#fff}
table.ties .tie-now{display:block;margin-top:.4vh;font-size:1.7vw;color:#b9c6d8}
table.ties .tie-now .games{color:#fff}
table.ties .tie-now .points{font-size:1.7vw}
table.ties tr.tie-row td{border-left:0;background:rgba(255,255,255,.04)}
`;

/** The ties in play by table, or those over newest first, at most `limit`. */
export function tvTies(ties: readonly Tie[], which: "live" | "done", limit: number): Tie[] {
  if (which === "live") {
    return ties.filter((t) => t.status === "in_progress")
      .sort((a, b) => (a.tableNo ?? Infinity) - (b.tableNo ?? Infinity)).slice(0, limit);
  }
  return ties.filter((t) => t.status === "completed")
    .sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? "")).slice(0, limit);
}

/** The TV's table of ties, in play (`live`) or over; nothing when there are none. */
export function TvTieTable(
  props: { ties: Tie[]; categories: readonly CategorySummary[]; live: boolean; caption: string },
) {
  if (props.ties.length === 0) return null;
  const { t } = useI18n();
  const categoryName = (id: string) => props.categories.find((c) => c.id === id)?.name ?? "";
  return (
    <div class="scroll">
      <table class={`matches ties${props.live ? " live" : ""}`}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.live && <th scope="col">{t("list.table")}</th>}
            <th scope="col">{t("list.category")}</th>
            <th scope="col" class="num">{t("list.home")}</th>
            <th scope="col" class="score">{t("list.tie")}</th>
            <th scope="col">{t("list.away")}</th>
          </tr>
        </thead>
        <tbody>
          {props.ties.map((tie) => (
            <TieRow key={tie.id} tie={tie} category={categoryName(tie.subeventId)} live={props.live} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TieRow(props: { tie: Tie; category: string; live: boolean }) {
  const { tie } = props;
  const current = props.live ? currentTieMatch(tie) : null;
  const m = current?.match ?? null;
  const side = (s: "home" | "away") => {
    const team = tie[s];
    const won = tie.winnerId !== null && tie.winnerId === team?.id;
    const matchWon = m !== null && m.winnerId !== null && m.winnerId === (s === "home" ? m.homeId : m.awayId);
    return (
      <td class={`${s === "home" ? "num home" : "away"}${won ? " winner" : ""}`}>
        <span class="n">{team?.name ?? "?"}</span>
        {m && <span class={`tp${matchWon ? " won" : ""}`}>{s === "home" ? m.homeName : m.awayName}</span>}
      </td>
    );
  };
  const detail = props.live ? null : tie.matches.filter((t) => t.match !== null && t.status === "completed")
    .map((t) => `${t.match!.gamesWon.home}-${t.match!.gamesWon.away}`).join(", ");
  return (
    <tr class="tie-row" data-tie={tie.id}>
      {props.live && <td class="table-no">{m?.tableNo ?? tie.tableNo ?? "–"}</td>}
      <td class="cat">{props.category}</td>
      {side("home")}
      <td class="score">
        <span class="tie-sc">{tie.score.home}–{tie.score.away}</span>
        {m && m.status === "in_progress" && (
          <span class="tie-now">
            M{current!.order} <span class="games">{m.gamesWon.home}–{m.gamesWon.away}</span>
            <span class="points">{m.currentGame.home}–{m.currentGame.away}</span>
          </span>
        )}
        {m && m.status !== "in_progress" && <span class="tie-now">Match {current!.order} next</span>}
        {detail && <span class="tie-now">{detail}</span>}
      </td>
      {side("away")}
    </tr>
  );
}
