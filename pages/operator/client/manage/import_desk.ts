/// <reference lib="dom" />
/**
 * The desk's import (pages/operator/import_form.tsx): the chosen file is sent with `?dryRun=true`, and what the
 * import would add, change and remove is shown; a file with problems lists each one as the command line does
 * (`path: message`). Import sends it for real, with `?replace=true` once the director has ticked that the desk's
 * work named in the losses may go. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { ImportPreview } from "../../../../event_file/import_preview.ts";
import { problemDetail, problemText } from "../manage_fetch.ts";
import { byId, make, setStatus } from "../dom.ts";
import { type FileProblem, fileProblemLine } from "./file_problem_words.ts";
import { EVENT_KEY, manageApi, type ManagePage } from "./page.ts";
import { w, wCount } from "./words.ts";

/** How many rows of each list are shown; the rest are counted. */
export const SHOWN_ROWS = 40;

/**
 * The lines of a list, the first `SHOWN_ROWS` and then how many more.
 * @example shownRows(["a", "b", "c"], 2) // ["a", "b", "and 1 more"]
 */
export function shownRows(rows: readonly string[], shown = SHOWN_ROWS): string[] {
  return rows.length <= shown
    ? [...rows]
    : [...rows.slice(0, shown), w("desk.andMore", { n: rows.length - shown })];
}

/** A heading and its list, or nothing for an empty list. */
export function listOf(title: string, rows: readonly string[], cls = ""): HTMLElement[] {
  if (rows.length === 0) return [];
  const list = make("ul", cls);
  list.append(...shownRows(rows).map((r) => make("li", "", r)));
  return [make("h3", "", w("desk.listTitle", { title, n: rows.length })), list];
}

/**
 * The sentence that sums a preview up.
 * @example previewSummary({ name: "Open", exists: false, unchanged: false, counts: { entries: 4, matches: 6 } }) // 'A new event "Open": 4 entries, 6 matches'
 */
export function previewSummary(
  p: Pick<ImportPreview, "name" | "exists" | "unchanged"> & {
    counts: Pick<ImportPreview["counts"], "entries" | "matches">;
  },
): string {
  const counts = w("desk.import.counts", { entries: p.counts.entries, matches: p.counts.matches });
  if (p.unchanged) return w("desk.import.unchanged", { name: p.name });
  return p.exists
    ? w("desk.import.replaces", { name: p.name, counts })
    : w("desk.import.new", { name: p.name, counts });
}

/**
 * Shows a file's problems, each on a line as the command line prints them (`path: sentence`), worded from its code
 * in the page's language; `detail` (the problem's sentence) heads a refusal that lists none.
 */
export function showProblems(detail: string, errors: readonly FileProblem[]): void {
  const box = byId("import-problems")!;
  const list = make("ul");
  list.append(...shownRows(errors.map(fileProblemLine)).map((l) => make("li", "", l)));
  const heading = errors.length === 0
    ? detail
    : wCount("desk.import.mendOne", "desk.import.mendMany", errors.length);
  box.replaceChildren(make("p", "", heading), list);
  box.hidden = false;
  byId("import-preview")!.hidden = true;
  box.scrollIntoView({ block: "start" });
}

/** Sends the file to the import; `query` is `?dryRun=true` or `?replace=true` or "". */
export function sendFile(page: ManagePage, text: string, query: string): Promise<Response> {
  return manageApi(page, `/events/import${query}`, {
    method: "POST",
    headers: { "Idempotency-Key": crypto.randomUUID() },
    body: text,
  });
}

/** Draws the preview, with the Import button (and the box to tick when the desk's work would go). */
export function showPreview(page: ManagePage, text: string, p: ImportPreview): void {
  byId("import-problems")!.hidden = true;
  const box = byId("import-preview")!;
  const parts: HTMLElement[] = [make("p", "", previewSummary(p))];
  if (p.losses.length > 0) {
    const warn = make("div", "warning");
    warn.append(...listOf(w("desk.import.losses"), p.losses));
    parts.push(warn);
  }
  parts.push(
    ...listOf(w("desk.import.added"), p.added),
    ...listOf(w("desk.import.changed"), p.changed),
    ...listOf(w("desk.import.removed"), p.removed),
    // What the import takes as it is but names, as the command line prints it (an incident that does not replay).
    ...listOf(w("desk.import.warnings"), (p.warnings ?? []).map(fileProblemLine), "warnings"),
  );
  const form = make("form", "inline");
  const tick = make("input");
  tick.type = "checkbox";
  tick.id = "import-replace";
  if (p.losses.length > 0) {
    const label = make("label", "", ` ${w("desk.import.replace")}`);
    label.prepend(tick);
    form.append(label);
  }
  const go = make("button", "primary", w("desk.import.go"));
  go.type = "submit";
  go.id = "import-go";
  go.disabled = p.unchanged;
  form.append(go);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (p.losses.length > 0 && !tick.checked) {
      return setStatus(w("desk.import.tick"), "error");
    }
    void importFile(page, text, p.losses.length > 0 ? "?replace=true" : "");
  });
  parts.push(form);
  box.replaceChildren(...parts);
  box.hidden = false;
  box.scrollIntoView({ block: "start" });
}

/** Imports the file, then shows the imported event. */
export async function importFile(page: ManagePage, text: string, query: string): Promise<void> {
  setStatus(w("desk.import.importing"), "busy");
  try {
    const res = await sendFile(page, text, query);
    if (!res.ok) return setStatus(await problemDetail(res), "error");
    const data = (await res.json()).data as { slug: string };
    localStorage.setItem(EVENT_KEY, data.slug);
    setStatus(w("desk.import.imported", { slug: data.slug }));
    location.reload();
  } catch {
    setStatus(w("desk.offline"), "error");
  }
}

/** Wires the import form: choosing a file and pressing Check shows what it would do. */
export function watchImport(page: ManagePage): void {
  byId("import-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = byId<HTMLInputElement>("import-file")!.files?.[0];
    if (!file) return setStatus(w("desk.import.chooseFile"), "error");
    setStatus(w("desk.import.checking"), "busy");
    try {
      const text = await file.text();
      const res = await sendFile(page, text, "?dryRun=true");
      if (res.status === 400) {
        const problem = await res.json();
        showProblems(problemText(problem, 400), problem.errors ?? []);
        return setStatus(w("desk.import.problems"), "error");
      }
      if (!res.ok) return setStatus(await problemDetail(res), "error");
      showPreview(page, text, (await res.json()).data);
      setStatus(w("desk.import.checked"));
    } catch {
      setStatus(w("desk.offline"), "error");
    }
  });
}
