/**
 * A group's sheet, one A4 page: the players numbered in the draw's order with clubs and seeds, a results grid
 * (each cell the games of the row's player against the column's), columns for matches won, match points and the
 * place, and the order of the group's matches (Berger rounds) with table, time and result. Blank for the desk to
 * fill in, or filled with the results and standings so far, the place's ITTF 3.7.5 step noted. A group of more
 * than 6 has a narrower grid and its order of play goes on over as many more pages as it needs.
 */
import type { EntryRecord, GroupRecord } from "../../views/print_data.ts";
import { formatMatchTime, gamesToWin } from "../format.ts";
import { type I18n, useI18n } from "../i18n/mod.ts";
import type { TextKey } from "../i18n/catalog.ts";
import { QrCode } from "../qr.tsx";
import { gameScoresText } from "./game_scores.ts";
import { ColumnHeads } from "./print_document.tsx";
import type { GroupStandings, Match } from "../view_types.ts";

/** The sheet's CSS. */
export const GROUP_SHEET_CSS = `
.group header{display:grid;grid-template-columns:1fr 26mm;gap:3mm;align-items:start;margin-bottom:2mm}
.group header svg.qr{width:26mm;height:26mm}
.group header p{margin:0}
.group .grid td,.group .grid th{height:9mm}
.group .grid td.self{background:#777}
.group .grid .name{min-width:45mm}
.group .order td,.group .order th,.group-more .order td,.group-more .order th{height:6.5mm;padding:.3mm 1.2mm}
.group .note{font-size:8pt;margin:1mm 0 3mm}
.group .order td.result,.group-more .order td.result{white-space:nowrap;font-size:8.5pt}
.wide .grid td,.wide .grid th{height:7mm;padding:.3mm .6mm;font-size:8pt;line-height:1.1}
.wide .grid .name{min-width:34mm;max-width:44mm;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wide .grid .club{font-size:6.5pt;overflow:hidden;text-overflow:ellipsis}
.wide .order{table-layout:fixed;width:100%}
.wide .order td,.wide .order th{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wide .order td.result{font-size:7.5pt}
.wide .order col.rd{width:9mm}
.wide .order col.m{width:17mm}
.wide .order col.n{width:13mm}
.wide .order col.r{width:50mm}
`;

/** The order of play's rows the first page of a group of more than 6 holds, and each page after it. */
const WIDE_FROM = 7;
const MORE_ROWS = 30;

/**
 * How many rows of the order of play fit under the grid of `members` on the first page (190 × 259 mm): the
 * header (28 mm), the grid's caption and heads (12 mm) and its rows (7 mm), the note (16 mm) and the order's
 * caption and heads (12 mm), rows of 6.5 mm, with 12 mm to spare for names that wrap.
 * @example firstPageRows(9) // 18
 */
export function firstPageRows(members: number): number {
  return Math.max(0, Math.floor((259 - 28 - 12 - 7 * members - 16 - 12 - 12) / 6.5));
}

/** What the ITTF 3.7.5 step that fixed a place is called on paper (none for the match points alone). */
const DECIDED_BY: Record<string, TextKey> = {
  head_to_head_match_points: "print.decidedH2h",
  games_ratio: "print.decidedGames",
  points_ratio: "print.decidedPoints",
  lot: "print.decidedLot",
  tied: "print.decidedTied",
  withdrawn: "print.decidedWithdrawn",
};

/** The games of a decided match as the row's side saw it: "3:1", "w/o", "ret." marked. */
function cellResult(m: Match, rowEntry: string, { t }: I18n): string {
  const home = m.homeId === rowEntry;
  const won = home ? m.gamesWon.home : m.gamesWon.away;
  const lost = home ? m.gamesWon.away : m.gamesWon.home;
  const mark = m.resultReasonCode === "retired" ? ` ${t("print.retMark")}` : "";
  return m.resultReasonCode === "walkover"
    ? (m.winnerId === rowEntry ? t("print.woMark") : `–${t("print.woMark")}`)
    : `${won}:${lost}${mark}`;
}

/** A decided match in the order of play: the games and game scores, or the walkover and to whom. */
function orderResult(m: Match, i18n: I18n): string {
  if (m.resultReasonCode === "walkover") {
    return i18n.t("print.woTo", { name: m.winnerId === m.homeId ? m.homeName : m.awayName });
  }
  return `${m.gamesWon.home}:${m.gamesWon.away} (${gameScoresText(m, i18n)})`;
}

