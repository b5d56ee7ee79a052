/// <reference lib="dom" />
/**
 * The sessions of play on the operator's page ("Order of play"): the event's sessions (a name, a day, its hours
 * and its tables, in the browser's time zone: the venue's) as rows the director edits, adds and removes, and for
 * each category a tick per session it plays in. Saved with PUT /events/{slug}/sessions (db/session_writes.ts);
 * the plan is then made in them (api/manage/plan.ts without `sessions`). What is wrong is said in a sentence
 * before anything is sent. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { EventSessions } from "../../../../db/read_event_sessions.ts";
import { type SessionProblem, sessionProblems } from "../../../../domain/event_sessions.ts";
import { problemDetail } from "../manage_fetch.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { tableList } from "./plan.ts";
import { pw } from "./play_words.ts";

/** The longest a session running past midnight may be: an evening into the night, not a day less a moment. */
export const MAX_OVERNIGHT_MS = 12 * 3600_000;

/** A session as the rows hold it: local day and hours, tables as typed. */
export interface SessionRow {
  id: string;
  name: string;
  day: string;
  from: string;
  to: string;
  tables: string;
}

/** What is saved: the body of PUT /events/{slug}/sessions. */
export interface SessionsBody {
  sessions: { id: string; name: string | null; start: string; end: string; tables: number[] }[];
  categories: Record<string, string[] | null>;
}

/** The sessions the editor was loaded with or last saved, as JSON: a plan saves only what changed. */
export const savedSessions = { json: "" };

/** A number of one or two digits as two: "09". */
export function twoDigits(n: number): string {
  return String(n).padStart(2, "0");
}

/** "2026-11-28" of a time, in the browser's time zone. */
export function localDay(t: Date): string {
  return `${t.getFullYear()}-${twoDigits(t.getMonth() + 1)}-${twoDigits(t.getDate())}`;
}

/**
 * Tables as a desk types them: runs of numbers as ranges.
 * @example tableText([1, 2, 3, 4, 7]) // "1-4, 7"
 */
export function tableText(tables: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < tables.length; i++) {
    let j = i;
    while (j + 1 < tables.length && tables[j + 1] === tables[j]! + 1) j++;
    parts.push(j === i ? `${tables[i]}` : `${tables[i]}-${tables[j]}`);
    i = j;
  }
  return parts.join(", ");
}

/** A stored session as a row, in the browser's time zone. */
export function sessionRow(s: EventSessions["sessions"][number]): SessionRow {
  const start = new Date(s.start);
  const end = new Date(s.end);
  const clock = (t: Date) => `${twoDigits(t.getHours())}:${twoDigits(t.getMinutes())}`;
  return {
    id: s.id,
    name: s.name ?? "",
    day: localDay(start),
    from: clock(start),
    to: clock(end),
    tables: tableText(s.tables),
  };
}

/** What the director reads of a session: its name, else its place in the list. */
export function sessionLabel(row: Pick<SessionRow, "name">, index: number): string {
  return row.name.trim() || pw("play.session.label", { n: index + 1 });
}

/**
 * The sentence for a rule a session breaks (domain/event_sessions.ts), naming the sessions as the director sees
 * them.
 */
export function sessionProblemWords(p: SessionProblem, rows: readonly Pick<SessionRow, "name">[]): string {
  const name = (i: number) => pw("play.session.quoted", { name: sessionLabel(rows[i]!, i) });
  if (p.field === "end") return pw("play.session.endsBefore", { name: name(p.index) });
  if (p.other !== undefined && p.table !== undefined) {
    return pw("play.session.sameTable", { first: name(p.other), second: name(p.index), table: p.table });
  }
  return pw("play.session.problem", { name: name(p.index), problem: p.message });
}

/**
 * The body to save from the rows and the ticks, or the sentence that says what is wrong. A category with every
 * session ticked plays in every session (null), so that a session added later is one of its sessions too.
 */
