/**
 * /t/{slug}/print: the print menu of an event, one click from /manage ("Links to open"): every sheet of the
 * event, of each category, of each knockout round and group, of each table and each day, as links. The match
 * sheets open with the admin token /manage keeps in this browser; the other sheets hold public data only.
 */
import { localDayAndClock } from "./match_selection.ts";
import type { PrintEvent } from "../../views/print_data.ts";
import { PrintDocument, type SheetKind } from "./print_document.tsx";

const PRINT_CENTER: SheetKind = {
  name: "print.kindPrintCenter",
  paper: "A4 portrait",
  css: `.menu{max-width:60rem;margin:1rem auto;padding:0 1rem;font-size:15px;line-height:1.6}
.menu h2{margin-top:1.2rem}.menu ul{margin:.2rem 0;padding-left:1.2rem}.menu a{color:#0b4fb3}`,
};

/** The menu; `query` is appended to every match-sheet link (the address the QR codes point at). */
export function PrintCenterPage(props: { nonce: string; data: PrintEvent; query: string }) {
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
    ...tables.map((t) => ({ label: `Table ${t}`, q: `table=${t}` })),
    ...days.map((d) => ({ label: d, q: `day=${d}` })),
  ];
  return (
    <PrintDocument nonce={props.nonce} kind={PRINT_CENTER} about={event.name}>
      <main class="menu">
        <h1>Print center</h1>
        <p>
          Each link opens a page made for print: print it with Ctrl+P at 100%. Match sheets carry the scorer's
          QR code and open only in a browser where /manage holds the admin token.
        </p>
        <h2>Event</h2>
        <ul>
          <li>
            <a href={sheets("")}>Match sheets of every match not finished</a> (
            <a href={sheets("per=2&")}>two a page</a>)
          </li>
          <li>
            <a href={at("results")}>Results lists</a> (<a href={at("results.csv")}>CSV</a>)
          </li>
          <li>
            <a href={at("order")}>Order of play</a>
          </li>
        </ul>
        {slices.length > 0 && <h2>Tables and days</h2>}
        <ul>
          {slices.map((x) => (
            <li key={x.q}>
              {x.label}: <a href={sheets(`${x.q}&`)}>match sheets</a> ·{" "}
              <a href={at(`order?${x.q}`)}>order of play</a>
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
                  <a href={sheets(`${q}&`)}>Match sheets</a> · <a href={at(`results?${q}`)}>results list</a> (
                  <a href={at(`results.csv?${q}`)}>CSV</a>)
                  {view.draw && (
                    <>
                      {" "}· <a href={at(`draw?${q}`)}>draw</a> (<a href={at(`draw?${q}&size=a3`)}>A3</a>)
                    </>
                  )}
                </li>
                {view.groups.length > 0 && (
                  <li>
                    Group sheets: <a href={at(`groups?${q}`)}>blank</a> ·{" "}
                    <a href={at(`groups?${q}&filled=1`)}>with results</a>
                  </li>
                )}
                {rounds.sort((a, b) => a - b).map((r) => {
                  const label = view.matches.find((m) => m.stage === "knockout" && m.roundNo === r)
                    ?.stageLabel;
                  return (
                    <li key={r}>
                      {label}: <a href={sheets(`${q}&round=${r}&`)}>match sheets</a>
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
