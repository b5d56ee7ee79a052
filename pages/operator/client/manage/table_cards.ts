/// <reference lib="dom" />
/**
 * The tables of the operator's overview: what each plays now, what it plays next (and what that waits for), and
 * for a free table the match to call to it, with a button that puts it there. Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { button } from "./controls.ts";
import { clashSentence, matchNames, runningWords, scoreText } from "./match_words.ts";
import type { ManagePage, Overview, OverviewMatch } from "./page.ts";

/**
 * One table's card; `call` is the match suggested for it (domain/next_matches.ts), if any: with `onTable`, the
 * table's own next match of the plan, called there; else a match with no table, put there.
 */
export function tableCard(
  page: ManagePage,
  t: Overview["tables"][number],
  call: OverviewMatch | undefined,
  onTable = false,
): HTMLElement {
  const card = make("li", `table-card${t.current ? " busy" : ""}`);
  card.dataset.tableNo = String(t.tableNo);
  card.append(make("h3", "", `Table ${t.tableNo}`));
  card.append(make("p", "now", t.current ? `${matchNames(t.current)}: ${scoreText(t.current)}` : "Free"));
  // The planned match may be waiting for a player still on another table: then say so, and call another
  // match meanwhile.
  if (t.next && !(onTable && call?.id === t.next.id)) {
    const waiting = page.byMatchId.get(t.next.id)?.clashesOnStart ?? [];
    const why = waiting.map((c) => clashSentence(page.byMatchId, c, true)).join(". ");
    const when = runningWords(t.next);
    card.append(
      make(
        "p",
        "next muted",
        `Next: ${matchNames(t.next)}${when ? ` (${when})` : ""}${why ? ` (waiting: ${why})` : ""}`,
      ),
    );
  }
  if (call && onTable) {
    // The table's own next match of the plan: called there (the TV and the players' pages say it).
    const when = runningWords(call);
    card.append(
      make(
        "p",
        "suggest",
        `Call: ${matchNames(call)} · ${call.subeventName} · ${call.stageLabel}${when ? ` · ${when}` : ""}`,
      ),
      button(
        `Call to table ${t.tableNo}`,
        () => void page.write(`/matches/${call.id}/call`, { revision: call.revision }, "Called"),
      ),
    );
  } else if (call) {
    const label = t.next ? "Meanwhile" : "Call";
    card.append(
      make("p", "suggest", `${label}: ${matchNames(call)} · ${call.subeventName} · ${call.stageLabel}`),
      button(
        `Put on table ${t.tableNo}`,
        () =>
          void page.write(
            `/matches/${call.id}/assign`,
            { tableNo: t.tableNo, revision: call.revision },
            "Assigned",
          ),
      ),
    );
  }
  return card;
}

/** Fills the list of tables, or says that none is assigned yet. */
export function showTables(page: ManagePage, o: Overview): void {
  const suggested = new Map(o.suggestions.map((x) => [x.tableNo, x]));
  const tables = byId("tables")!;
  tables.replaceChildren(
    ...o.tables.map((t) => {
      const s = suggested.get(t.tableNo);
      return tableCard(page, t, s && page.byMatchId.get(s.matchId), s?.onTable === true);
    }),
  );
  if (o.tables.length === 0) tables.append(make("li", "muted", "No table assigned yet"));
}
