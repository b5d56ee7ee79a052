/// <reference lib="dom" />
/**
 * The order of play on the operator's page: the desk plans in the event's sessions (sessions.ts) and sees the
 * plan the management API makes for every match still to play (POST /events/{slug}/plan, views/order_of_play.ts),
 * table by table, with when the day ends and what could not be placed. A preview: nothing is written. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { orderOfPlayJson } from "../../../../views/order_of_play.ts";
import { problemDetail } from "../manage_fetch.ts";
import { bothTables, planTables, tableItems } from "../../../../domain/plan_by_table.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";

/** A plan as the management API answers it. */
export type OrderOfPlay = ReturnType<typeof orderOfPlayJson>;

/**
 * The tables a desk types: numbers and ranges separated by commas or spaces; null when anything else is there
 * or a table is outside 1 to 999.
 * @example tableList("1-4, 7") // [1, 2, 3, 4, 7]
 */
export function tableList(text: string): number[] | null {
  const out = new Set<number>();
  const parts = text.split(/[\s,]+/).filter((p) => p !== "");
  if (parts.length === 0) return null;
  for (const part of parts) {
    const m = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from < 1 || to < from) return null;
    for (let t = from; t <= to; t++) out.add(t);
  }
  return [...out].sort((a, b) => a - b);
}

/** "09:00" of an ISO time, in the browser's time zone (the venue's). */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });
}

/** What a planned match says: its time, category, stage and sides. */
export function plannedWords(m: OrderOfPlay["matches"][number]): string {
  const fixed = m.fixed ? " (in play or fixed)" : "";
  return `${clockTime(m.start)}–${clockTime(m.end)} ${m.category ?? ""}, ${m.stage ?? ""}: ` +
    `${m.home ?? ""} v ${m.away ?? ""}${fixed}`;
}

/** A table's list of the plan: a tie once, with its own matches on this table listed inside it. */
export function tablePlanItems(ahead: OrderOfPlay["matches"], table: number): HTMLElement[] {
  return tableItems(ahead, table).map(({ match, own }) => {
    const li = make("li", "", plannedWords(match));
    if (match.secondTable !== undefined) {
      li.append(` · on ${bothTables({ ...match, secondTable: match.secondTable })}`);
    }
    if (own.length > 0) {
      const list = make("ol", "tie-matches");
      list.setAttribute("aria-label", "The tie's matches on this table");
      list.append(...own.map((p) => make("li", "", plannedWords(p))));
      li.append(list);
    }
    return li;
  });
}

/**
 * Draws a plan: its summary, each table's matches from `now` on in order (those over are left out), and what
 * could not be placed.
 */
export function showPlan(plan: OrderOfPlay, now = Date.now()): void {
  const ahead = plan.matches.filter((m) => Date.parse(m.end) > now);
  const tables = planTables(ahead);
  const busy = Math.round(plan.utilization * 100);
  byId("plan-summary")!.textContent = plan.finish === null || ahead.length === 0
    ? "Nothing to plan: every match is over."
    : `${ahead.length} matches to play on ${tables.length} tables; the last ends at ${
      clockTime(plan.finish)
    }; ` +
      `the tables are busy ${busy} % of the time.`;
  byId("plan-grid")!.replaceChildren(...tables.map((table) => {
    const card = make("section", "plan-table");
    card.append(make("h3", "", `Table ${table}`));
    const list = make("ol");
    list.append(...tablePlanItems(ahead, table));
    card.append(list);
    return card;
  }));
  const unplaced = byId("plan-unplaced")!;
  unplaced.hidden = plan.unplaced.length === 0;
  unplaced.replaceChildren(
    make("h3", "", "Not placed"),
    ...plan.unplaced.map((u) => make("p", "", `${u.category ?? ""}, ${u.stage ?? ""}: ${u.reason}`)),
  );
}

/**
 * Plans in the event's sessions and draws the plan; a refused or failed plan says why under the form. `prepare`
 * runs first (saving the sessions as edited: sessions.ts) and stops the plan when it answers false. "Keep this
 * plan" gives the matches the plan's tables and times (those the desk placed by hand keep theirs).
 */
export function watchPlanForm(
  page: ManagePage,
  prepare: (say: (text: string) => void) => Promise<boolean>,
): void {
  const input = (id: string) => byId<HTMLInputElement>(id)!;
  const keepButton = byId<HTMLButtonElement>("plan-keep")!;
  let shown: Record<string, unknown> | null = null;
  const say = (text: string) => {
    byId("plan-summary")!.textContent = text;
    keepButton.hidden = true;
  };
  keepButton.addEventListener("click", async () => {
    if (!shown) return;
    const kept = await page.write<{ plan: OrderOfPlay; changed: number }>(
      `/events/${encodeURIComponent(page.slug)}/plan/keep`,
      shown,
      "Plan kept",
    );
    if (!kept) return;
    showPlan(kept.plan);
    byId("plan-summary")!.textContent += ` Kept: ${kept.changed} matches given a table and a time.`;
  });
  byId<HTMLFormElement>("plan-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const rest = input("plan-rest").valueAsNumber;
    if (!Number.isInteger(rest) || rest < 0 || rest > 240) {
      return say("Rest: give whole minutes from 0 to 240.");
    }
    shown = null;
    say("Planning…");
    if (!(await prepare(say))) return;
    // The sessions stored with the event (just saved): the body says only the rest.
    const body = { restMinutes: rest };
    try {
      const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/plan`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!res.ok) return say(await problemDetail(res));
      showPlan((await res.json()).data.plan);
      shown = body;
      keepButton.hidden = false;
    } catch {
      say("Cannot reach the server");
    }
  });
}
