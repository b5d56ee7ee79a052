/// <reference lib="dom" />
/**
 * The "Needs you" panel (pages/operator/needs_panel.tsx): what waits for the director, read with the overview
 * (`GET /events/{slug}/needs`), each item with the button of its one action: the draw console's lot form, a
 * walkover (asked first), marking a player present, or the match's menu of actions. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import { stageWords } from "./play_words.ts";
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
    if (!confirm(`${needText(need)}.\n\n${actionWords(need)}?`)) return;
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
 * A need's sentence in the desk's words, from what it names (`need.words`); the API's English sentence when it
 * names nothing (an older server).
 * @example needText({ kind: "no-table", words: { match: { home: "A", away: "B", category: "U15", stage: "R1" } }, … }) // "A v B (U15, R1) is due and has no table"
 */
export function needText(need: Need): string {
  const n = need.words;
  if (n === undefined) return need.text;
  const m = n.match;
  const match = m ? w("desk.needs.match", { ...m, stage: stageWords(m.stage) }) : "";
  const table = n.table ?? "?";
  switch (need.kind) {
    case "lot":
      return w("desk.needs.lotText", { group: n.group ?? "", category: n.category ?? "" });
    case "withdrawn":
      return w("desk.needs.withdrawnText", { player: n.player ?? "?", match });
    case "absent":
      return w(n.called ? "desk.needs.absentCalled" : "desk.needs.absentNext", {
        player: n.player ?? "?",
        match,
        table,
      });
    case "called":
      return w("desk.needs.calledText", { match, table, minutes: n.minutes ?? 0 });
    case "long":
      return w("desk.needs.longText", { match, table, minutes: n.minutes ?? 0, planned: n.planned ?? 0 });
    case "no-table":
      return w("desk.needs.noTableText", { match });
    case "unconfirmed":
      return w("desk.needs.unconfirmedText", { match, device: n.device ?? "?" });
  }
}

/** A need's button in the desk's words: recording a lot, a walkover, a check-in, or opening a match's actions. */
export function actionWords(need: Need): string {
  if (need.kind === "lot") return w("desk.needs.lot");
  if (need.words === undefined) return need.action;
  if (need.kind === "withdrawn") return w("desk.needs.walkoverTo", { player: need.words.winner ?? "?" });
  if (need.kind === "absent") return w("desk.needs.markPresent", { player: need.words.player ?? "?" });
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
      const li = make("li", "need", `${needText(need)} `);
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
