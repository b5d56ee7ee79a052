/** Wiring only: read the configuration, open the store, build the app, serve. */
import { Hono } from "hono";
import type { AppDeps } from "./api/deps.ts";
import { manageApi } from "./api/manage/mod.ts";
import { publicApi } from "./api/mod.ts";
import { ConfigError, denoEnv, readConfig, redact } from "./cli/config.ts";
import { printLine, stderrLogger } from "./cli/log.ts";
import { openStore } from "./db/store.ts";
import { pages } from "./pages/mod.ts";

/** Builds the whole application (public API, management API, pages) on the given dependencies. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.route("/api/v1", publicApi(deps));
  app.route("/api/manage", manageApi(deps));
  app.route("/", pages(deps));
  return app;
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
  const log = stderrLogger;
  let store;
  try {
    store = await openStore(config.databaseUrl);
  } catch (e) {
    printLine(`Cannot open DATABASE_URL "${redact(config.databaseUrl.url)}": ${(e as Error).message}`);
    Deno.exit(1);
  }
  const deps: AppDeps = { store, log, clock: () => new Date() };
  const app = createApp(deps);
  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    signal: controller.signal,
    onListen: ({ port }) => printLine(`Listening on http://localhost:${port}/`),
  }, app.fetch);
  const stop = () => controller.abort();
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  await server.finished;
  await store.close();
}

if (import.meta.main) await main();
