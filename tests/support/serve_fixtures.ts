/**
 * Serves the app on an in-memory store filled by `seedTournament`, for the black-box conformance check:
 *
 *   deno run -A tests/support/serve_fixtures.ts --port 8123
 *   deno run --allow-net ../shared/conformance/v1.ts http://127.0.0.1:8123
 */
import { parseDatabaseUrl } from "../../cli/config.ts";
import { printLine, stderrLogger } from "../../lib/log.ts";
import { openStore } from "../../db/store.ts";
import { createHandler } from "../../main.ts";
import { seedTournament } from "./fixtures.ts";
import { testNow } from "./test_clock.ts";

const portFlag = Deno.args.indexOf("--port");
const port = portFlag >= 0 ? Number(Deno.args[portFlag + 1]) : 8123;
const store = await openStore(parseDatabaseUrl("sqlite::memory:"));
await seedTournament(store.db);
const handler = createHandler({ store, log: stderrLogger, clock: testNow });
const controller = new AbortController();
Deno.addSignalListener("SIGTERM", () => controller.abort());
Deno.addSignalListener("SIGINT", () => controller.abort());
const server = Deno.serve({
  port,
  hostname: "127.0.0.1",
  signal: controller.signal,
  onListen: ({ port }) => printLine(`Serving the test fixtures on http://127.0.0.1:${port}/`),
}, handler);
await server.finished;
await store.close();
