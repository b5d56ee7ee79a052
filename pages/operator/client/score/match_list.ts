/// <reference lib="dom" />
/**
 * The umpire's list `/score`: the matches the token may score, by table, each marked with its taps not sent
 * yet, who else scores it, and (asked before opening it) a player still playing elsewhere. The list sends the
 * outbox too: on load, when it comes back into view and every 10 seconds, and shows the list again after each
 * send; its event's change stream shows it again at once on a change (list_push.ts). Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { tokenJson } from "../../../../api/manage/serialize.ts";
import { byId, make, setStatus, setText } from "../dom.ts";
import { problemDetail } from "../manage_fetch.ts";
import { listenToEvent } from "./list_push.ts";
import { clock, startClashWords, versus } from "./match_names.ts";
import { readOutbox, waitingFor } from "./outbox.ts";
import { haltForToken, type ListMatch, type ScorableList, scoreApi, type ScorePage } from "./page.ts";
import { flushOutbox } from "./sender.ts";
import { openSheet } from "./sheet.ts";
import { tapsNotSent, w } from "./words.ts";

/** The status line while taps wait to be sent, else `otherwise`. */
export function waitingStatus(store: Storage, otherwise: string): string {
  const n = readOutbox(store).length;
  return n > 0 ? w("score.sendingWaiting", { waiting: tapsNotSent(n) }) : otherwise;
}

/**
 * Who the token is, for the bar.
 * @example whoamiText({ label: "Table 3 umpire", role: "scorer", eventSlug: "city-open", tableNo: 3 }) // "Table 3 umpire (scorer, city-open, table 3)"
 */
export function whoamiText(
  t: Pick<ReturnType<typeof tokenJson>, "label" | "role" | "eventSlug" | "tableNo">,
): string {
  const said = { label: t.label, role: t.role, event: t.eventSlug ?? "", table: t.tableNo ?? "" };
  return w(t.tableNo ? "score.whoamiTable" : t.eventSlug ? "score.whoamiEvent" : "score.whoami", said);
}

/**
 * A match's line under its names: category, stage, and the score while it is live or when it is scheduled.
 * @example matchState(running) // "Women's Singles · Group B · Live 1-0 (3-4)"
 */
export function matchState(m: ListMatch): string {
  const live = m.status === "in_progress"
    ? w("score.live", {
      games: `${m.gamesWon.home}-${m.gamesWon.away}`,
      points: `${m.currentGame.home}-${m.currentGame.away}`,
    })
    : m.scheduledAt
    ? w("score.scheduledAt", { time: clock(m.scheduledAt) })
    : w("score.scheduled");
  return `${m.subeventName} · ${m.stageLabel} · ${live}`;
}

/** A match's link to its scoring page; `waiting` is how many of its taps are not sent yet. */
export function matchLink(
  m: ListMatch,
  waiting: number,
  clashMatches: ScorableList["clashMatches"],
): HTMLElement {
  const link = make("a", `match-link ${m.status}`);
  link.href = `/score/${encodeURIComponent(m.id)}`;
  link.dataset.matchId = m.id;
  link.append(make("span", "names", versus(m)));
  link.append(make("span", "where", matchState(m)));
  if (waiting > 0) {
    link.append(make("span", "waiting", tapsNotSent(waiting)));
  }
  if (m.scorer && !m.scorer.you) {
    link.append(
      make("span", "where", w("score.scoredOn", { device: m.scorer.label, time: clock(m.scorer.since) })),
    );
  }
  const clashes = (m.clashesOnStart ?? []).filter((c) => c.kind === "player-busy");
  if (clashes.length > 0) {
    const text = clashes.map((c) => startClashWords(c, clashMatches)).join("; ");
    link.append(make("span", "clash", text));
    link.addEventListener("click", (event) => {
      event.preventDefault();
      openSheet(w("score.stillPlaying"), w("score.startAnyway", { clash: text }), [
        { label: w("score.openMatch"), act: () => void (location.href = link.href), kind: "primary" },
        { label: w("score.notNow") },
      ]);
    });
  }
  return link;
}

/** Where the list keeps its last answers (who the token is, its matches), to show them offline. */
export const LIST_COPY_KEY = "tt.score.list";

/** The list's last answers as kept. */
export interface ListCopy {
  who: ReturnType<typeof tokenJson>;
  data: ScorableList;
}

/** The list's last answers, or null when none were kept (or they cannot be read). */
export function readListCopy(store: Storage): ListCopy | null {
  try {
    const kept = JSON.parse(store.getItem(LIST_COPY_KEY) ?? "null");
    return kept && Array.isArray(kept.data?.matches) && kept.who ? kept : null;
  } catch {
    return null;
  }
}

/** Draws the token and its matches, grouped by table. */
export function drawList(page: ScorePage, list: HTMLElement, copy: ListCopy): void {
  setText("whoami", whoamiText(copy.who));
  const outbox = readOutbox(page.store);
  list.replaceChildren();
  if (copy.data.matches.length === 0) list.append(make("p", "muted", w("score.noMatch")));
  const tables = new Map<string, ListMatch[]>();
  for (const m of copy.data.matches) {
    const key = m.tableNo === null ? w("score.noTableYet") : w("score.table", { table: m.tableNo });
    tables.set(key, [...(tables.get(key) ?? []), m]);
  }
  for (const [table, ms] of tables) {
    const section = make("section", "table-group");
    section.append(make("h2", "", table));
    for (const m of ms) section.append(matchLink(m, waitingFor(outbox, m.id).length, copy.data.clashMatches));
    list.append(section);
  }
}

/**
 * Reads the token and its matches and shows them, grouped by table; offline, shows them as last read, so that
 * the umpire can open another match (its page opens offline too: offline_pages.ts).
 */
export async function showList(page: ScorePage): Promise<void> {
  const list = byId("list");
  if (!list) return;
  let res: Response;
  let who: Response;
  try {
    [who, res] = await Promise.all([scoreApi(page, "/whoami"), scoreApi(page, "/matches")]);
  } catch {
    const kept = readListCopy(page.store);
    if (kept) drawList(page, list, kept);
    setStatus(
      waitingStatus(page.store, w(kept ? "score.offlineList" : "score.offlineRetrying")),
      "offline",
    );
    return;
  }
  if (who.status === 401 || res.status === 401) return haltForToken(page, await problemDetail(who));
  if (!res.ok) return setStatus(await problemDetail(res), "error");
  const copy: ListCopy = { who: (await who.json()).data.token, data: (await res.json()).data };
  try {
    page.store.setItem(LIST_COPY_KEY, JSON.stringify(copy));
  } catch {
    // A full storage shows the list online only; the outbox matters more than the copy.
  }
  drawList(page, list, copy);
  // The change stream of the list's event, when it is published (the server says which).
  if (copy.data.streamSlug) listenToEvent(copy.data.streamSlug, () => showList(page));
  // Taps waiting for matches this token no longer lists are sent too (by the outbox), and said.
  setStatus(
    waitingStatus(page.store, w("score.upToDate")),
    readOutbox(page.store).length > 0 ? "busy" : "ok",
  );
}

/** Runs the list: a flush ends by showing the list again, so that what was sent loses its "not sent yet". */
export function setupList(page: ScorePage): void {
  page.render = () => void showList(page);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void flushOutbox(page);
  });
  void flushOutbox(page);
  setInterval(() => {
    if (!page.halted) void flushOutbox(page);
  }, 10_000);
}
