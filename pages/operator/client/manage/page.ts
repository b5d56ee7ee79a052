/// <reference lib="dom" />
/**
 * The operator's page as its script holds it: the token, the event shown, the overview last drawn, and the two
 * things every part may ask for, reading the overview again and sending a write (set by manage_client.ts, so
 * that no part imports the parts that draw it). Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import type { manageMatchJson, overviewJson } from "../../../../api/manage/serialize.ts";
import { manageFetch } from "../manage_fetch.ts";
import { showTokenForm } from "../token_entry.ts";

/** Where the event shown last is kept. */
export const EVENT_KEY = "tt.manage.event";
/** Where the address the phones and the TV use is kept. */
export const BASE_KEY = "tt.manage.base";

/** The event at a glance, as the management API answers it. */
export type Overview = ReturnType<typeof overviewJson>;
/** A match of the overview's lists, with what starting or reopening it would clash with. */
export type OverviewMatch = Overview["matches"][number];
/** A match as the management API answers it (a table's current or next match). */
export type ManageMatch = ReturnType<typeof manageMatchJson>;

/**
 * Sends a write to `/api/manage{path}` (JSON body, an Idempotency-Key) and says `done` on the status line; its
 * answer's `data`, or null when it failed (then the status line says why).
 */
export type Write = <T = unknown>(
  path: string,
  body?: Record<string, unknown>,
  done?: string,
  method?: string,
) => Promise<T | null>;

/** The page's state. */
export interface ManagePage {
  /** The admin token, sent as a bearer header. */
  token: string;
  /** The event shown ("" when there is none). */
  slug: string;
  /** The address the phones and the TV reach the server by, for the links and QR codes to hand out. */
  base: string;
  /** The overview drawn, as JSON: a refresh that reads the same draws nothing; "" to draw the next one. */
  shown: string;
  /** Once the token is refused, refreshing stops: each refused request counts towards the rate limit. */
  halted: boolean;
  /** The matches of the overview drawn, by id: clash sentences name matches by id. */
  byMatchId: Map<string, OverviewMatch>;
  /** The ids of the matches in a clash now. */
  clashing: Set<string>;
  /** The ids of the matches whose menu of actions is open: a refresh draws them open again. */
  openMenus: Set<string>;
  /** Reads the overview again and draws it when it changed (refresh.ts `refreshOverview`). */
  refresh(): Promise<void>;
  /** Sends a write, then reads the overview and the tokens again (write.ts `sendWrite`). */
  write: Write;
}

/** Calls the management API with the page's token; 10 s without an answer is a failure. */
export function manageApi(page: ManagePage, path: string, init: RequestInit = {}): Promise<Response> {
  return manageFetch(page.token, path, init, 10_000);
}

/** Asks for a token in place of the page, saying why, and stops refreshing. */
export function haltForToken(page: ManagePage, message: string): void {
  page.halted = true;
  showTokenForm(message);
}
