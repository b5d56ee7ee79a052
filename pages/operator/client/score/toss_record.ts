/// <reference lib="dom" />
/**
 * The toss on the umpire's start panel (Law 2.13.1): who won it and what they chose (to serve, to receive, or an
 * end). Kept on the phone first, then sent (`POST /matches/{id}/toss`) by whichever scoring page is open as soon
 * as the link allows, like the taps. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { type Toss, type TossChoice, tossWords } from "../../../../domain/toss.ts";
import { byId, setText } from "../dom.ts";
import { postKept } from "./kept_post.ts";
import { knownMatch } from "./known_matches.ts";
import { sideName } from "./match_names.ts";
import type { ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { openSheet } from "./sheet.ts";
import { w } from "./words.ts";

/** Where the phone keeps the tosses not sent yet, by match. */
export const TOSS_KEY = "tt.toss";

/** The tosses not sent yet, by match id. */
export function waitingTosses(store: Storage): Record<string, Toss> {
  try {
    const kept = JSON.parse(store.getItem(TOSS_KEY) ?? "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** Keeps a match's toss to send, or (null) drops it. */
export function keepToss(store: Storage, matchId: string, toss: Toss | null): void {
  const all = waitingTosses(store);
  if (toss) all[matchId] = toss;
  else delete all[matchId];
  store.setItem(TOSS_KEY, JSON.stringify(all));
}

/** The toss line of the start panel: the toss as the phone has it, "(not sent yet)" while it waits. */
export function drawToss(page: ScorePage, m: ScoringMatch): void {
  const waiting = waitingTosses(page.store)[m.id];
  const toss = waiting ?? m.toss ?? null;
  const names = { home: sideName(m, "home"), away: sideName(m, "away") };
  const said = toss ? tossWords(toss, names) : "";
  setText("toss-text", toss && waiting ? w("score.tossNotSent", { toss: said }) : said);
  const button = byId<HTMLButtonElement>("toss");
  if (button) button.textContent = w(toss ? "score.tossAgain" : "score.toss");
}

/** Asks who won the toss, then what they chose; keeps it and sends it. */
export function openToss(page: ScorePage, send: () => void): void {
  const m = knownMatch(page, page.matchId);
  if (!m) return;
  const choose = (winner: "home" | "away") => {
    const chosen = (choice: TossChoice) => () => {
      keepToss(page.store, page.matchId, { winner, choice });
      page.render();
      send();
    };
    openSheet(w("score.tossChose", { side: sideName(m, winner) }), w("score.tossOther"), [
      { label: w("score.tossServe"), act: chosen("serve") },
      { label: w("score.tossReceive"), act: chosen("receive") },
      { label: w("score.tossEnd"), act: chosen("end") },
    ]);
  };
  openSheet(w("score.tossWho"), w("score.tossLot"), [
    { label: sideName(m, "home"), act: () => choose("home") },
    { label: sideName(m, "away"), act: () => choose("away") },
  ]);
}

/** Sends the tosses kept on the phone; a refusal (the match has started) drops it and says why. */
export async function sendTosses(page: ScorePage): Promise<"done" | "retry"> {
  for (const [id, toss] of Object.entries(waitingTosses(page.store))) {
    const sent = await postKept(page, `/matches/${encodeURIComponent(id)}/toss`, toss, "The toss");
    if (sent !== "done") return sent === "retry" ? "retry" : "done";
    keepToss(page.store, id, null);
  }
  return "done";
}
