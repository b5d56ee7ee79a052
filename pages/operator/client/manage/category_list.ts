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

/** One category's row. */
export function categoryRow(page: ManagePage, s: Overview["subevents"][number]): HTMLElement {
  const li = make("li", "category");
  li.dataset.categoryId = s.id;
  li.append(
    make("span", "names", s.name),
    make("span", "where", `${s.format}, ${s.matchCount} matches, draw ${s.drawState}`),
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
  return li;
}

/** Fills the list of categories. */
export function showCategories(page: ManagePage, o: Overview): void {
  byId("categories")!.replaceChildren(...o.subevents.map((s) => categoryRow(page, s)));
}
