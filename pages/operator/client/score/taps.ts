/// <reference lib="dom" />
/**
 * A tap of the umpire (a point, Undo, a start, a time-out, a card...): written to the outbox first, in the
 * umpire's words, then drawn and sent. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { knownMatch } from "./known_matches.ts";
import { names } from "./match_names.ts";
import { addToOutbox, type OutboxItem } from "./outbox.ts";
import type { ScorePage } from "./page.ts";
import { flushOutbox } from "./sender.ts";
import { tapWords } from "../tap_words.ts";

/** Puts a tap of the match on screen into the outbox (with a short vibration), draws it and sends it. */
export function enqueue(page: ScorePage, type: string, itemBody: Record<string, unknown>): void {
  const m = knownMatch(page, page.matchId);
  const p = page.projection;
  if (!m || !p) return;
  const label = tapWords(type, itemBody, names(m), p.state.currentGame, p.state.gameNumber);
  const item: OutboxItem = {
    key: crypto.randomUUID(),
    matchId: page.matchId,
    type,
    body: itemBody,
    at: new Date().toISOString(),
    label,
  };
  addToOutbox(page.store, item);
  navigator.vibrate?.(25);
  page.render();
  void flushOutbox(page);
}
