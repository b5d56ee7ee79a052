/** Wiring only: read the configuration, open the store, build the app, serve. */
import { Hono } from "hono";
import { type AppDeps, type ReadyDeps, withReadState } from "./http/deps.ts";
import { requestLimits } from "./http/limits.ts";
import { headLength } from "./http/head_length.ts";
import { headOf, pageGetOf } from "./http/page_head.ts";
import { unhandledError } from "./http/unhandled_error.ts";
import { clientAddressVar, type ServeBindings } from "./http/client_address.ts";
import { limitRequests, RequestRateLimiter } from "./http/request_rate_limit.ts";
import { manageApi } from "./api/manage/mod.ts";
import { publicApi } from "./api/mod.ts";
import { changeStreams, wantsEventStream } from "./api/change_stream.ts";
import { makeHub } from "./views/change_stream_hub.ts";
import { referencePage } from "./api/reference_page.ts";
import { ConfigError, denoEnv, readConfig, redact, SERVER_USAGE } from "./cli/config.ts";
import { DEMO_SLUG, loadDemoIfEmpty, restartDemo } from "./cli/demo.ts";
import { printLine, stderrLogger } from "./lib/log.ts";
import { pingStore, withDeadline } from "./db/health.ts";
import { storeOutageGuard } from "./http/outage_guard.ts";
import { healthApi, isHealthUrl } from "./api/health.ts";
import { requestMetrics, ServiceMetrics } from "./http/metrics.ts";
import { securityTxtRoute } from "./api/security_txt.ts";
import { openStore } from "./db/store.ts";
import { storeReads } from "./db/store_reads.ts";
import { pages } from "./pages/mod.ts";
import { operatorPages } from "./pages/operator/mod.ts";
import { bannerHosts, FIRST_ADMIN_HINT, lanOrigin, startBanner } from "./cli/start_banner.ts";
import { ensureAdminToken, hasAdminToken } from "./db/tokens.ts";
import { startSimulation } from "./cli/simulation.ts";
import { RelayPusher } from "./cli/relay_pusher.ts";
import { listPublishedEvents } from "./db/read_events.ts";
import { AnswerCache, type KeptBindings, keptGeneration } from "./http/answer_cache.ts";
import { securityHeaders } from "./pages/security_headers.ts";

/** Builds the whole application (public API, management API, pages) on the given dependencies. */
export function createApp(appDeps: AppDeps): Hono {
  const deps = withReadState(appDeps);
  const app = new Hono();
  // First: the generation main's handler may keep the answer under, and who the client is, for the limits kept
  // per client (failed logins).
  // Every request the app answers is timed and counted by route pattern (http/metrics.ts).
  app.use("*", requestMetrics(deps.metrics));
  app.use("*", keptGeneration());
  app.use("*", clientAddressVar(deps.trustedProxies ?? 0));
  // Health and readiness answer for themselves, outside the outage guard (readyz says 503 on its own).
  app.route("/", healthApi(deps.store));
  app.route("/", securityTxtRoute(deps.securityContact, deps.clock));
  // Then: a store outage answers 503 in time; oversized or too deep requests are refused before any route.
  app.use("*", headLength());
  app.use(
    "*",
    storeOutageGuard({ dialect: deps.store.dialect, log: deps.log, probe: () => pingStore(deps.store.db) }),
  );
  app.use("*", requestLimits());
  app.onError(unhandledError(deps.log));
  // The reference page gets the pages' security headers (a CSP without 'unsafe-inline', frame-ancestors, ...).
  app.get("/api", securityHeaders({ keep: deps.answers }), referencePage);
  // Before the API: a change stream is asked for by its Accept header on the feed's JSON path.
  app.route("/", changeStreams(deps));
  app.route("/api/v1", publicApi(deps));
  app.route("/api/manage", manageApi(deps));
  app.route("/", operatorPages(deps));
  app.route("/", pages(deps));
  return app;
}

