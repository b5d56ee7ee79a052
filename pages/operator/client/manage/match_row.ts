/// <reference lib="dom" />
/**
 * A match in the operator's lists (in progress, next, results, waiting): its head (table, names, category and
 * stage, score, who scores it), what stands in the way of its start, its decisions and its forms. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, make } from "../dom.ts";
import { assignForm } from "./assign_form.ts";
import { confirmationMark } from "./confirmation_words.ts";
import { reportLink } from "./report_link.ts";
import { matchActions, startBlockers } from "./match_actions.ts";
import { matchNames, matchTime, runningWords, scoreText } from "./match_words.ts";
import type { ManagePage, OverviewMatch } from "./page.ts";
import { pw, stageWords } from "./play_words.ts";
import { correctGameForm, resultForm } from "./result_forms.ts";
import { tieActions } from "./tie_lineups.ts";

/** The head of a match's row. */
export function matchHead(m: OverviewMatch): HTMLElement {
  const head = make("div", "match-head");
  head.append(
    make("span", "table", m.tableNo === null ? pw("play.noTable") : pw("play.table", { table: m.tableNo })),
    make("span", "names", matchNames(m)),
    make("span", "where", `${m.subeventName} · ${stageWords(m.stageLabel)}`),
    make("span", "score", scoreText(m)),
  );
  const confirmed = confirmationMark(m);
  if (confirmed) head.append(confirmed);
  const report = reportLink(m);
  if (report) head.append(report);
  const planned = m.status === "scheduled" ? runningWords(m) : "";
  if (planned) head.append(make("span", "when", planned));
  if (m.status === "in_progress" && m.scorer) {
    head.append(
      make(
        "span",
        "where",
        pw("play.row.scoredOn", { device: m.scorer.label, time: matchTime(m.scorer.since) }),
      ),
    );
  }
  return head;
}

/** A match's row, marked when the match is in a clash. */
export function matchRow(page: ManagePage, m: OverviewMatch): HTMLElement {
  const li = make("li", `match ${m.status}`);
  li.dataset.matchId = m.id;
  li.append(matchHead(m));
  if (page.clashing.has(m.id)) li.classList.add("clash");
  const blockers = startBlockers(page, m);
  if (blockers.length > 0) {
    li.append(make("p", "warning", pw("play.row.notFree", { why: blockers.join(". ") })));
  }
  const actions = make("div", "actions");
  if (m.teamTie) {
    // A tie is played as its matches, each scored on its own: the desk enters the line-ups and places the tie.
    actions.append(...tieActions(page, m));
    const place = assignForm(page, m);
    if (place) actions.append(place);
  } else {
    actions.append(...matchActions(page, m, blockers));
    for (const form of [correctGameForm(page, m), resultForm(page, m), assignForm(page, m)]) {
      if (form) actions.append(form);
    }
  }
  const quick = [...actions.querySelectorAll<HTMLElement>("[data-quick]")];
  const bar = make("div", "row-actions");
  bar.append(actionMenu(page, m, actions), ...quick);
  li.append(bar);
  return li;
}

/**
 * The match's actions in a menu of its own, closed until asked for (a row shows its match, not nine buttons);
 * one left open stays open when the overview is drawn again, and closes once an action is sent.
 */
export function actionMenu(page: ManagePage, m: OverviewMatch, actions: HTMLElement): HTMLElement {
  const menu = make("details", "match-menu");
  const summary = make("summary", "", pw("play.row.actions"));
  summary.setAttribute("aria-label", pw("play.row.actionsOf", { match: matchNames(m) }));
  menu.append(summary, actions);
  menu.open = page.openMenus.has(m.id);
  menu.addEventListener("toggle", () => {
    if (menu.open) page.openMenus.add(m.id);
    else page.openMenus.delete(m.id);
  });
  actions.addEventListener("click", (e) => {
    if ((e.target as HTMLElement).closest("button:not([type=submit])")) page.openMenus.delete(m.id);
  });
  actions.addEventListener("submit", () => page.openMenus.delete(m.id));
  return menu;
}

/** Fills the list with this id with the rows of these matches, or says `empty`. */
export function showMatchList(
  page: ManagePage,
  id: string,
  matches: readonly OverviewMatch[],
  empty: string,
): void {
  byId(id)!.replaceChildren(
    ...(matches.length ? matches.map((m) => matchRow(page, m)) : [make("li", "muted", empty)]),
  );
}
