/**
 * /t/{slug}/print/results: the results list of each category (or of `?category=`), each from a new page: the
 * final placings (1, 2, 3–4, 5–8, …) with clubs, then every decided match with both sides and their clubs, the
 * games and the game scores, walkovers and retirements said. Rows never split across pages; the table's head
 * repeats on each. The same data as CSV at /t/{slug}/print/results.csv.
 */
import type { EntryRecord } from "../../views/print_data.ts";
import { gameScoresText } from "./game_scores.ts";
import { stageText } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";
import { groupDisplayName } from "../../views/serialize.ts";
import { groupPlacings, knockoutPlacings, outInGroups } from "./placings.ts";
import type { PrintCategory } from "../../views/print_data.ts";
import {
  ColumnHeads,
  type LayoutLink,
  PrintDocument,
  SheetHeading,
  type SheetKind,
} from "./print_document.tsx";

const RESULTS_LIST: SheetKind = {
  name: "print.kindResults",
  paper: "A4 portrait",
  css: `.results+.results{break-before:page}.results table{margin-bottom:5mm}.results h2{margin-top:2mm}`,
};

/** A side's name with its club. */
function Side(props: { name: string; entry: EntryRecord | undefined }) {
  return (
    <>
      {props.name}
      {props.entry?.association && <span class="club">{` (${props.entry.association})`}</span>}
    </>
  );
}

/** One category's list. */
function CategoryResults(props: { category: PrintCategory; followUrl: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { view, entries } = props.category;
  const rounds = view.draw?.rounds.length ?? 0;
  const placings = view.format === "groups"
    ? groupPlacings(view.groups)
    : [...knockoutPlacings(view.matches, rounds), ...outInGroups(view.groups, view.draw)];
  // Groups first, group by group, then the knockout round by round: the order a results list is read in.
  const decided = view.matches.filter((m) => m.winnerId !== null).toSorted((a, b) =>
    Number(a.stage === "knockout") - Number(b.stage === "knockout") ||
    (a.groupName ?? "").localeCompare(b.groupName ?? "") || a.roundNo - b.roundNo ||
    a.bracketPos - b.bracketPos
  );
  return (
    <section class="flow results" data-category={view.id}>
      <SheetHeading title={t("print.resultsTitle", { category: view.name })} followUrl={props.followUrl} />
      <table class="placings">
        <caption class="muted">{t(placings.length === 0 ? "print.placingsNone" : "print.placings")}</caption>
        <ColumnHeads names={[`#${t("print.place")}`, t("print.playerAndClub")]} />
        <tbody>
          {placings.flatMap((p) =>
            p.entryIds.map((id) => (
              <tr key={`${p.place}-${id}`}>
                <td class="num">
                  {p.group === undefined ? p.place : t("print.groupPlace", {
                    group: stageText(groupDisplayName(p.group), i18n),
                    place: p.place,
                  })}
                </td>
                <td>
                  <Side name={entries.get(id)?.name ?? id} entry={entries.get(id)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <table class="matches">
        <caption class="muted">{t("print.matchResults")}</caption>
        <ColumnHeads
          names={[
            t("print.round"),
            t("print.winner"),
            t("print.loser"),
            `#${t("print.games")}`,
            t("print.gameScores"),
          ]}
        />
        <tbody>
          {decided.map((m) => {
            const homeWon = m.winnerId === m.homeId;
            const [w, l] = homeWon ? [m.homeId, m.awayId] : [m.awayId, m.homeId];
            const games = homeWon
              ? `${m.gamesWon.home}:${m.gamesWon.away}`
              : `${m.gamesWon.away}:${m.gamesWon.home}`;
            return (
              <tr key={m.id}>
                <td>{stageText(m.stageLabel, i18n)}</td>
                <td>
                  <Side name={homeWon ? m.homeName : m.awayName} entry={entries.get(w)} />
                </td>
                <td>
                  <Side name={homeWon ? m.awayName : m.homeName} entry={entries.get(l)} />
                </td>
                <td class="num">{m.resultReasonCode === "walkover" ? t("print.woMark") : games}</td>
                <td>
                  <span dir="ltr">{gameScoresText(m, i18n)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The page. */
export function ResultsListPage(props: {
  nonce: string;
  eventName: string;
  categories: PrintCategory[];
  layouts: LayoutLink[];
  /** The category page's URL of a category id. */
  followUrl: (categoryId: string) => string;
}) {
  return (
    <PrintDocument nonce={props.nonce} kind={RESULTS_LIST} about={props.eventName} layouts={props.layouts}>
      <main id="sheets">
        {props.categories.map((c) => (
          <CategoryResults key={c.view.id} category={c} followUrl={props.followUrl(c.view.id)} />
        ))}
      </main>
    </PrintDocument>
  );
}
ResultsListPage.translated = true as const;
