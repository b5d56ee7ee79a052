/// <reference lib="dom" />
/**
 * The order of play on the operator's page: the desk plans in the event's sessions (sessions.ts) and sees the
 * plan the management API makes for every match still to play (POST /events/{slug}/plan, views/order_of_play.ts),
 * table by table, with when the day ends and what could not be placed. A preview: nothing is written. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { orderOfPlayJson } from "../../../../views/order_of_play.ts";
import { problemDetail } from "../manage_fetch.ts";
import { planTables, tableItems } from "../../../../domain/plan_by_table.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { type PlayKey, playTime, pw, stageWords } from "./play_words.ts";
import type { UnplacedCode } from "../../../../domain/scheduler.ts";

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

/** "09:00" of an ISO time, in the browser's time zone (the venue's), in the page's language. */
export function clockTime(iso: string): string {
  return playTime(iso, false);
}

/** The plan's word for a side not known yet (db/read_schedule.ts), said in the page's language. */
export const PLAN_UNKNOWN_SIDE = "to be decided";

/** The words of each reason the plan gives for a match it could not place (domain/scheduler.ts). */
export const UNPLACED_WORDS: Record<UnplacedCode, PlayKey> = {
  "feeder-unplaced": "play.unplaced.feederUnplaced",
  "no-two-tables": "play.unplaced.noTwoTables",
  "no-room": "play.unplaced.noRoom",
};

/** A planned match's side in the page's language. */
export function plannedSide(name: string | null | undefined): string {
  return !name || name === PLAN_UNKNOWN_SIDE ? pw("play.toBeDecided") : name;
}

/** What a planned match says: its time, category, stage and sides. */
export function plannedWords(m: OrderOfPlay["matches"][number]): string {
  const planned = pw("play.plan.match", {
    from: clockTime(m.start),
    to: clockTime(m.end),
    category: m.category ?? "",
    stage: stageWords(m.stage ?? ""),
    match: pw("play.versus", { home: plannedSide(m.home), away: plannedSide(m.away) }),
  });
  return m.fixed ? pw("play.plan.fixed", { planned }) : planned;
}

/** A table's list of the plan: a tie once, with its own matches on this table listed inside it. */
export function tablePlanItems(ahead: OrderOfPlay["matches"], table: number): HTMLElement[] {
  return tableItems(ahead, table).map(({ match, own }) => {
    const li = make("li", "", plannedWords(match));
    if (match.secondTable !== undefined) {
      const [a, b] = [match.table, match.secondTable].sort((x, y) => x - y);
      li.append(` · ${pw("play.plan.onTables", { a: a!, b: b! })}`);
    }
    if (own.length > 0) {
      const list = make("ol", "tie-matches");
      list.setAttribute("aria-label", pw("play.plan.tieMatches"));
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
    ? pw("play.plan.nothing")
    : pw("play.plan.summary", {
      matches: ahead.length,
      tables: tables.length,
      time: clockTime(plan.finish),
      busy,
    });
  byId("plan-grid")!.replaceChildren(...tables.map((table) => {
    const card = make("section", "plan-table");
    card.append(make("h3", "", pw("play.table", { table })));
    const list = make("ol");
    list.append(...tablePlanItems(ahead, table));
    card.append(list);
    return card;
  }));
  const unplaced = byId("plan-unplaced")!;
  unplaced.hidden = plan.unplaced.length === 0;
  unplaced.replaceChildren(
    make("h3", "", pw("play.plan.notPlaced")),
    ...plan.unplaced.map((u) =>
      make(
        "p",
        "",
        pw("play.unplaced.line", {
          category: u.category ?? "",
          stage: stageWords(u.stage ?? ""),
          reason: pw(UNPLACED_WORDS[u.code]),
        }),
      )
    ),
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
      pw("play.plan.kept"),
    );
    if (!kept) return;
    showPlan(kept.plan);
    byId("plan-summary")!.textContent += ` ${pw("play.plan.keptCount", { n: kept.changed })}`;
  });
  byId<HTMLFormElement>("plan-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const rest = input("plan-rest").valueAsNumber;
    if (!Number.isInteger(rest) || rest < 0 || rest > 240) {
      return say(pw("play.plan.rest"));
    }
    shown = null;
    say(pw("play.plan.planning"));
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
      say(pw("play.unreachable"));
    }
  });
}
