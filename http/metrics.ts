/**
 * The service's metrics (lib/metrics.ts): requests by route pattern, method and status with their latency, the
 * store's statements by kind with their latency and failures, the answer cache's hits and misses, and, read at
 * each scrape, the PostgreSQL pool, the revision channel, the kept answers, the process's memory and the venue's
 * relay. Served to the
 * operator's token at `GET /api/manage/metrics` (api/manage/metrics.ts); docs/deploy.md shows them.
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Store } from "../db/store.ts";
import { type Labels, Metrics } from "../lib/metrics.ts";

/** What the metrics read of the venue's relay (cli/relay_pusher.ts `RelayPusher`). */
export interface WatchedRelay {
  status(): { state: string; waiting: number; seq: number };
  readonly bytesSent: number;
}

/** The families of this service, declared once. */
export class ServiceMetrics {
  readonly registry: Metrics = new Metrics();
  /** One request the app answered: its route pattern (never the URL), method, status and seconds. */
  readonly request: (labels: Labels, seconds: number) => void = this.registry.histogram(
    "tt_http_request_duration_seconds",
    "Requests answered by the app (not from the answer cache), by route pattern, method and status",
  );
  /** A request answered from the kept answers before the router ran, or one that missed them. */
  readonly kept: (labels: Labels) => void = this.registry.counter(
    "tt_answer_cache_requests_total",
    "GET requests looked up in the answer cache, by result (hit: answered from it; miss: the app answered)",
  );
  /** One statement of the store, by kind (select, insert, update, delete, raw), and its seconds. */
  readonly query: (labels: Labels, seconds: number) => void = this.registry.histogram(
    "tt_store_query_duration_seconds",
    "Statements sent to the store, by kind",
  );
  /** A statement that failed (a constraint, or the store away), by kind. */
  readonly queryError: (labels: Labels) => void = this.registry.counter(
    "tt_store_query_errors_total",
    "Statements the store failed, by kind",
  );

  /** Adds the gauges read at each scrape: the store's pool and revision channel, the kept answers, memory. */
  watch(store: Store, kept: { readonly size: number }): void {
    const pool = store.pool;
    if (pool) {
      this.registry.gauge("tt_store_pool_connections", "PostgreSQL pool connections, by state", () => [
        [{ state: "idle" }, pool.idleCount],
        [{ state: "busy" }, pool.totalCount - pool.idleCount],
        [{ state: "waiting_requests" }, pool.waitingCount],
      ]);
    }
    const listening = store.revisions.listening;
    if (listening) {
      this.registry.gauge(
        "tt_revision_channel_listening",
        "1 while the PostgreSQL revision channel's notifications are trusted, 0 while every request reads the store",
        () => [[{}, listening() ? 1 : 0]],
      );
    }
    this.registry.gauge("tt_answer_cache_entries", "Answers kept", () => [[{}, kept.size]]);
    this.registry.gauge("tt_process_resident_memory_bytes", "Resident memory of the process", () => [
      [{}, Deno.memoryUsage().rss],
    ]);
  }

  /** Adds the venue's relay to the public server (docs/relay.md), read at each scrape. */
  watchRelay(relay: WatchedRelay): void {
    const status = () => relay.status();
    this.registry.gauge("tt_relay_connected", "1 while the relay reaches the public server, else 0", () => [
      [{}, status().state === "connected" ? 1 : 0],
    ]);
    this.registry.gauge(
      "tt_relay_changes_waiting",
      "Parts of the event changed here and not yet acknowledged by the public server (the outbox)",
      () => [[{}, status().waiting]],
    );
    this.registry.gauge(
      "tt_relay_pushes_applied",
      "Pushes the public server has applied for this event",
      () => [
        [{}, status().seq],
      ],
    );
    this.registry.gauge("tt_relay_sent_bytes", "Bytes of push bodies sent since start (gzip)", () => [
      [{}, relay.bytesSent],
    ]);
  }

  /** The store's statement hook (db/store.ts `StoreOptions.onQuery`). */
  readonly onQuery = (kind: string, seconds: number, failed: boolean): void => {
    this.query({ kind }, seconds);
    if (failed) this.queryError({ kind });
  };
}

/** Middleware, mounted first in createApp: times every request the app answers and records it by route pattern. */
export function requestMetrics(metrics: ServiceMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.request(
        { route: routePath(c) || "*", method: c.req.method, status: String(c.res.status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}
