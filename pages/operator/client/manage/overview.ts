/// <reference lib="dom" />
/**
 * Draws the event at a glance on the operator's page from the management API's overview: the clashes standing
 * now, the event bar, the announcement, the tables, the four lists of matches and the categories. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { showAnnouncement } from "./announcement.ts";
import { showCategories } from "./category_list.ts";
import { showEventBar } from "./event_bar.ts";
import { showHallTables } from "./hall_tables.ts";
import { showMatchList } from "./match_row.ts";
import { clashSentence } from "./match_words.ts";
import type { ManagePage, Overview, OverviewMatch } from "./page.ts";
import { showPrintMenu } from "./print_menu.ts";
import { showTables } from "./table_cards.ts";
import { showByCategory } from "./by_category.ts";
import { showByTable } from "./by_table.ts";
import { loadFound, showFindCategories } from "./find.ts";
import { w } from "./words.ts";

/** Draws the whole overview, and keeps its matches and clashes for the sentences that name them. */
export function renderOverview(page: ManagePage, o: Overview): void {
  page.byMatchId = new Map(o.matches.map((m) => [m.id, m]));
  page.clashing = new Set(o.clashes.flatMap((c) => c.matchIds));
  byId("clashes")!.hidden = o.clashes.length === 0;
  byId("clash-list")!.replaceChildren(
    ...o.clashes.map((c) => make("li", "", clashSentence(page.byMatchId, c))),
  );
  showEventBar(page, o.event);
  showHallTables(page);
  showAnnouncement(o.event.announcement);
  showTables(page, o);
  const known = (m: OverviewMatch) => m.homeId !== null && m.awayId !== null;
  showMatchList(page, "live", o.matches.filter((m) => m.status === "in_progress"), w("desk.noLive"));
  showMatchList(
    page,
    "next",
    o.matches.filter((m) => m.status === "scheduled" && known(m)),
    w("desk.nothingScheduled"),
  );
  // Results and search: any match, through the management API's search (find.ts).
  showFindCategories(o);
  void loadFound(page);
  showMatchList(
    page,
    "waiting",
    o.matches.filter((m) => m.status === "scheduled" && !known(m)),
    w("desk.none"),
  );
  showCategories(page, o);
  showByTable(page, o);
  showByCategory(page, o);
  showPrintMenu(page, o);
}
