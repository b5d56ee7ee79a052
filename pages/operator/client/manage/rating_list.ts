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
import { w, wCount } from "./words.ts";

/**
 * The sentence that sums a report up.
 * @example ratingListSummary({ matched: [1, 2], changed: 1, unmatched: [], ambiguous: [3], refused: [], notInList: [] }) // "Players matched: 2 (1 with a new rating) · rows unmatched: 0 · ambiguous: 1 · refused: 0 · players of the event not in the list: 0"
 */
export function ratingListSummary(
  r: { [K in "matched" | "unmatched" | "ambiguous" | "refused" | "notInList"]: readonly unknown[] } & {
    changed: number;
  },
): string {
  return w("desk.rating.summary", {
    matched: r.matched.length,
    changed: r.changed,
    unmatched: r.unmatched.length,
    ambiguous: r.ambiguous.length,
    refused: r.refused.length,
    notInList: r.notInList.length,
  });
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
      ...listOf(
        w("desk.rating.refused"),
        r.refused.map((x) => w("desk.rating.line", { line: x.line, text: x.reason })),
      ),
      ...listOf(
        w("desk.rating.ambiguous"),
        r.ambiguous.map((x) =>
          w("desk.rating.line", {
            line: x.line,
            text: `${x.name}: ${x.reason} (${
              x.candidates.map((c) => c.association ? `${c.name}, ${c.association}` : c.name).join("; ")
            })`,
          })
        ),
      ),
    );
    parts.push(warn);
  }
  parts.push(
    ...listOf(
      w("desk.rating.matched"),
      r.matched.map((m) => {
        const by = m.by === "name" ? w("desk.rating.byName") : w("desk.rating.byFederationId");
        return m.before === null
          ? w("desk.rating.matchedLine", { name: m.name, rating: m.rating, by, line: m.line })
          : w("desk.rating.matchedWas", {
            name: m.name,
            rating: m.rating,
            before: m.before,
            by,
            line: m.line,
          });
      }),
    ),
    ...listOf(
      w("desk.rating.notMatched"),
      r.unmatched.map((u) =>
        w("desk.rating.line", {
          line: u.line,
          text: `${u.name}${u.federationId ? ` (${u.federationId})` : ""}`,
        })
      ),
    ),
    ...listOf(w("desk.rating.notInList"), r.notInList.map((p) => p.name)),
  );
  if (r.dryRun && r.changed > 0) {
    const go = make("button", "primary", wCount("desk.rating.applyOne", "desk.rating.apply", r.changed));
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
  setStatus(w("desk.rating.applying"), "busy");
  try {
    const res = await sendRatingList(page, text, "");
    if (!res.ok) return setStatus(await problemDetail(res), "error");
    const r: RatingListResult = (await res.json()).data;
    showRatingReport(page, text, r);
    setStatus(wCount("desk.rating.setOne", "desk.rating.set", r.changed));
  } catch {
    setStatus(w("desk.offline"), "error");
  }
}

/** Wires the form: choosing a list and pressing Check shows its report. */
export function watchRatingList(page: ManagePage): void {
  byId("rating-list-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = byId<HTMLInputElement>("rating-list-file")!.files?.[0];
    if (!file) return setStatus(w("desk.rating.chooseFile"), "error");
    if (!page.slug) return setStatus(w("desk.rating.chooseEvent"), "error");
    setStatus(w("desk.rating.checking"), "busy");
    try {
      const text = await file.text();
      const res = await sendRatingList(page, text, "?dryRun=true");
      if (!res.ok) {
        byId("rating-list-report")!.hidden = true;
        return setStatus(await problemDetail(res), "error");
      }
      showRatingReport(page, text, (await res.json()).data);
      setStatus(w("desk.rating.checked"));
    } catch {
      setStatus(w("desk.offline"), "error");
    }
  });
}
