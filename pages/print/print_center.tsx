/**
 * /t/{slug}/print: the print menu of an event, one click from /manage ("Links to open"): every sheet of the
 * event, of each category, of each knockout round and group, of each table and each day, as links. The match
 * sheets open with the admin token /manage keeps in this browser; the other sheets hold public data only.
 */
import { localDayAndClock } from "./match_selection.ts";
import type { PrintEvent } from "../../views/print_data.ts";
import { PrintDocument, type SheetKind } from "./print_document.tsx";
import { stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";

const PRINT_CENTER: SheetKind = {
  name: "print.kindPrintCenter",
  paper: "A4 portrait",
  css: `.menu{max-width:60rem;margin:1rem auto;padding:0 1rem;font-size:15px;line-height:1.6}
.menu h2{margin-top:1.2rem}.menu ul{margin:.2rem 0;padding-inline-start:1.2rem}.menu a{color:#0b4fb3}`,
};

/** The menu; `query` is appended to every match-sheet link (the address the QR codes point at). */
export function PrintCenterPage(props: { nonce: string; data: PrintEvent; query: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { event, categories } = props.data;
  const at = (path: string) => `/t/${encodeURIComponent(event.slug)}/print/${path}`;
  const sheets = (q: string) => at(`matches?${q}${props.query}`);
  const matches = categories.flatMap((c) => c.view.matches).filter((m) => m.status !== "completed");
  const tables = [...new Set(matches.flatMap((m) => m.tableNo === null ? [] : [m.tableNo]))].sort((a, b) =>
    a - b
  );
  const days = [
    ...new Set(matches.flatMap((m) => m.scheduledAt ? [localDayAndClock(m.scheduledAt).day] : [])),
  ]
    .sort();
  // A table's matches and a day's (a session), each as match sheets and as an order of play.
  const slices = [
    ...tables.map((n) => ({ label: t("list.tableNo", { table: n }), q: `table=${n}` })),
    ...days.map((d) => ({ label: d, q: `day=${d}` })),
  ];
  return (
    <PrintDocument nonce={props.nonce} kind={PRINT_CENTER} about={event.name}>
      <main class="menu">
        <h1>{t("print.centerTitle")}</h1>
        <p>{t("print.centerHelp")}</p>
        <h2>{t("print.centerEvent")}</h2>
        <ul>
          <li>
            <a href={sheets("")}>{t("print.allSheets")}</a>{" "}
            (<a href={sheets("per=2&")}>{t("print.twoAPage")}</a>)
          </li>
          <li>
            <a href={at("results")}>{t("print.resultsLists")}</a> (<a href={at("results.csv")}>CSV</a>)
          </li>
          <li>
            <a href={at("order")}>{t("print.orderOfPlay")}</a>
          </li>
        </ul>
        {slices.length > 0 && <h2>{t("print.tablesAndDays")}</h2>}
        <ul>
          {slices.map((x) => (
            <li key={x.q}>
              {x.label}: <a href={sheets(`${x.q}&`)}>{t("print.kindMatchSheets")}</a> ·{" "}
              <a href={at(`order?${x.q}`)}>{t("print.kindOrderOfPlay")}</a>
            </li>
          ))}
        </ul>
        {categories.map(({ view }) => {
          const q = `category=${view.id}`;
          const rounds = [
            ...new Set(view.matches.filter((m) => m.stage === "knockout").map((m) => m.roundNo)),
          ];
          return (
            <section key={view.id}>
              <h2>{view.name}</h2>
              <ul>
                <li>
                  <a href={sheets(`${q}&`)}>{t("print.matchSheets")}</a> ·{" "}
                  <a href={at(`results?${q}`)}>{t("print.resultsList")}</a>{" "}
                  (<a href={at(`results.csv?${q}`)}>CSV</a>)
                  {view.draw && (
                    <>
                      {" "}· <a href={at(`draw?${q}`)}>{t("print.kindDraw")}</a> (
                      <a href={at(`draw?${q}&size=a3`)}>{t("print.a3")}</a>)
                    </>
                  )}
                </li>
                {view.groups.length > 0 && (
                  <li>
                    {t("print.groupSheets")}: <a href={at(`groups?${q}`)}>{t("print.blank")}</a> ·{" "}
                    <a href={at(`groups?${q}&filled=1`)}>{t("print.withResults")}</a>
                  </li>
                )}
                {rounds.sort((a, b) => a - b).map((r) => {
                  const label = view.matches.find((m) => m.stage === "knockout" && m.roundNo === r)
                    ?.stageLabel;
                  return (
                    <li key={r}>
                      {label === undefined ? "" : stageText(label, i18n)}:{" "}
                      <a href={sheets(`${q}&round=${r}&`)}>{t("print.kindMatchSheets")}</a>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </main>
    </PrintDocument>
  );
}
PrintCenterPage.translated = true as const;
