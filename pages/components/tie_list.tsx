/**
 * The ties of a team event on the spectator pages (the event's and the category's), in the layout of ScoreList
 * (pages/components/match_table.tsx, whose styles it shares): the two teams one above the other, linking to the tie's
 * page, with the round and where the tie stands below, and the tie score beside them.
 */
import { type Tie, tiePath, tieStateLine } from "../tie_data.ts";
import { stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";

/**
 * The line of a match of a tie on its match page: which match of which tie it is, and where the tie stands, linking
 * to the tie's page. A region of its own: the tie moves with its other matches too.
 */
export function TieOfMatch(props: { tie: Tie; order: number | undefined }) {
  const { tie } = props;
  const i18n = useI18n();
  const score = `${tie.score.home}–${tie.score.away}`;
  const teams = i18n.t("tie.title", { home: tie.home?.name ?? "?", away: tie.away?.name ?? "?" });
  return (
    <p class="tie-of" data-region="tie-of">
      {props.order !== undefined && `${i18n.t("tie.matchOf", { order: String(props.order) })} `}
      <a href={tiePath(tie.id)}>{teams}</a>: {score} · {tieStateLine(tie, i18n)}
    </p>
  );
}

const SIDES = ["home", "away"] as const;

/** A phone's list of ties; `categoryOf` names each tie's category on a page that lists several. */
export function TieList(props: { ties: Tie[]; caption: string; categoryOf?: (tie: Tie) => string }) {
  const i18n = useI18n();
  const heads = [[i18n.t("list.tie"), undefined], [i18n.t("match.score"), "num"]] as const;
  return (
    <table class="scores ties">
      <caption class="sr">{props.caption}</caption>
      <thead>
        <tr>{heads.map(([name, cls]) => <th key={name} scope="col" class={cls}>{name}</th>)}</tr>
      </thead>
      <tbody>
        {props.ties.map((tie) => {
          const won = (side: "home" | "away") => tie.winnerId !== null && tie.winnerId === tie[side]?.id;
          const stage = tie.stageLabel ? stageText(tie.stageLabel, i18n) : "";
          const context = [props.categoryOf?.(tie) ?? "", stage, tieStateLine(tie, i18n)]
            .filter((t) => t !== "").join(" · ");
          return (
            <tr key={tie.id} data-tie={tie.id}>
              <th scope="row">
                <a href={tiePath(tie.id)}>
                  <span class={`side${won("home") ? " winner" : ""}`}>{tie.home?.name ?? "?"}</span>
                  <span class={`side${won("away") ? " winner" : ""}`}>{tie.away?.name ?? "?"}</span>
                </a>
                <span class="ctx">
                  {tie.status === "in_progress" && (
                    <span class="badge live">{i18n.t("match.badgeLive")}</span>
                  )} {context}
                </span>
              </th>
              <td class="num games">
                {SIDES.map((side) => <span key={side} class="side">{tie.score[side]}</span>)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