/**
 * How long a request waits for the store's generation before it goes to the app instead (which reads what it
 * needs under the outage guard's 1.5 s deadline): on PostgreSQL, while the revision channel is not trusted
 * (db/revision_cache.ts), the generation is a read of the store.
 */
const HOT_GENERATION_WAIT_MS = 100;

/** A request handler for Deno.serve; `info` gives the client's address (tests may leave it out). */
export type Handler = (req: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/**
 * The server's handler: a GET whose answer was kept at the store's current generation is answered from it
 * (http/answer_cache.ts) before the router runs; everything else goes through the app, which keeps what it may
 * in the same cache.
 * With a rate limit, each client address's requests are counted and limited in front of both
 * (http/request_rate_limit.ts).
 */
export function createHandler(appDeps: AppDeps, app?: Hono): Handler {
  // The app and the hot path in front of it share the store's read state.
  const deps = withReadState(appDeps);
  const handler = createServingHandler(deps, app ?? createApp(deps));
  if (!deps.rateLimit) return handler;
  // In front of everything, the hot path included: every answer is counted and carries the RateLimit fields.
  return limitRequests(handler, new RequestRateLimiter(deps.rateLimit), {
    trustedProxies: deps.trustedProxies ?? 0,
    now: () => deps.clock().getTime(),
  });
}

const HIT = { result: "hit" }, MISS = { result: "miss" };

/** The hot path in front of the app. */
function createServingHandler(deps: ReadyDeps, app: Hono): Handler {
  const hot = deps.answers;
  const generation = deps.reads.generation;
  const metrics = deps.metrics;
  // Deno.serve's handler info gives the app its env: remoteAddr is who the client is (http/client_address.ts).
  const viaApp = (req: Request, info: Deno.ServeHandlerInfo | undefined, g?: number) =>
    app.fetch(
      req,
      g === undefined
        ? { remoteAddr: info?.remoteAddr } satisfies ServeBindings
        : { remoteAddr: info?.remoteAddr, generation: g } satisfies KeptBindings & ServeBindings,
    );
  const serve: Handler = (req, info) => {
    if (req.method !== "GET" || req.body !== null || isHealthUrl(req.url) || wantsEventStream(req)) {
      return viaApp(req, info);
    }
    let g: number | Promise<number>;
    try {
      g = generation();
    } catch {
      // The store cannot say: the app answers (a 503 from the outage guard, where that is the cause).
      return viaApp(req, info);
    }
    const answer = (g: number): Response | Promise<Response> => {
      const kept = hot.answer(req, g);
      // Not kept (or kept but out of date): the app answers, once for concurrent requests of the same URL.
      const miss = () => {
        metrics.kept(MISS);
        return hot.miss(req, g, () => viaApp(req, info, g));
      };
      if (kept === null) return miss();
      if (kept instanceof Response) {
        metrics.kept(HIT);
        return kept;
      }
      // A version read that fails (the store is away) leaves the answer to the app (a 503 where that is why).
      return kept.then((r) => {
        if (r === null) return miss();
        metrics.kept(HIT);
        return r;
      }, () => viaApp(req, info));
    };
    if (typeof g === "number") return answer(g);
    // A store that does not answer (frozen, partitioned) leaves the request to the app, whose outage guard
    // answers 503 within its read deadline: the wait here must leave it that time.
    return withDeadline(g, HOT_GENERATION_WAIT_MS, "read the generation").then(
      answer,
      () => viaApp(req, info),
    );
  };
  // A HEAD of a page is its GET without the body, kept and revalidated alike (http/page_head.ts).
  return (req, info) => {
    const get = pageGetOf(req);
    return get ? headOf(serve(get, info)) : serve(req, info);
  };
}

/**
 * Listens for the signals where the platform has them; on one without (Deno Deploy, which ends isolates itself)
 * the server runs on without a graceful stop.
 */
export function onSignals(
  signals: readonly Deno.Signal[],
  stop: () => void,
  add: (signal: Deno.Signal, handler: () => void) => void = Deno.addSignalListener,
): void {
  for (const signal of signals) {
    try {
      add(signal, stop);
    } catch {
      // No signals here.
    }
  }
}

async function main() {
  let config;
  try {
    config = readConfig(Deno.args, denoEnv);
  } catch (e) {
    if (e instanceof ConfigError) {
      printLine(e.message);
      Deno.exit(2);
    }
    throw e;
  }
  if (config.help) {
    printLine(SERVER_USAGE);
    Deno.exit(0);
  }
  const log = stderrLogger;
  const metrics = new ServiceMetrics();
  let store;
  try {
    store = await openStore(config.databaseUrl, { log, onQuery: metrics.onQuery });
  } catch (e) {
    printLine(`Cannot open DATABASE_URL "${redact(config.databaseUrl.url)}": ${(e as Error).message}`);
    Deno.exit(1);
  }
  if (config.demo && await loadDemoIfEmpty(store, new Date())) log.info("Loaded the demo tournament");
  // Printed only where the demo is asked for (a laptop at a venue); a platform's log may be read by others.
  const adminSecret = config.demo ? await ensureAdminToken(store, new Date()) : null;
  if (!config.demo && !await hasAdminToken(store.db)) log.info(FIRST_ADMIN_HINT);
  const published = (await listPublishedEvents(store.db)).slice(0, 5);
  // The QR codes' address: the operator's, else the LAN address the banner prints first (http/public_origin.ts).
  const hosts = bannerHosts(config.host);
  const publicAddress = { chosen: config.publicUrl, lan: lanOrigin(hosts, config.port) };
  const answers = new AnswerCache();
  metrics.watch(store, answers);
  // The venue's event pushed live to the public server (docs/relay.md); the venue never waits for it.
  const relay = config.relay ? new RelayPusher({ ...config.relay, store, log }) : undefined;
  if (relay) metrics.watchRelay(relay);
  const reads = storeReads(store);
  // One hub of change streams for the store, which a stop ends (a shutdown would wait for open streams).
  const streams = makeHub(store, reads);
  const deps: AppDeps = {
    store,
    reads,
    streams,
    answers,
    metrics,
    log,
    clock: () => new Date(),
    trustedProxies: config.trustProxy,
    rateLimit: config.rateLimit,
    publicAddress,
    securityContact: config.securityContact,
    relay,
  };
  const handler = createHandler(deps);
  relay?.start();
  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    onListen: ({ port }) => {
      const eventSlugs = published.map((e) => e.slug);
      // The address it was bound to (localhost for every interface), as the lines below name it.
      const shown = hosts.includes("localhost") ? "localhost" : hosts[0] ?? "localhost";
      printLine(`Listening on http://${shown.includes(":") ? `[${shown}]` : shown}:${port}/`);
      const qrAddress = publicAddress.chosen ?? (config.trustProxy > 0 ? null : publicAddress.lan);
      for (const line of startBanner({ port, hosts, eventSlugs, adminSecret, qrAddress })) printLine(line);
    },
  }, handler);
  // The demo's running matches move on (a point every 2.5 s); the simulation stops with the server.
  const { signal } = controller;
  const simulation = config.simulate
    ? startSimulation(store, {
      eventSlug: DEMO_SLUG,
      intervalMs: 2500,
      clock: deps.clock,
      log,
      signal,
      // The demo plays its day again once it is over, so that a newcomer always finds it live.
      restart: config.demo ? (now) => restartDemo(store, now) : undefined,
    })
    : Promise.resolve();
  // Graceful: stop accepting, let the requests in flight finish, then close the store (aborting Deno.serve's
  // signal would drop them).
  const stop = () => {
    if (controller.signal.aborted) return;
    controller.abort();
    server.shutdown().catch(() => {});
    streams.closeAll();
  };
  onSignals(["SIGTERM", "SIGINT"], stop);
  await server.finished;
  await simulation;
  await relay?.stop();
  await store.close();
}

if (import.meta.main) await main();