export function sessionsBody(
  rows: readonly SessionRow[],
  ticks: readonly { id: string; name: string; sessions: string[] }[],
): SessionsBody | string {
  const sessions: SessionsBody["sessions"] = [];
  for (const [i, row] of rows.entries()) {
    const label = pw("play.session.quoted", { name: sessionLabel(row, i) });
    const start = new Date(`${row.day}T${row.from}`);
    const end = new Date(`${row.day}T${row.to}`);
    // A session whose end is before its start runs past midnight when that makes it a session's length ("19:00
    // to 01:00" ends the next day); "14:00 to 13:30" is an end mistyped, said below as ending before it starts.
    const overnight = new Date(end);
    overnight.setDate(overnight.getDate() + 1);
    if (end.getTime() < start.getTime() && overnight.getTime() - start.getTime() <= MAX_OVERNIGHT_MS) {
      end.setTime(overnight.getTime());
    }
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
      return pw("play.session.dayHours", { name: label });
    }
    const tables = tableList(row.tables);
    if (!tables) {
      return pw("play.session.tables", { name: label });
    }
    sessions.push({
      id: row.id,
      name: row.name.trim() || null,
      start: start.toISOString(),
      end: end.toISOString(),
      tables,
    });
  }
  const spans = sessions.map((s) => ({
    id: s.id,
    start: Date.parse(s.start),
    end: Date.parse(s.end),
    tables: s.tables,
  }));
  const problem = sessionProblems(spans)[0];
  if (problem) return sessionProblemWords(problem, rows);
  const categories: SessionsBody["categories"] = {};
  for (const c of ticks) {
    const kept = c.sessions.filter((id) => rows.some((r) => r.id === id));
    if (rows.length > 0 && kept.length === 0) {
      return pw("play.session.tick", { category: c.name });
    }
    categories[c.id] = kept.length === rows.length ? null : kept;
  }
  return { sessions, categories };
}

/** A key for a new session: "s" and the first number no session has. */
export function newSessionId(rows: readonly Pick<SessionRow, "id">[]): string {
  let n = rows.length + 1;
  while (rows.some((r) => r.id === `s${n}`)) n++;
  return `s${n}`;
}

/** The rows as the editor holds them. */
export function editedRows(): SessionRow[] {
  return [...document.querySelectorAll<HTMLTableRowElement>("#session-rows tr")].map((tr) => {
    const value = (field: string) => tr.querySelector<HTMLInputElement>(`[data-field="${field}"]`)!.value;
    return {
      id: tr.dataset.id!,
      name: value("name"),
      day: value("day"),
      from: value("from"),
      to: value("to"),
      tables: value("tables"),
    };
  });
}

/** The categories' ticks as the editor holds them. */
export function editedTicks(): { id: string; name: string; sessions: string[] }[] {
  return [...document.querySelectorAll<HTMLFieldSetElement>("#category-sessions fieldset")].map((set) => ({
    id: set.dataset.id!,
    name: set.dataset.name!,
    sessions: [...set.querySelectorAll<HTMLInputElement>("input:checked")].map((box) => box.value),
  }));
}

/** A row of the editor: each field labelled for screen readers, and a button that removes the session. */
export function rowElement(row: SessionRow, onChange: () => void): HTMLTableRowElement {
  const tr = make("tr");
  tr.dataset.id = row.id;
  const cell = (field: keyof SessionRow, type: string, label: string, extra: Record<string, string> = {}) => {
    const input = make("input");
    input.type = type;
    input.value = row[field];
    input.dataset.field = field;
    input.setAttribute("aria-label", label);
    for (const [k, v] of Object.entries(extra)) input.setAttribute(k, v);
    input.addEventListener("input", onChange);
    const td = make("td");
    td.append(input);
    return td;
  };
  const remove = make("button", "", pw("play.session.remove"));
  remove.type = "button";
  remove.addEventListener("click", () => {
    tr.remove();
    onChange();
  });
  const last = make("td");
  last.append(remove);
  tr.append(
    cell("name", "text", pw("play.session.name"), {
      placeholder: pw("play.session.namePlaceholder"),
      size: "18",
    }),
    cell("day", "date", pw("play.session.day")),
    cell("from", "time", pw("play.session.from")),
    cell("to", "time", pw("play.session.to")),
    cell("tables", "text", pw("play.session.tablesLabel"), { placeholder: "1-8", size: "8" }),
    last,
  );
  return tr;
}

/**
 * Draws the categories' ticks for the rows: a category keeps its ticks; one that had every session ticked gets a
 * new session ticked too.
 */
