/// <reference lib="dom" />
/**
 * The matches of one category, chosen in a list (kept on this computer), in the order of its draw: the groups
 * by group and round, then the knockout by round and place in the bracket, each with its menu of actions. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { matchRow } from "./match_row.ts";
import type { ManagePage, Overview, OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/** Where the category shown last is kept. */
export const CATEGORY_KEY = "tt.manage.category";

/** A category's matches in the order of its draw. */
export function drawOrder(matches: readonly OverviewMatch[], categoryId: string): OverviewMatch[] {
  const stage = (m: OverviewMatch) => (m.stage === "group" ? 0 : 1);
  return matches.filter((m) => m.subeventId === categoryId).sort((a, b) =>
    stage(a) - stage(b) || (a.groupName ?? "").localeCompare(b.groupName ?? "") || a.roundNo - b.roundNo ||
    a.bracketPos - b.bracketPos
  );
}

/** Offers the categories and draws the chosen one's matches. */
export function showByCategory(page: ManagePage, o: Overview): void {
  const select = byId<HTMLSelectElement>("category-pick")!;
  const kept = localStorage.getItem(CATEGORY_KEY) ?? "";
  const chosen = o.subevents.some((s) => s.id === kept) ? kept : o.subevents[0]?.id ?? "";
  if (document.activeElement !== select) {
    select.replaceChildren(...o.subevents.map((s) => {
      const option = make("option", "", s.name);
      option.value = s.id;
      return option;
    }));
    select.value = chosen;
  }
  const own = drawOrder(o.matches, chosen);
  byId("category-matches")!.replaceChildren(
    ...(own.length ? own.map((m) => matchRow(page, m)) : [make("li", "muted", pw("play.byCategory.none"))]),
  );
}

/** Keeps the category chosen and draws it. */
export function watchCategoryPick(page: ManagePage): void {
  byId<HTMLSelectElement>("category-pick")?.addEventListener("change", (e) => {
    localStorage.setItem(CATEGORY_KEY, (e.target as HTMLSelectElement).value);
    page.shown = "";
    void page.refresh();
  });
}
