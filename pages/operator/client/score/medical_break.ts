/// <reference lib="dom" />
/**
 * The medical break timer on the umpire's page: the referee allowed a suspension for a player hurt by an
 * accident, up to 10 minutes (domain/medical_break.ts, Regulation 3.4.2.3). The phone keeps who and since when
 * (a reload goes on counting); the banner counts it down until "Resume play". Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import {
  MEDICAL_REASONS,
  type MedicalBreak,
  medicalBreakLeft,
  type MedicalReason,
} from "../../../../domain/medical_break.ts";
import { minutes } from "./game_clock.ts";
import { postKept } from "./kept_post.ts";
import { knownMatch } from "./known_matches.ts";
import { sideName } from "./match_names.ts";
import type { ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { openSheet } from "./sheet.ts";
import { w, type WordKey } from "./words.ts";

/** Where the phone keeps a match's medical break under way. */
export function medicalKey(matchId: string): string {
  return `tt.medical.${matchId}`;
}

/** The match's medical break under way, or null. */
export function medicalBreakOf(store: Storage, matchId: string): MedicalBreak | null {
  try {
    const b = JSON.parse(store.getItem(medicalKey(matchId)) ?? "null");
    if (!b || (b.side !== "home" && b.side !== "away") || typeof b.began !== "string") return null;
    return MEDICAL_REASONS.includes(b.reason) ? b : { side: b.side, began: b.began };
  } catch {
    return null;
  }
}

/**
 * The banner's words for a medical break at `now` (ms).
 * @example medicalWords(m, { side: "home", began }, began + 30 s) // "Medical break: Anna Berg, 09:30 left (up to 10 minutes, Regulation 3.4.2.3)"
 */
export function medicalWords(
  m: Pick<ScoringMatch, "homeName" | "awayName">,
  b: MedicalBreak,
  now: number,
): string {
  const left = medicalBreakLeft(b, now);
  return left > 0
    ? w("score.medicalLeft", { side: sideName(m, b.side), time: minutes(left) })
    : w("score.medicalUsed", { side: sideName(m, b.side) });
}

/** Where the phone keeps the medical breaks not sent yet (a start, or an end), by match and start. */
export const MEDICAL_WAITING_KEY = "tt.medical.waiting";

/** A medical break to send: its match, side, start and, once over, its end. */
export interface WaitingMedical {
  matchId: string;
  side: "home" | "away";
  startedAt: string;
  endedAt: string | null;
  /** Why (sent with the start and again with the end, which would otherwise clear it). */
  reason?: MedicalReason;
}

/** The medical breaks not sent yet. */
export function waitingMedical(store: Storage): WaitingMedical[] {
  try {
    const kept = JSON.parse(store.getItem(MEDICAL_WAITING_KEY) ?? "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/** Keeps a break to send, in place of what was kept of the same break. */
export function keepMedical(store: Storage, b: WaitingMedical): void {
  const others = waitingMedical(store).filter((w) => w.matchId !== b.matchId || w.startedAt !== b.startedAt);
  store.setItem(MEDICAL_WAITING_KEY, JSON.stringify([...others, b]));
}

/** Sends the medical breaks kept on the phone (`POST /matches/{id}/medical`); a refusal drops one and says why. */
export async function sendMedical(page: ScorePage): Promise<"done" | "retry"> {
  for (const b of waitingMedical(page.store)) {
    const { matchId, ...body } = b;
    const sent = await postKept(
      page,
      `/matches/${encodeURIComponent(matchId)}/medical`,
      body,
      "Medical break",
    );
    if (sent !== "done") return sent === "retry" ? "retry" : "done";
    const left = waitingMedical(page.store).filter((w) =>
      w.matchId !== matchId || w.startedAt !== b.startedAt || w.endedAt !== b.endedAt
    );
    page.store.setItem(MEDICAL_WAITING_KEY, JSON.stringify(left));
  }
  return "done";
}

/** The words of each reason the phone offers (Regulation 3.4.2.3). */
export const MEDICAL_REASON_KEYS = {
  accident: "score.medicalAccident",
  bleeding: "score.medicalBleeding",
  other: "score.medicalOther",
} as const satisfies Record<MedicalReason, WordKey>;

/** Asks whose medical break the referee allowed and why (Regulation 3.4.2.3), then starts its count. */
export function openMedical(page: ScorePage, send: () => void = () => {}): void {
  const m = knownMatch(page, page.matchId);
  if (!m) return;
  openSheet(
    w("score.medicalBreak"),
    w("score.medicalRule"),
    (["home", "away"] as const).map((side) => ({
      label: w("score.medicalFor", { side: sideName(m, side) }),
      act: () => askMedicalReason(page, side, send),
    })),
  );
}

/** The second question: why the break was allowed; each answer starts the count. */
export function askMedicalReason(page: ScorePage, side: "home" | "away", send: () => void): void {
  const m = knownMatch(page, page.matchId);
  if (!m) return;
  openSheet(
    w("score.medicalWhy", { side: sideName(m, side) }),
    w("score.medicalWhyRule"),
    MEDICAL_REASONS.map((reason) => ({
      label: w(MEDICAL_REASON_KEYS[reason]),
      act: () => {
        const began = new Date().toISOString();
        page.store.setItem(medicalKey(page.matchId), JSON.stringify({ side, began, reason }));
        keepMedical(page.store, { matchId: page.matchId, side, startedAt: began, endedAt: null, reason });
        page.render();
        send();
      },
    })),
  );
}

/** "Resume play" on the medical break's banner ends it. */
export function endMedical(page: ScorePage, send: () => void = () => {}): void {
  const b = medicalBreakOf(page.store, page.matchId);
  if (b) {
    const endedAt = new Date().toISOString();
    keepMedical(page.store, {
      matchId: page.matchId,
      side: b.side,
      startedAt: b.began,
      endedAt,
      ...(b.reason ? { reason: b.reason } : {}),
    });
  }
  page.store.removeItem(medicalKey(page.matchId));
  page.render();
  send();
}
