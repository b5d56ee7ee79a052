/// <reference lib="dom" />
/**
 * The umpire's page as its script holds it: the token and the phone's device id, the matches' last answers, the
 * state of the sender and of the match on screen, and `render`, which the list or the match page sets to draw
 * itself (so that the parts that change things need not import what draws them). Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { scorableMatchesJson } from "../../../../api/manage/serialize.ts";
import type { Side } from "../../../../domain/scoring.ts";
import { manageFetch } from "../manage_fetch.ts";
import { showTokenForm } from "../token_entry.ts";
import type { Projection, ScoringMatch } from "./score_projection.ts";

/**
 * Where the page keeps its token: its own key, so that a scorer's QR link opened on the operator's laptop does
 * not replace the admin token /manage keeps (token_entry.ts ADMIN_TOKEN_KEY, still read when the page has none).
 */
export const SCORE_TOKEN_KEY = "tt.score.token";
/** Where the phone keeps its device id, sent with every request: the server knows which phone scores a match. */
export const DEVICE_KEY = "tt.device";

/**
 * The match a scoring page's address names, "" on the list. Read from the address rather than the page, because
 * the page may be the copy of another match's (offline_pages.ts: every match page is the same frame).
 * @example matchIdOf("/score/m%2012") // "m 12"
 * @example matchIdOf("/score") // ""
 */
export function matchIdOf(pathname: string): string {
  const found = /^\/score\/([^/]+)$/.exec(pathname);
  if (!found) return "";
  try {
    return decodeURIComponent(found[1]!);
  } catch {
    return found[1]!;
  }
}

/**
 * The matches the management API lists for the token to score, and the published event whose change stream
 * pushes the list (absent from a copy kept before it was sent).
 */
export type ScorableList = ReturnType<typeof scorableMatchesJson> & { streamSlug?: string | null };
/** A match of that list. */
export type ListMatch = ScorableList["matches"][number];
/** A match a clash names, as the list and a scheduled match's read name them. */
export type ClashMatch = ScorableList["clashMatches"][number];

/** The page's state. */
export interface ScorePage {
  /** The scorer's (or the desk's) token, sent as a bearer header. */
  token: string;
  /** This phone's id (X-Scorer-Device). */
  device: string;
  /** The match on screen; "" on the list. */
  matchId: string;
  /** Where the outbox, the answers kept and the umpire's choices live (localStorage). */
  store: Storage;
  /** Once the token is refused, sending stops: each refused request counts towards the address's rate limit. */
  halted: boolean;
  /** The last answer of each match (kept, so that a reload offline shows the match and sends the right revision). */
  known: Map<string, ScoringMatch>;
  /** Whether a batch is on its way. */
  sending: boolean;
  /** Requests without an answer in a row: they space the next tries. */
  failures: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Taps not recorded since the umpire last acknowledged the warning, and why. */
  notRecorded: string[];
  changedUnder: boolean;
  refusedBecause: string;
  /** Draws the list or the match again. */
  render(): void;
  /** The match on screen as drawn last: the server's answer with the waiting taps replayed. */
  projection: Projection | null;
  /** Whether this device held the match when last seen: then losing it is said as a takeover. */
  heldHere: boolean;
  wakeLock: { release(): Promise<void> } | null;
  /** What a scheduled match's start clashes with, as the last answer named them. */
  clashMatchesOf: Map<string, ClashMatch[]>;
  /** The side on the umpire's left at the start, as chosen before it. */
  startLeft: Side;
}

/** Calls the management API with the page's token and device; `timeoutMs` without an answer is a failure. */
export function scoreApi(
  page: ScorePage,
  path: string,
  init: RequestInit = {},
  timeoutMs = 8000,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("X-Scorer-Device", page.device);
  return manageFetch(page.token, path, { ...init, headers }, timeoutMs);
}

/** Asks for a token in place of the page, saying why, and stops sending. */
export function haltForToken(page: ScorePage, message: string): void {
  page.halted = true;
  showTokenForm(message);
}
