/// <reference lib="dom" />
/**
 * The matches of each table in the order they are played there: the one in progress, then those to come by
 * time, each with its menu of actions, a lane per table side by side. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { matchRow } from "./match_row.ts";
import type { ManagePage, Overview, OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/**
 * A table's matches still to finish, in the order of play there: in progress first, then by time (a match
 * without a time last), the overview's order otherwise.
 */
export function tableOrder(matches: readonly OverviewMatch[], tableNo: number): OverviewMatch[] {
  const rank = (m: OverviewMatch) => (m.status === "in_progress" ? 0 : 1);
  return matches.filter((m) => m.tableNo === tableNo && m.status !== "completed")
    .map((m, i) => ({ m, i }))
    .sort((a, b) =>
      rank(a.m) - rank(b.m) ||
      (a.m.scheduledAt ?? "9999").localeCompare(b.m.scheduledAt ?? "9999") || a.i - b.i
    )
    .map((x) => x.m);
}

/** Draws a lane per table of the overview. */
export function showByTable(page: ManagePage, o: Overview): void {
  const lanes = o.tables.map((t) => {
    const lane = make("section", "lane");
    lane.dataset.tableNo = String(t.tableNo);
    const own = tableOrder(o.matches, t.tableNo);
    lane.append(make("h3", "", pw("play.table", { table: t.tableNo })));
    const list = make("ol", "rows");
    list.append(
      ...(own.length ? own.map((m) => matchRow(page, m)) : [make("li", "muted", pw("play.lanes.nothing"))]),
    );
    lane.append(list);
    return lane;
  });
  byId("by-table")!.replaceChildren(...lanes);
}
