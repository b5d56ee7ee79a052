/// <reference lib="dom" />
/**
 * The desk's rating list (pages/operator/rating_list_form.tsx): the chosen CSV is sent with `?dryRun=true` and
 * the report shown (matched, unmatched, ambiguous, refused rows with their lines); Apply sends it for real.
 * Every declaration is exported so that the page can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import type { RatingListResult } from "../../../../db/rating_list_writes.ts";
import { problemDetail } from "../manage_fetch.ts";
import { byId, make, setStatus } from "../dom.ts";
import { listOf } from "./import_desk.ts";
import { manageApi, type ManagePage } from "./page.ts";

/**
 * The sentence that sums a report up.
 * @example ratingListSummary({ matched: [1, 2], changed: 1, unmatched: [], ambiguous: [3], refused: [], notInList: [] }) // "2 players matched (1 rating changes), 0 rows unmatched, 1 ambiguous, 0 refused; 0 players of the event are not in the list"
 */
export function ratingListSummary(
  r: { [K in "matched" | "unmatched" | "ambiguous" | "refused" | "notInList"]: readonly unknown[] } & {
    changed: number;
  },
): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${n(r.matched.length, "player", "players")} matched (${
    n(r.changed, "rating changes", "ratings change")
  }), ${
    n(r.unmatched.length, "row", "rows")
  } unmatched, ${r.ambiguous.length} ambiguous, ${r.refused.length} ` +
    `refused; ${n(r.notInList.length, "player of the event is", "players of the event are")} not in the list`;
}

/** Sends the list; `query` is `?dryRun=true` or "". */
export function sendRatingList(page: ManagePage, text: string, query: string): Promise<Response> {
  return manageApi(page, `/events/${encodeURIComponent(page.slug)}/rating-list${query}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: text,
  });
}

/** Draws the report, with Apply unless it was applied or changes nothing. */
export function showRatingReport(page: ManagePage, text: string, r: RatingListResult): void {
  const box = byId("rating-list-report")!;
  const parts: HTMLElement[] = [make("p", "", ratingListSummary(r))];
  if (r.refused.length > 0 || r.ambiguous.length > 0) {
    const warn = make("div", "warning");
    warn.append(
      ...listOf("Refused", r.refused.map((x) => `Line ${x.line}: ${x.reason}`)),
      ...listOf(
        "Ambiguous",
        r.ambiguous.map((x) =>
          `Line ${x.line}: ${x.name}: ${x.reason} (${
            x.candidates.map((c) => c.association ? `${c.name}, ${c.association}` : c.name).join("; ")
          })`
        ),
      ),
    );
    parts.push(warn);
  }
  parts.push(
    ...listOf(
      "Matched",
      r.matched.map((m) =>
        `${m.name}: ${m.rating}${m.before === null ? "" : ` (was ${m.before})`}, by ${m.by}, line ${m.line}`
      ),
    ),
    ...listOf(
      "Not matched",
      r.unmatched.map((u) => `Line ${u.line}: ${u.name}${u.federationId ? ` (${u.federationId})` : ""}`),
    ),
    ...listOf("Players not in the list", r.notInList.map((p) => p.name)),
  );
  if (r.dryRun && r.changed > 0) {
    const go = make("button", "primary", `Apply ${r.changed} rating${r.changed === 1 ? "" : "s"}`);
    go.type = "button";
    go.id = "rating-list-apply";
    go.addEventListener("click", () => void applyRatingList(page, text));
    parts.push(go);
  }
  box.replaceChildren(...parts);
  box.hidden = false;
}

/** Sends the list for real and shows what it did. */
export async function applyRatingList(page: ManagePage, text: string): Promise<void> {
  setStatus("Applying the rating list…", "busy");
  try {
    const res = await sendRatingList(page, text, "");
    if (!res.ok) return setStatus(await problemDetail(res), "error");
    const r: RatingListResult = (await res.json()).data;
    showRatingReport(page, text, r);
    setStatus(`Ratings set for ${r.changed} player${r.changed === 1 ? "" : "s"}`);
  } catch {
    setStatus("Cannot reach the server", "error");
  }
}

/** Wires the form: choosing a list and pressing Check shows its report. */
export function watchRatingList(page: ManagePage): void {
  byId("rating-list-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = byId<HTMLInputElement>("rating-list-file")!.files?.[0];
    if (!file) return setStatus("Choose a rating list first", "error");
    if (!page.slug) return setStatus("Choose an event first", "error");
    setStatus("Checking the list…", "busy");
    try {
      const text = await file.text();
      const res = await sendRatingList(page, text, "?dryRun=true");
      if (!res.ok) {
        byId("rating-list-report")!.hidden = true;
        return setStatus(await problemDetail(res), "error");
      }
      showRatingReport(page, text, (await res.json()).data);
      setStatus("Checked: no rating changes until you press Apply");
    } catch {
      setStatus("Cannot reach the server", "error");
    }
  });
}
