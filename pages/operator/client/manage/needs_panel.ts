/// <reference lib="dom" />
/**
 * The "Needs you" panel (pages/operator/needs_panel.tsx): what waits for the director, read with the overview
 * (`GET /events/{slug}/needs`), each item with the button of its one action: the draw console's lot form, a
 * walkover (asked first), marking a player present, or the match's menu of actions. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { Need } from "../../../../domain/director_needs.ts";
import { byId, make, setStatus } from "../dom.ts";
import { openDrawConsole } from "./draw_console.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { showView } from "./views.ts";
import { w } from "./words.ts";

/** How many needs are drawn; the rest are counted, and come up as the first ones are resolved. */
export const NEEDS_SHOWN = 8;

/** The list drawn last, as JSON: a refresh that reads the same draws nothing. */
export const needsShown = { json: "" };

/** Shows the menu of actions of a match's row in the Matches view, opened and scrolled to. */
export function openMatchActions(matchId: string): void {
  showView("matches");
  const row = document.querySelector<HTMLElement>(
    `#matches li.match[data-match-id="${CSS.escape(matchId)}"]`,
  );
  if (!row) {
    return setStatus(w("desk.needs.notShown"), "error");
  }
  const menu = row.querySelector<HTMLDetailsElement>("details.match-menu");
  if (menu) menu.open = true;
  row.scrollIntoView({ block: "center" });
}

/** Does what resolves a need. */
export async function resolveNeed(page: ManagePage, need: Need): Promise<void> {
  if (need.kind === "lot") {
    showView("categories");
    return await openDrawConsole(page, need.categoryId, need.categoryName);
  }
  if (need.kind === "withdrawn") {
    if (!confirm(`${need.text}.\n\n${need.action}?`)) return;
    await page.write(
      `/matches/${need.matchId}/walkover`,
      { winner: need.winner },
      w("desk.needs.walkoverDone"),
    );
    return;
  }
  if (need.kind === "absent") {
    await page.write(
      `/events/${encodeURIComponent(page.slug)}/check-in`,
      { playerId: need.playerId, present: true },
      w("desk.checkIn.done"),
    );
    return;
  }
  openMatchActions(need.matchId);
}

/**
 * A need's button in the desk's words: recording a lot, or opening a match's actions; a walkover or a check-in
 * names its player, and keeps the API's words.
 */
export function actionWords(need: Need): string {
  if (need.kind === "lot") return w("desk.needs.lot");
  if (need.kind === "withdrawn" || need.kind === "absent") return need.action;
  return w("desk.needs.open");
}

/** Draws the list: a line per need with its button; the panel hidden when nothing waits. */
export function showNeeds(page: ManagePage, needs: readonly Need[]): void {
  const json = JSON.stringify(needs);
  if (json === needsShown.json) return;
  needsShown.json = json;
  const more = needs.length > NEEDS_SHOWN
    ? [make("li", "muted", w("desk.andMore", { n: needs.length - NEEDS_SHOWN }))]
    : [];
  byId("needs-list")!.replaceChildren(
    ...needs.slice(0, NEEDS_SHOWN).map((need) => {
      const li = make("li", "need", `${need.text} `);
      li.dataset.kind = need.kind;
      const button = make("button", "primary", actionWords(need));
      button.type = "button";
      button.addEventListener("click", () => void resolveNeed(page, need));
      li.append(button);
      return li;
    }),
    ...more,
  );
  byId("needs")!.hidden = needs.length === 0;
}

/** Reads what needs the director and draws it; a failed read leaves the panel as it was. */
export async function refreshNeeds(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/needs`);
    if (res.ok) showNeeds(page, (await res.json()).data.needs);
  } catch {
    // The overview's refresh says when the server cannot be reached.
  }
}
