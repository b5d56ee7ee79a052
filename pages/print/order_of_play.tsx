/**
 * /t/{slug}/print/order: the order of play of the matches not started whose players are known, with the tables
 * and times already set on them (the desk's or the scheduler's), in the order the hall is told
 * (domain/order_of_play.ts); a day at a time (`?day=`, the session) and one table (`?table=`) when asked, each
 * day from a new page. Rows never split; the head repeats on each page.
 */
import { playOrder } from "../../domain/order_of_play.ts";
import { inSession, localDayAndClock, type MatchSelection } from "./match_selection.ts";
import type { PrintEvent } from "../../views/print_data.ts";
import { ColumnHeads, PrintDocument, SheetHeading, type SheetKind } from "./print_document.tsx";
import type { Match } from "../view_types.ts";
import { useI18n } from "../i18n/mod.ts";
import { stageText } from "../format.ts";

const ORDER_OF_PLAY: SheetKind = {
  name: "print.kindOrderOfPlay",
  paper: "A4 portrait",
  css: `.day+.day{break-before:page}.day td{height:8mm}.tie-part td{font-size:.92em;color:#333}` +
    `.tie-part td:last-child{padding-left:6mm}`,
};

/** The heading of the matches without a time, listed after the days. */
const NO_TIME = "no time set";

/**
 * The days in order, the matches without a time last: the order of play follows the expected starts, which
 * may put a match planned before midnight after one planned past it, so the order the days are met in is not
 * always theirs.
 */
const byDay = ([a]: [string, unknown], [b]: [string, unknown]) =>
  Number(a === NO_TIME) - Number(b === NO_TIME) || (a < b ? -1 : a > b ? 1 : 0);

/** The page. */
export function OrderOfPlayPage(
  props: { nonce: string; data: PrintEvent; selection: MatchSelection; followUrl: string },
) {
  const i18n = useI18n();
  const { t } = i18n;
  const { event, categories } = props.data;
  const s = props.selection;
  const category = new Map(categories.map((c) => [c.view.id, c]));
  const matches = categories.flatMap((c) => c.view.matches).filter((m) =>
    m.status === "scheduled" && (s.table === undefined || m.tableNo === s.table) && inSession(m, s)
  ).sort(playOrder);
  const days = new Map<string, Match[]>();
  for (const m of matches) {
    const day = m.scheduledAt === null ? NO_TIME : localDayAndClock(m.scheduledAt).day;
    days.set(day, [...(days.get(day) ?? []), m]);
  }
  const club = (m: Match, id: string) => category.get(m.subeventId)?.entries.get(id)?.association;
  const side = (m: Match, name: string, id: string) => club(m, id) ? `${name} (${club(m, id)})` : name;
  // A tie's matches read as the tie's (indented under it), and a tie on two tables names both of its tables.
  const tieTables = new Map<string, Set<number>>();
  for (const m of matches) {
    if (m.tieId && m.tableNo !== null) {
      tieTables.set(m.tieId, (tieTables.get(m.tieId) ?? new Set()).add(m.tableNo));
    }
  }
  const tableOf = (m: Match) =>
    [...new Set([...(m.tableNo === null ? [] : [m.tableNo]), ...(tieTables.get(m.id) ?? [])])]
      .sort((a, b) => a - b).join(", ");
  return (
    <PrintDocument nonce={props.nonce} kind={ORDER_OF_PLAY} about={event.name}>
      <main id="sheets">
        {days.size === 0 && <p class="flow">{t("print.noMatchToPlay")}</p>}
        {[...days].sort(byDay).map(([day, list]) => (
          <section key={day} class="flow day">
            <SheetHeading
              title={s.table === undefined
                ? t("print.orderTitle", { day: day === NO_TIME ? t("print.noTimeSet") : day })
                : t("print.orderTitleTable", {
                  day: day === NO_TIME ? t("print.noTimeSet") : day,
                  table: String(s.table),
                })}
              followUrl={props.followUrl}
            />
            <table>
              <ColumnHeads
                names={[
                  `#${t("print.time")}`,
                  `#${t("print.table")}`,
                  t("print.category"),
                  t("print.round"),
                  t("print.playersCol"),
                ]}
              />
              <tbody>
                {list.map((m) => (
                  <tr key={m.id} class={m.tieId ? "tie-part" : undefined}>
                    <td class="num">{m.scheduledAt === null ? "" : localDayAndClock(m.scheduledAt).clock}</td>
                    <td class="num">{tableOf(m)}</td>
                    <td>{category.get(m.subeventId)?.view.name}</td>
                    <td>{stageText(m.stageLabel, i18n)}</td>
                    <td>{side(m, m.homeName, m.homeId)} v {side(m, m.awayName, m.awayId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </main>
    </PrintDocument>
  );
}
OrderOfPlayPage.translated = true as const;
