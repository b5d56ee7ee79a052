/// <reference lib="dom" />
/**
 * Entries on the day on the operator's page: pick a category, see its entries (withdrawn ones and those
 * without a place in the draw marked), add a player or a pair, withdraw an entry (walkovers for the opponents,
 * or a reserve in its knockout place) and edit a player's name, club and rating, through the management API
 * (docs/operator.md "Entries on the day"). Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import type { ManagedEntry } from "../../../../db/read_category_entries.ts";
import type { Withdrawal } from "../../../../db/entry_writes.ts";
import { byId, make, setStatus } from "../dom.ts";
import { button, submitButton } from "./controls.ts";
import { manageApi, type ManagePage, type Overview } from "./page.ts";
import { pw } from "./play_words.ts";

/** A category with its entries, as GET /api/manage/subevents/{id}/entries answers it. */
export interface CategoryEntries {
  id: string;
  name: string;
  kind: string;
  drawState: string;
  entries: ManagedEntry[];
}

/**
 * What the desk is asked before a withdrawal, saying what will happen.
 * @example withdrawQuestion("Ana Lopez", { inDraw: true, drawState: "locked" }, null)
 * // "Withdraw Ana Lopez? Their matches still to play become walkovers for their opponents."
 */
export function withdrawQuestion(
  name: string,
  where: { inDraw: boolean; drawState: string },
  reserve: string | null,
): string {
  if (!where.inDraw) return pw("play.entry.withdrawNoPlace", { name });
  if (reserve !== null) return pw("play.entry.withdrawReserve", { name, reserve });
  return pw("play.entry.withdrawWalkovers", { name });
}

/**
 * What the status line says once a withdrawal is done.
 * @example withdrawalDone({ name: "Ana Lopez", outcome: "withdrawn", walkovers: ["m1", "m2"], reserve: null })
 * // "Withdrew Ana Lopez: 2 walkovers"
 */
export function withdrawalDone(w: Pick<Withdrawal, "name" | "outcome" | "walkovers" | "reserve">): string {
  const name = w.name;
  if (w.outcome === "left") return pw("play.entry.left", { name });
  if (w.reserve !== null) return pw("play.entry.withdrewReserve", { name, reserve: w.reserve.name });
  const n = w.walkovers.length;
  if (n === 0) return pw("play.entry.withdrewNone", { name });
  return n === 1 ? pw("play.entry.withdrewOne", { name }) : pw("play.entry.withdrewMany", { name, n });
}

/** Says what was done on the status line and beside the entries, where the desk is looking. */
export function entriesSay(text: string): void {
  setStatus(text);
  const said = byId("entries-said");
  if (said) said.textContent = text;
}

/** The labelled text field of a form. */
export function entryField(
  text: string,
  className: string,
  type = "text",
): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = make("label", "", `${text} `);
  const input = make("input", className);
  input.type = type;
  label.append(input);
  return { label, input };
}

/** A player's fields (name, club, rating) as a body, or null when the name is empty. */
export function newPlayerBody(inputs: readonly HTMLInputElement[]): Record<string, unknown> | null {
  const [name, club, rating] = inputs.map((i) => i.value.trim());
  if (!name) return null;
  return { name, association: club || null, ...(rating ? { rating: Number(rating) } : {}) };
}

/** The form that edits a player of an entry, in place of the row's actions. */
export function playerEditForm(
  page: ManagePage,
  p: ManagedEntry["players"][number],
  reload: () => void,
): HTMLFormElement {
  const form = make("form", "inline edit-player");
  const name = entryField(pw("play.entry.name"), "player-name");
  const club = entryField(pw("play.entry.club"), "player-club");
  const rating = entryField(pw("play.entry.rating"), "player-rating", "number");
  name.input.value = p.displayName;
  name.input.required = true;
  club.input.value = p.association ?? "";
  rating.input.value = p.rating === null ? "" : String(p.rating);
  form.append(
    name.label,
    club.label,
    rating.label,
    submitButton(pw("play.entry.save")),
    button(pw("play.entry.cancel"), reload),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = {
      name: name.input.value.trim(),
      association: club.input.value.trim() || null,
      rating: rating.input.value.trim() === "" ? null : Number(rating.input.value),
    };
    const done = await page.write(
      `/players/${p.id}`,
      body,
      pw("play.entry.saved", { name: body.name }),
      "PATCH",
    );
    if (done) {
      entriesSay(pw("play.entry.saved", { name: body.name }));
      reload();
    }
  });
  return form;
}