/** One group's page. */
export function GroupSheet(props: {
  eventName: string;
  categoryName: string;
  bestOf: number;
  group: GroupRecord;
  standings: GroupStandings | undefined;
  matches: Match[];
  entries: Map<string, EntryRecord>;
  filled: boolean;
  withDay: boolean;
  followUrl: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const group = t("stage.group", { name: props.group.name });
  const members = props.group.members.map((m) => m.entryId);
  const number = new Map(members.map((id, i) => [id, i + 1]));
  const between = (a: string, b: string) =>
    props.matches.find((m) => (m.homeId === a && m.awayId === b) || (m.homeId === b && m.awayId === a));
  const rows = new Map((props.standings?.rows ?? []).map((r) => [r.entry.id, r]));
  const order = props.matches.toSorted((a, b) => a.roundNo - b.roundNo || a.bracketPos - b.bracketPos);
  const decided = (m: Match | undefined) => props.filled && m !== undefined && m.winnerId !== null;
  const wide = members.length >= WIDE_FROM;
  const first = wide ? firstPageRows(members.length) : order.length;
  const more: Match[][] = [];
  for (let i = first; i < order.length; i += MORE_ROWS) more.push(order.slice(i, i + MORE_ROWS));
  const orderTable = (rows: Match[], caption: string) => (
    <table class="order">
      <caption class="muted">{caption}</caption>
      {wide && (
        <colgroup>
          <col class="rd" />
          <col class="m" />
          <col />
          <col class="n" />
          <col class="n" />
          <col class="r" />
        </colgroup>
      )}
      <ColumnHeads
        names={[
          `#${t(wide ? "print.roundShort" : "print.round")}`,
          `#${t("print.match")}`,
          t("print.playersCol"),
          `#${t("print.table")}`,
          `#${t("print.time")}`,
          t("print.result"),
        ]}
      />
      <tbody>
        {rows.map((m) => (
          <tr key={m.id}>
            <td class="num">{m.roundNo}</td>
            <td class="num">
              {t("list.versus", {
                home: String(number.get(m.homeId) ?? "?"),
                away: String(number.get(m.awayId) ?? "?"),
              })}
            </td>
            <td>{t("list.versus", { home: m.homeName, away: m.awayName })}</td>
            <td class="num">{m.tableNo ?? ""}</td>
            <td class="num">{formatMatchTime(m.scheduledAt, props.withDay, i18n) ?? ""}</td>
            <td class="result">{decided(m) && <span dir="ltr">{orderResult(m, i18n)}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      <section class={`page fixed group${wide ? " wide" : ""}`} data-group={props.group.id}>
        <header>
          <div>
            <h1>{props.categoryName} · {group}</h1>
            <p>
              {props.eventName} · {t("print.bestOf", { n: props.bestOf, wins: gamesToWin(props.bestOf) })} ·
              {" "}
              {t(props.filled ? "print.resultsSoFar" : "print.toFillIn")}
            </p>
          </div>
          <QrCode text={props.followUrl} label={t("print.qrCategory", { url: props.followUrl })} />
        </header>
        <table class="grid">
          <caption class="muted">{t("print.gridCaption")}</caption>
          <ColumnHeads
            names={[
              `#${t("print.no")}`,
              t("print.playerAndClub"),
              `#${t("print.seed")}`,
              ...members.map((_, i) => `#${i + 1}`),
              `#${t("print.won")}`,
              `#${t("print.pts")}`,
              `#${t("print.place")}`,
            ]}
          />
          <tbody>
            {members.map((id, i) => {
              const entry = props.entries.get(id);
              const row = props.filled ? rows.get(id) : undefined;
              const decidedBy = row && Object.hasOwn(DECIDED_BY, row.decidedBy)
                ? DECIDED_BY[row.decidedBy]
                : undefined;
              const note = decidedBy ? t(decidedBy) : "";
              return (
                <tr key={id}>
                  <td class="num">{i + 1}</td>
                  <th scope="row" class="name">
                    {entry?.name ?? id}
                    {entry?.association && <div class="club">{entry.association}</div>}
                  </th>
                  <td class="num">{entry?.seed ?? ""}</td>
                  {members.map((other, j) => {
                    if (i === j) return <td key={j} class="self"></td>;
                    const m = between(id, other);
                    return <td key={j} class="num">{decided(m) ? cellResult(m!, id, i18n) : ""}</td>;
                  })}
                  <td class="num">{row ? row.won : ""}</td>
                  <td class="num">{row ? row.matchPoints : ""}</td>
                  <td class="num">
                    {row ? `${row.position}${row.tied ? "=" : ""}` : ""}
                    {note && <div class="club">{note}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p class="note">{t("print.groupNote")}</p>
        {first > 0 &&
          orderTable(
            order.slice(0, first),
            t(more.length > 0 ? "print.orderContinued" : "print.orderOfPlay"),
          )}
      </section>
      {more.map((rows, i) => (
        <section key={i} class="page fixed group-more wide" data-group={props.group.id}>
          <h2>
            {t("print.groupPage", {
              category: props.categoryName,
              group,
              page: i + 2,
              pages: more.length + 1,
            })}
          </h2>
          {orderTable(rows, t(i + 1 < more.length ? "print.orderContinued" : "print.orderEnd"))}
        </section>
      ))}
    </>
  );
}
