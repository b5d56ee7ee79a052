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
import { type PlayKey, pw } from "./play_words.ts";

/** A category's format as a director says it: its message. */
export const FORMAT_WORDS: Record<string, PlayKey> = {
  groups_knockout: "play.format.groupsKnockout",
  groups: "play.format.groups",
  knockout: "play.format.knockout",
};

/** What a category's draw is, as a director says it: its message. */
export const DRAW_WORDS: Record<string, PlayKey> = {
  none: "play.drawState.none",
  draft: "play.drawState.draft",
  locked: "play.drawState.locked",
};

/** A word of one of these tables in the page's language, or the API's code when the table has none. */
export function codeWords(table: Record<string, PlayKey>, code: string): string {
  const key = table[code];
  return key === undefined ? code : pw(key);
}

/** One category's row. */
export function categoryRow(page: ManagePage, s: Overview["subevents"][number]): HTMLElement {
  const li = make("li", "category");
  li.dataset.categoryId = s.id;
  li.append(
    make("span", "names", s.name),
    make(
      "span",
      "where",
      pw("play.category.row", {
        format: codeWords(FORMAT_WORDS, s.format),
        matches: s.matchCount,
        draw: codeWords(DRAW_WORDS, s.drawState),
      }),
    ),
  );
  if (s.drawState === "draft") {
    li.append(
      button(
        pw("play.draw.lock"),
        () => void page.write(`/subevents/${s.id}/lock`, undefined, pw("play.draw.locked")),
        "primary",
      ),
    );
  } else if (s.drawState === "locked") {
    const b = button(pw("play.draw.unlock"), () => {
      if (confirm(pw("play.draw.unlockQuestion", { category: s.name }))) {
        void page.write(`/subevents/${s.id}/unlock`, undefined, pw("play.draw.unlocked"));
      }
    });
    b.disabled = s.drawStarted;
    if (s.drawStarted) b.title = pw("play.draw.started");
    li.append(b);
  }
  li.append(button(pw("play.draw.openConsole"), () => void openDrawConsole(page, s.id, s.name)));
  if (s.tablesPerTie !== undefined) li.append(tablesPerTiePick(page, s.id, s.tablesPerTie));
  return li;
}

/**
 * A team category's tables per tie (docs/scheduling.md, "Ties"): its ties on one table, or on two at once; the
 * next plan plans them so.
 */
export function tablesPerTiePick(page: ManagePage, id: string, tables: 1 | 2): HTMLElement {
  const label = make("label", "tables-per-tie", `${pw("play.ties.label")} `);
  const pick = make("select");
  pick.name = "tables-per-tie";
  for (const n of [1, 2]) {
    const option = make("option", "", n === 1 ? pw("play.ties.one") : pw("play.ties.two"));
    option.value = String(n);
    option.selected = n === tables;
    pick.append(option);
  }
  pick.addEventListener("change", () => {
    const n = Number(pick.value);
    void page.write(
      `/subevents/${id}/tables-per-tie`,
      { tablesPerTie: n },
      n === 2 ? pw("play.ties.setTwo") : pw("play.ties.setOne"),
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