/** One entry's row: name, club, seed and marks, and its actions. */
export function entryRow(
  page: ManagePage,
  category: CategoryEntries,
  e: ManagedEntry,
  reload: () => void,
): HTMLElement {
  const li = make("li", "category entry");
  li.dataset.entryId = e.id;
  const marks = [
    e.association ?? "",
    e.seed === null ? "" : pw("play.entry.seed", { seed: e.seed }),
    e.withdrawnAt
      ? pw("play.entry.withdrawn")
      : e.inDraw || category.drawState === "none"
      ? ""
      : pw("play.entry.notInDraw"),
  ].filter((s) => s !== "").join(", ");
  li.append(make("span", "names", e.name), make("span", "where", marks));
  if (e.withdrawnAt) return li;
  const reserves = category.entries.filter((r) => !r.inDraw && !r.withdrawnAt && r.id !== e.id);
  let choice: HTMLSelectElement | null = null;
  if (e.inDraw && category.drawState === "locked" && reserves.length > 0) {
    choice = make("select", "reserve");
    choice.setAttribute("aria-label", pw("play.entry.instead", { name: e.name }));
    const none = make("option", "", pw("play.entry.walkoversForOpponents"));
    none.value = "";
    choice.append(
      none,
      ...reserves.map((r) =>
        Object.assign(make("option", "", pw("play.entry.reserve", { name: r.name })), { value: r.id })
      ),
    );
    li.append(choice);
  }
  li.append(button(pw("play.entry.withdraw"), async () => {
    const reserve = choice?.value ? reserves.find((r) => r.id === choice!.value) ?? null : null;
    if (
      !confirm(
        withdrawQuestion(e.name, { inDraw: e.inDraw, drawState: category.drawState }, reserve?.name ?? null),
      )
    ) {
      return;
    }
    const done = await page.write<{ withdrawal: Withdrawal }>(
      `/subevents/${category.id}/entries/${e.id}/withdraw`,
      reserve ? { reserveEntryId: reserve.id } : {},
      pw("play.entry.withdrew", { name: e.name }),
    );
    if (done) {
      entriesSay(withdrawalDone(done.withdrawal));
      reload();
    }
  }));
  for (const p of e.players) {
    li.append(
      button(
        pw("play.entry.edit", { name: p.displayName }),
        () => li.replaceChildren(playerEditForm(page, p, reload)),
      ),
    );
  }
  return li;
}

/** The add form: a player, and for doubles the partner; names required, club and rating optional. */
export function addForm(page: ManagePage, category: CategoryEntries, reload: () => void): HTMLFormElement {
  const form = make("form", "inline");
  form.id = "entry-add";
  const sides = (category.kind === "doubles" ? [pw("play.entry.player"), pw("play.entry.partner")] : [
    pw("play.entry.player"),
  ]).map((who) => {
    const name = entryField(who, "new-name");
    name.input.required = true;
    name.input.maxLength = 200;
    const club = entryField(pw("play.entry.club"), "new-club");
    const rating = entryField(pw("play.entry.rating"), "new-rating", "number");
    rating.input.min = "1";
    rating.input.max = "5000";
    form.append(name.label, club.label, rating.label);
    return [name.input, club.input, rating.input];
  });
  form.append(submitButton(pw("play.entry.add")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const players = sides.map(newPlayerBody);
    if (players.some((p) => p === null)) return;
    const done = await page.write<{ entry: { name: string } }>(
      `/subevents/${category.id}/entries`,
      { players },
      pw("play.entry.addedTo", { category: category.name }),
    );
    if (done) {
      entriesSay(pw("play.entry.added", { name: done.entry.name, category: category.name }));
      reload();
    }
  });
  return form;
}

/** The entries read last: an answer to an earlier read that comes after it draws nothing. */
export const entriesRead = { n: 0 };

/** Reads a category's entries and draws them with the add form; says why on the status line when it cannot. */
export async function showEntries(page: ManagePage, categoryId: string): Promise<void> {
  const list = byId("entry-list")!;
  const form = byId("entry-form")!;
  const read = ++entriesRead.n;
  list.dataset.category = categoryId;
  if (!categoryId) {
    list.replaceChildren();
    form.replaceChildren();
    return;
  }
  const res = await manageApi(page, `/subevents/${categoryId}/entries`);
  if (read !== entriesRead.n) return;
  if (!res.ok) {
    setStatus(pw("play.entry.unreadable", { status: res.status }), "error");
    return;
  }
  const category: CategoryEntries = (await res.json()).data.category;
  if (read !== entriesRead.n) return;
  const reload = () => void showEntries(page, categoryId);
  list.replaceChildren(...category.entries.map((e) => entryRow(page, category, e, reload)));
  form.replaceChildren(addForm(page, category, reload));
}

/** Fills the category select from the event's overview, keeping the category chosen when it is still there. */
export async function loadEntryCategories(page: ManagePage): Promise<void> {
  const select = byId<HTMLSelectElement>("entries-category")!;
  if (!page.slug) return;
  const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}`);
  if (!res.ok) return;
  const o: Overview = (await res.json()).data;
  const kept = select.value;
  const pick = make("option", "", pw("play.entry.choose"));
  pick.value = "";
  select.replaceChildren(
    pick,
    ...o.subevents.map((s) => Object.assign(make("option", "", s.name), { value: s.id })),
  );
  select.value = o.subevents.some((s) => s.id === kept) ? kept : "";
  // The director may have chosen the category while the event was read: its entries are shown already, and
  // drawing them again would undo a choice half made in them (a reserve picked, a name being typed).
  if (select.value !== "" && byId("entry-list")!.dataset.category === select.value) return;
  await showEntries(page, select.value);
}

/** Builds the Entries section into `#entries` and follows the event select. */
export function watchEntries(page: ManagePage): void {
  const section = byId("entries");
  if (!section) return;
  const select = make("select");
  select.id = "entries-category";
  const label = make("label", "", `${pw("play.entry.category")} `);
  label.append(select);
  const list = make("ul", "rows");
  list.id = "entry-list";
  const form = make("div");
  form.id = "entry-form";
  const said = make("p", "muted");
  said.id = "entries-said";
  said.setAttribute("role", "status");
  section.append(label, said, list, form);
  select.addEventListener("change", () => void showEntries(page, select.value));
  byId("event-select")?.addEventListener("change", () => void loadEntryCategories(page));
  void loadEntryCategories(page);
}