export function drawTicks(
  categories: readonly { id: string; name: string; sessions: string[] | null }[],
  rows: readonly SessionRow[],
): void {
  byId("category-sessions")!.replaceChildren(...categories.map((c) => {
    const set = make("fieldset");
    set.dataset.id = c.id;
    set.dataset.name = c.name;
    set.append(make("legend", "", c.name));
    rows.forEach((row, i) => {
      const label = make("label");
      const box = make("input");
      box.type = "checkbox";
      box.value = row.id;
      box.checked = c.sessions === null || c.sessions.includes(row.id);
      label.append(box, sessionLabel(row, i));
      set.append(label);
    });
    if (rows.length === 0) set.append(make("span", "muted", pw("play.session.addFirst")));
    return set;
  }));
}

/** The ticks as categories, for drawing again: every session ticked counts as every session. */
export function ticksNow(rowsBefore: readonly Pick<SessionRow, "id">[]) {
  return editedTicks().map((t) => ({
    ...t,
    sessions: rowsBefore.length > 0 && rowsBefore.every((r) => t.sessions.includes(r.id)) ? null : t.sessions,
  }));
}

/** Draws the editor: the rows, then the ticks; any change draws the ticks again with the rows' names. */
export function drawEditor(stored: EventSessions): void {
  let rows: SessionRow[] = stored.sessions.map(sessionRow);
  const redraw = () => {
    // The plan shown was made in the sessions before this change: it is not offered for keeping.
    byId("plan-keep")!.hidden = true;
    const before = rows;
    rows = editedRows();
    drawTicks(ticksNow(before), rows);
  };
  if (rows.length === 0) {
    // An event without sessions gets one to start from: today, a day's hours, eight tables.
    rows = [{ id: "s1", name: "", day: localDay(new Date()), from: "09:00", to: "18:00", tables: "1-8" }];
  }
  byId("session-rows")!.replaceChildren(...rows.map((r) => rowElement(r, redraw)));
  drawTicks(stored.categories, rows);
  byId("category-sessions")!.onchange = () => {
    byId("plan-keep")!.hidden = true;
  };
  byId("session-add")!.onclick = () => {
    const current = editedRows();
    const last = current.at(-1);
    const row: SessionRow = {
      id: newSessionId(current),
      name: "",
      day: last?.day ?? localDay(new Date()),
      from: last?.to ?? "09:00",
      to: "18:00",
      tables: last?.tables ?? "1-8",
    };
    byId("session-rows")!.append(rowElement(row, redraw));
    redraw();
  };
}

/** Reads the event's sessions and draws them; says so under the form when they cannot be read. */
export async function loadSessions(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/sessions`);
    if (!res.ok) {
      byId("plan-summary")!.textContent = pw("play.session.unreadable", { why: await problemDetail(res) });
      return;
    }
    const stored: EventSessions = (await res.json()).data;
    savedSessions.json = stored.sessions.length === 0 ? "" : JSON.stringify(sessionsBody(
      stored.sessions.map(sessionRow),
      stored.categories.map((c) => ({ ...c, sessions: c.sessions ?? stored.sessions.map((s) => s.id) })),
    ));
    drawEditor(stored);
  } catch {
    byId("plan-summary")!.textContent = pw("play.unreachable");
  }
}

/**
 * Saves the sessions as edited when they changed; true when they are saved (or were already), false with the
 * sentence that says why under the form.
 */
export async function saveSessions(page: ManagePage, say: (text: string) => void): Promise<boolean> {
  const body = sessionsBody(editedRows(), editedTicks());
  if (typeof body === "string") {
    say(body);
    return false;
  }
  const json = JSON.stringify(body);
  if (json === savedSessions.json) return true;
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/sessions`, {
      method: "PUT",
      body: json,
    });
    if (!res.ok) {
      say(pw("play.session.notSaved", { why: await problemDetail(res) }));
      return false;
    }
    savedSessions.json = json;
    return true;
  } catch {
    say(pw("play.unreachable"));
    return false;
  }
}

/** Saves the sessions before a plan, which needs at least one; false with the sentence that says why not. */
export async function saveSessionsToPlan(page: ManagePage, say: (text: string) => void): Promise<boolean> {
  if (editedRows().length === 0) {
    say(pw("play.session.needOne"));
    return false;
  }
  return await saveSessions(page, say);
}

/** Loads the sessions of the event shown, and again when another is chosen; "Save sessions" saves them. */
export function watchSessions(page: ManagePage): void {
  const say = (text: string) => {
    byId("plan-summary")!.textContent = text;
  };
  byId("event-select")?.addEventListener("change", () => void loadSessions(page));
  byId("session-save")?.addEventListener("click", async () => {
    if (await saveSessions(page, say)) say(pw("play.session.saved"));
  });
  void loadSessions(page);
}
