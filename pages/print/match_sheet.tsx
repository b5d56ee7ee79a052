/**
 * The score card of one match, as an umpire fills it in at the table: event, category, round or group, table,
 * time, both sides with their clubs, the first server to circle, a box per game for each side's points, time-outs
 * and cards, signatures, and two QR codes: the scoring page of the match for a scorer's phone, the match page
 * for spectators. Two fit on an A4 sheet (and on Letter).
 */
import type { EntryRecord } from "../../views/print_data.ts";
import { formatMatchTime, gamesToWin, stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";
import { QrCode } from "../qr.tsx";
import { ColumnHeads } from "./print_document.tsx";
import type { Match } from "../view_types.ts";

/** A match with what its card prints around it. */
export interface SheetMatch {
  match: Match;
  eventName: string;
  categoryName: string;
  home: EntryRecord | undefined;
  away: EntryRecord | undefined;
  /** Whether times say their day (an event of more than one day). */
  withDay: boolean;
}

/** The card's CSS: each card is at most 127 mm high, half of Letter's printable height. */
export const MATCH_SHEET_CSS = `
.card{height:127mm;display:grid;grid-template-columns:1fr 34mm;gap:3mm;padding:2mm 0;overflow:hidden}
.page.two .card+.card{border-top:.4mm dashed #000;padding-top:3mm}
.card header{display:flex;flex-wrap:wrap;gap:1mm 5mm;align-items:baseline;border-bottom:.5mm solid #000;
  padding-bottom:1mm;margin-bottom:2mm}
.card header .what{font-size:12pt;font-weight:700}
.card header .facts{font-size:10pt}
.card .facts b{font-size:12pt}
.card table{margin-bottom:2mm}
.card td.blank{height:8mm;min-width:11mm}
.card .sides td,.card .sides th{height:10mm}
.card .circle{display:inline-block;width:4.5mm;height:4.5mm;border:.3mm solid #000;border-radius:50%;
  vertical-align:middle;margin-right:1mm}
.card .box{display:inline-block;width:5mm;height:5mm;border:.3mm solid #000;vertical-align:middle;margin:0 .5mm}
.card .signs{display:grid;grid-template-columns:repeat(3,1fr);gap:4mm;margin-top:3mm}
.card .signs span{display:block;border-top:.3mm solid #000;padding-top:.5mm;margin-top:9mm;font-size:8pt}
.card aside{display:flex;flex-direction:column;gap:2mm;align-items:center;text-align:center;font-size:7pt}
.card aside svg.qr{width:30mm;height:30mm}
.card aside p{margin:0;word-break:break-all}
`;

/** A side's players, each with a circle for the first server, and their clubs. */
function SidePlayers(props: { entry: EntryRecord | undefined; name: string }) {
  if (!props.entry) return <span>{props.name}</span>;
  return (
    <>
      {props.entry.players.map((p) => (
        <div key={p.id}>
          <span class="circle" aria-hidden="true"></span>
          {p.displayName}
          {p.association !== null && <span class="club">{` · ${p.association}`}</span>}
        </div>
      ))}
    </>
  );
}

/** One match's card; `base` is the address phones reach the server by. */
export function MatchCard(props: { sheet: SheetMatch; base: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { match: m } = props.sheet;
  const games = Array.from({ length: m.bestOf }, (_, i) => i + 1);
  const when = formatMatchTime(m.scheduledAt, props.sheet.withDay, i18n);
  const scoreUrl = `${props.base}/score/${m.id}`;
  const followUrl = `${props.base}/m/${m.id}`;
  const sides = [
    { label: "A", entry: props.sheet.home, name: m.homeName },
    { label: "B", entry: props.sheet.away, name: m.awayName },
  ];
  return (
    <section
      class="card"
      data-match={m.id}
      aria-label={t("print.sheetLabel", { home: m.homeName, away: m.awayName })}
    >
      <div>
        <header>
          <span class="what">{props.sheet.categoryName} · {stageText(m.stageLabel, i18n)}</span>
          <span class="facts">
            {t("print.table")} <b>{m.tableNo ?? "___"}</b>
          </span>
          <span class="facts">
            {t("print.time")} <b>{when ?? "______"}</b>
          </span>
          <span class="facts">{t("print.bestOf", { n: m.bestOf, wins: gamesToWin(m.bestOf) })}</span>
          <span class="muted">{props.sheet.eventName}</span>
        </header>
        <table class="sides">
          <ColumnHeads
            names={[
              t("print.side"),
              t("print.players"),
              `#${t("print.timeout")}`,
              `#${t("print.cards")}`,
              `#${t("print.games")}`,
            ]}
          />
          <tbody>
            {sides.map((s) => (
              <tr key={s.label}>
                <th scope="row" class="num">{s.label}</th>
                <td>
                  <SidePlayers entry={s.entry} name={s.name} />
                </td>
                <td class="num">
                  <span class="box"></span>
                </td>
                <td class="num">
                  <span class="box"></span>
                  <span class="box"></span>
                  <span class="box"></span>
                  <span class="box"></span>
                </td>
                <td class="blank"></td>
              </tr>
            ))}
          </tbody>
        </table>
        <table class="games">
          <ColumnHeads names={[t("print.points"), ...games.map((g) => `#${t("print.game", { n: g })}`)]} />
          <tbody>
            {sides.map((s) => (
              <tr key={s.label}>
                <th scope="row">{s.label}</th>
                {games.map((g) => <td key={g} class="blank"></td>)}
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t("print.winner")}: ____________________________ {t("print.games")} ____ : ____</p>
        <div class="signs">
          <span>{t("print.umpire")}</span>
          <span>{t("print.sideA")}</span>
          <span>{t("print.sideB")}</span>
        </div>
      </div>
      <aside>
        <QrCode text={scoreUrl} label={t("print.scoreQr", { url: scoreUrl })} class="qr scorer" />
        <p>
          <strong>{t("print.scorer")}</strong>
          <br />
          {scoreUrl}
        </p>
        <QrCode text={followUrl} label={t("print.followQr", { url: followUrl })} class="qr follow" />
        <p>
          <strong>{t("print.followLive")}</strong>
          <br />
          {followUrl}
        </p>
      </aside>
    </section>
  );
}

/** The cards on pages, one or two to a page. */
export function MatchCards(props: { sheets: SheetMatch[]; base: string; perPage: 1 | 2 }) {
  const { t } = useI18n();
  const pages: SheetMatch[][] = [];
  for (let i = 0; i < props.sheets.length; i += props.perPage) {
    pages.push(props.sheets.slice(i, i + props.perPage));
  }
  return (
    <main id="sheets" data-count={String(props.sheets.length)}>
      {pages.length === 0 && <p class="flow">{t("print.noMatch")}</p>}
      {pages.map((page, i) => (
        <div key={i} class={props.perPage === 2 ? "page fixed two" : "page fixed"}>
          {page.map((s) => <MatchCard key={s.match.id} sheet={s} base={props.base} />)}
        </div>
      ))}
    </main>
  );
}
