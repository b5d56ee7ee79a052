/** What the HTTP layer (API and pages) is built from; tests build the same app on an in-memory store. */
import type { Logger } from "../lib/log.ts";
import type { Store } from "../db/store.ts";
import { type StoreReads, storeReads } from "../db/store_reads.ts";
import type { RateLimitPolicy } from "../lib/rate_limit_policy.ts";
import { AnswerCache } from "./answer_cache.ts";
import { type ChangeStreamHub, makeHub } from "../views/change_stream_hub.ts";
import { ServiceMetrics } from "./metrics.ts";
import type { ViewDeps } from "../views/view.ts";
import type { PublicAddress } from "./public_origin.ts";

/** What the venue's relay to the public server is doing, as /manage shows it (docs/relay.md). */
export interface RelayStatus {
  /** The public server's address (no token). */
  url: string;
  /** The event pushed. */
  slug: string;
  /** "connected", "offline" (no link), "refused" (the public server said no: see `lastError`), "starting". */
  state: "starting" | "connected" | "offline" | "refused";
  /** Since when it is in that state. */
  since: string;
  /** Parts of the event changed here and not yet acknowledged by the public server. */
  waiting: number;
  /** When the public server last acknowledged a push, and how many it has applied. */
  lastAckAt: string | null;
  seq: number;
  /** The last error in words (English, for the log and a script), or null. */
  lastError: string | null;
  /** The last error's code and what it names, for a page to say it in its own language; null with `lastError`. */
  lastErrorWords: RelayErrorWords | null;
  /** The event is held by another venue server: the desk may take it over. */
  heldElsewhere: boolean;
}

/**
 * Why the relay is not pushing, as a code and the values its sentence names (docs/relay.md):
 * - `no-event`: the venue's store has no event `slug` yet;
 * - `held`: another venue server has pushed the event since `since`; the desk may take it over;
 * - `token-unknown`, `token-forbidden`: the public server refused the token (401, 403);
 * - `refused`: the public server refused the push with `status` and its problem's `problem` code;
 * - `server-error`: the public server answered `status` (5xx, or an answer that is not its JSON);
 * - `no-connection`: no answer at all.
 */
export interface RelayErrorWords {
  code:
    | "no-event"
    | "held"
    | "token-unknown"
    | "token-forbidden"
    | "refused"
    | "server-error"
    | "no-connection";
  slug?: string;
  since?: string;
  status?: number;
  problem?: string;
}

/** The venue's relay, as the management API sees it. */
export interface RelayControl {
  status(): RelayStatus;
  /** Push from this server an event another venue server held. */
  takeOver(): void;
}

export interface AppDeps {
  readonly store: Store;
  readonly log: Logger;
  /** The current time; tests pass a fixed clock. */
  readonly clock: () => Date;
  /**
   * How many reverse proxies in front of the server are trusted to name the client (X-Forwarded-For,
   * http/client_address.ts); 0 or absent: the TCP peer is the client.
   */
  readonly trustedProxies?: number;
  /** Requests per window per client address (http/request_rate_limit.ts); absent or null: no limit. */
  readonly rateLimit?: RateLimitPolicy | null;
  /**
   * The address the QR codes encode, as the operator chose it or the server printed it (http/public_origin.ts);
   * absent: from each request (tests).
   */
  readonly publicAddress?: PublicAddress;
  /** Where security problems are reported (`/.well-known/security.txt`); absent or null: nowhere said. */
  readonly securityContact?: string | null;
  /**
   * The read side's per-store state (versions, generation, leaderboard size: db/store_reads.ts), made once by
   * main.ts with the store; made by createApp when absent (tests).
   */
  readonly reads?: StoreReads;
  /** The server's kept answers (http/answer_cache.ts), one per store like `reads`. */
  readonly answers?: AnswerCache;
  /** The service's metrics (http/metrics.ts), made by main.ts with the store; a fresh set when absent (tests). */
  readonly metrics?: ServiceMetrics;
  /** The venue's relay to the public server, when RELAY_URL is set (cli/relay_pusher.ts). */
  readonly relay?: RelayControl;
  /** The server-sent change streams (views/change_stream_hub.ts), one hub per store like `reads`. */
  readonly streams?: ChangeStreamHub;
}

/** The dependencies with the read side's per-store state made. */
export type ReadyDeps = AppDeps & {
  readonly reads: StoreReads;
  readonly answers: AnswerCache;
  readonly metrics: ServiceMetrics;
  readonly streams: ChangeStreamHub;
};

/** The dependencies with the read side's per-store state: given, or made now (once per app). */
export function withReadState(deps: AppDeps): ReadyDeps {
  if (deps.reads && deps.answers && deps.metrics && deps.streams) return deps as ReadyDeps;
  const reads = deps.reads ?? storeReads(deps.store);
  return {
    ...deps,
    reads,
    streams: deps.streams ?? makeHub(deps.store, reads),
    answers: deps.answers ?? new AnswerCache(),
    metrics: deps.metrics ?? new ServiceMetrics(),
  };
}

/** What the views read from, for the app's store. */
export function viewDeps(deps: ReadyDeps): ViewDeps {
  return { db: deps.store.db, versions: deps.reads.versions, leaderboard: deps.reads.leaderboard };
}
