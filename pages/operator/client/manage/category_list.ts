/// <reference lib="dom" />
/**
 * The categories of the operator's overview with the state of their draws: a draft draw is locked (made
 * public), a locked one unlocked after a confirmation, unless a match of it has started. Every declaration is
 * exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { button } from "./controls.ts";
import { openDrawConsole } from "./draw_console.ts";
import type { ManagePage, Overview } from "./page.ts";

/** A category's format as a director says it. */
export const FORMAT_WORDS: Record<string, string> = {
  groups_knockout: "groups, then a knockout",
  groups: "groups",
  knockout: "knockout",
};

/** What a category's draw is, as a director says it. */
export const DRAW_WORDS: Record<string, string> = {
  none: "no draw yet",
  draft: "draw not public yet (draft)",
  locked: "draw public (locked)",
};

/** One category's row. */
export function categoryRow(page: ManagePage, s: Overview["subevents"][number]): HTMLElement {
  const li = make("li", "category");
  li.dataset.categoryId = s.id;
  li.append(
    make("span", "names", s.name),
    make(
      "span",
      "where",
      `${FORMAT_WORDS[s.format] ?? s.format}, ${s.matchCount} matches, ${
        DRAW_WORDS[s.drawState] ?? s.drawState
      }`,
    ),
  );
  if (s.drawState === "draft") {
    li.append(
      button(
        "Lock draw",
        () => void page.write(`/subevents/${s.id}/lock`, undefined, "Draw locked"),
        "primary",
      ),
    );
  } else if (s.drawState === "locked") {
    const b = button("Unlock draw", () => {
      if (confirm(`Unlock the draw of ${s.name}? It stops being public.`)) {
        void page.write(`/subevents/${s.id}/unlock`, undefined, "Draw unlocked");
      }
    });
    b.disabled = s.drawStarted;
    if (s.drawStarted) b.title = "A match of the draw has started";
    li.append(b);
  }
  li.append(button("Draw…", () => void openDrawConsole(page, s.id, s.name)));
  if (s.tablesPerTie !== undefined) li.append(tablesPerTiePick(page, s.id, s.tablesPerTie));
  return li;
}

/**
 * A team category's tables per tie (docs/scheduling.md, "Ties"): its ties on one table, or on two at once; the
 * next plan plans them so.
 */
export function tablesPerTiePick(page: ManagePage, id: string, tables: 1 | 2): HTMLElement {
  const label = make("label", "tables-per-tie", "Ties on ");
  const pick = make("select");
  pick.name = "tables-per-tie";
  for (const n of [1, 2]) {
    const option = make("option", "", n === 1 ? "1 table" : "2 tables at once");
    option.value = String(n);
    option.selected = n === tables;
    pick.append(option);
  }
  pick.addEventListener("change", () => {
    const n = Number(pick.value);
    void page.write(
      `/subevents/${id}/tables-per-tie`,
      { tablesPerTie: n },
      n === 2 ? "Ties on two tables: plan again" : "Ties on one table: plan again",
      "PUT",
    );
  });
  label.append(pick);
  return label;
}

/** Fills the list of categories. */
export function showCategories(page: ManagePage, o: Overview): void {
  byId("categories")!.replaceChildren(...o.subevents.map((s) => categoryRow(page, s)));
}
