/// <reference lib="dom" />
/**
 * "Results and search" on the operator's page: any match of the event, found by the management API
 * (`GET /events/{slug}/matches`): the results latest finished first by default, or the matches in progress, not
 * started or all, of a category, a table, a player or anything the search names, a page of 20 at a time with
 * Newer and Older. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { matchPageJson } from "../../../../api/manage/serialize.ts";
import { byId, make } from "../dom.ts";
import { matchRow } from "./match_row.ts";
import { manageApi, type ManagePage, type Overview, type OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/** A page of matches as the management API answers it. */
export type FoundPage = ReturnType<typeof matchPageJson>;

/** How many matches a page of the list shows. */
export const FOUND_SHOWN = 20;

/**
 * The query of the list: the form's fields, empty ones left out, and the page.
 * @example findQuery({ status: "completed", category: "", table: "3", text: "okafor" }, 20)
 * // "status=completed&table=3&q=okafor&limit=20&offset=20"
 */
export function findQuery(
  form: { status: string; category: string; table: string; text: string },
  offset: number,
): string {
  const q = new URLSearchParams();
  if (form.status) q.set("status", form.status);
  if (form.category) q.set("category", form.category);
  if (form.table) q.set("table", form.table);
  if (form.text.trim()) q.set("q", form.text.trim());
  q.set("limit", String(FOUND_SHOWN));
  q.set("offset", String(offset));
  return q.toString();
}

/**
 * Which matches of how many the page shows.
 * @example foundCount(20, 20, 48) // "21–40 of 48"
 */
export function foundCount(offset: number, shown: number, total: number): string {
  return total === 0
    ? pw("play.find.none")
    : pw("play.find.count", { from: offset + 1, to: offset + shown, total });
}

/** The value of a field of the form. */
export function findField(id: string): string {
  return byId<HTMLInputElement | HTMLSelectElement>(id)?.value ?? "";
}

/** Reads the page of matches the form asks for and shows it; a failure leaves the list as it is. */
export async function loadFound(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  const form = byId<HTMLFormElement>("match-find")!;
  const offset = Number(form.dataset.offset ?? "0");
  const query = findQuery(
    {
      status: findField("find-status"),
      category: findField("find-category"),
      table: findField("find-table"),
      text: findField("find-text"),
    },
    offset,
  );
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/matches?${query}`);
    if (!res.ok) return;
    const found: FoundPage = (await res.json()).data;
    // The overview's copy knows what starting or taking back the match would clash with.
    const rows = found.matches.map((m) => matchRow(page, page.byMatchId.get(m.id) ?? (m as OverviewMatch)));
    byId("done")!.replaceChildren(...(rows.length ? rows : [make("li", "muted", pw("play.find.none"))]));
    byId("find-count")!.textContent = foundCount(offset, found.matches.length, found.total);
    byId<HTMLButtonElement>("find-prev")!.disabled = offset === 0;
    byId<HTMLButtonElement>("find-next")!.disabled = offset + found.matches.length >= found.total;
  } catch {
    // The next refresh asks again.
  }
}

/** Offers the event's categories in the form's list, the one chosen kept. */
export function showFindCategories(o: Overview): void {
  const select = byId<HTMLSelectElement>("find-category")!;
  const chosen = select.value;
  const all = make("option", "", pw("play.find.all"));
  all.value = "";
  select.replaceChildren(
    all,
    ...o.subevents.map((s) => {
      const option = make("option", "", s.name);
      option.value = s.id;
      return option;
    }),
  );
  select.value = o.subevents.some((s) => s.id === chosen) ? chosen : "";
}

/** Wires the form (a search starts at the first page) and Newer / Older. */
export function watchFind(page: ManagePage): void {
  const form = byId<HTMLFormElement>("match-find");
  if (!form) return;
  const go = (offset: number) => {
    form.dataset.offset = String(Math.max(0, offset));
    void loadFound(page);
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    go(0);
  });
  form.addEventListener("change", () => go(0));
  const at = () => Number(form.dataset.offset ?? "0");
  byId("find-prev")?.addEventListener("click", () => go(at() - FOUND_SHOWN));
  byId("find-next")?.addEventListener("click", () => go(at() + FOUND_SHOWN));
}
