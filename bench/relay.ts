/**
 * The relay's benchmark (docs/relay.md), the "Relay" section of docs/benchmarks.md: `deno task bench:relay`.
 *
 * On the bench's store (one live event of ~10,000 matches, bench/build_store.ts) as the venue's, and an empty
 * public store, both SQLite, the public server on loopback behind bench/link_proxy.ts adding 20 ms to every chunk
 * each way:
 * - the catch-up of a day of play queued offline: the whole event pushed to an empty public server, from the
 *   venue's first try to nothing waiting;
 * - a point scored at the venue (its management API) to the public API's answer of the match showing it: p50 and
 *   p99 over `--points` points;
 * - the bytes sent up the link per point (gzip bodies and their HTTP headers).
 * Run: deno task bench:relay [--points N] [--write]
 * @module
 */
import { createApp, createHandler } from "../main.ts";
import { RelayPusher } from "../cli/relay_pusher.ts";
import { parseDatabaseUrl } from "../cli/config.ts";
import { openStore } from "../db/store.ts";
import { createToken } from "../db/tokens.ts";
import { printLine, silentLogger } from "../lib/log.ts";
import { BASE_SIZE, buildStore } from "./build_store.ts";
import { startFaultProxy } from "./link_proxy.ts";
import { withSchedulerSection } from "./scheduler_section.ts";
import { formatReport } from "./server.ts";

/** The heading of the section in docs/benchmarks.md. */
export const RELAY_HEADING = "## Relay";

/** What the benchmark measured. */
export interface RelayFigures {
  matches: number;
  catchUpSeconds: number;
  catchUpBytes: number;
  points: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerPoint: number;
  delayMs: number;
}

/** The `q` quantile of sorted numbers (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Measures the relay; `say` hears the steps. */
export async function measureRelay(points: number, say: (line: string) => void): Promise<RelayFigures> {
  const dir = await Deno.makeTempDir({ prefix: "tt-bench-relay-" });
  const venue = await openStore(parseDatabaseUrl(`sqlite:${dir}/venue.db`));
  const pub = await openStore(parseDatabaseUrl(`sqlite:${dir}/public.db`));
  const now = new Date();
  say("building the venue's store (the bench's event)");
  const built = await buildStore(venue, { ...BASE_SIZE, rankings: BASE_SIZE.players }, now);
  const matches = built.counts.matches;
  const relayToken =
    (await createToken(pub.db, { role: "relay", label: "bench", relaySlug: built.slug }, now)).secret;
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: controller.signal, onListen() {} },
    createHandler({ store: pub, log: silentLogger, clock: () => new Date() }),
  );
  const proxy = startFaultProxy(server.addr.port);
  proxy.delayMs = 20;
  const pusher = new RelayPusher({ url: proxy.origin, token: relayToken, store: venue, log: silentLogger });
  try {
    say(`catching up ${matches} matches through a link of +20 ms`);
    const started = performance.now();
    pusher.start();
    while (
      !(pusher.status().state === "connected" && pusher.status().waiting === 0 && pusher.status().seq > 0)
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const catchUpSeconds = (performance.now() - started) / 1000;
    const catchUpBytes = proxy.bytesUp;
    say(`caught up in ${catchUpSeconds.toFixed(1)} s; now ${points} points`);
    const venueApp = createApp({ store: venue, log: silentLogger, clock: () => new Date() });
    const publicApp = createApp({ store: pub, log: silentLogger, clock: () => new Date() });
    const match = built.live[0]!;
    const latencies: number[] = [];
    const bytesBefore = proxy.bytesUp;
    for (let i = 0; i < points; i++) {
      const res = await venueApp.request(`/api/manage/matches/${match.id}/point`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${built.adminSecret}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
          "X-Scorer-Device": "bench",
        },
        body: JSON.stringify({ side: i % 2 === 0 ? "home" : "away" }),
      });
      if (!res.ok) throw new Error(`The point was refused: ${res.status} ${await res.text()}`);
      const written = performance.now();
      const want = JSON.stringify(
        (await (await venueApp.request(`/api/v1/matches/${match.id}`)).json()).data.match,
      );
      while (
        JSON.stringify(
          (await (await publicApp.request(`/api/v1/matches/${match.id}`)).json()).data?.match,
        ) !== want
      ) {
        await new Promise((r) => setTimeout(r, 2));
      }
      latencies.push(performance.now() - written);
    }
    latencies.sort((a, b) => a - b);
    return {
      matches,
      catchUpSeconds,
      catchUpBytes,
      points,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      bytesPerPoint: (proxy.bytesUp - bytesBefore) / points,
      delayMs: proxy.delayMs,
    };
  } finally {
    await pusher.stop();
    proxy.close();
    controller.abort();
    await server.finished;
    await venue.close();
    await pub.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** The section of docs/benchmarks.md. */
export function relaySection(f: RelayFigures, when: Date): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return `${RELAY_HEADING}

\`deno task bench:relay -- --write\` (bench/relay.ts), ${
    when.toISOString().slice(0, 10)
  }: the bench's event as the
venue's store (SQLite), an empty public server (SQLite) on loopback behind a proxy adding ${f.delayMs} ms to every
chunk each way (docs/relay.md).

| what | measured | target |
| --- | --- | --- |
| a day of play queued offline caught up (the whole event, ${f.matches.toLocaleString("en")} matches) | ${
    f.catchUpSeconds.toFixed(1)
  } s, ${kb(f.catchUpBytes)} sent | seconds |
| a point at the venue to the public answer changed, p50 (${f.points} points) | ${
    f.p50Ms.toFixed(0)
  } ms | under 1 s |
| the same, p99 | ${f.p99Ms.toFixed(0)} ms | |
| bytes sent up the link per point (gzip body and headers) | ${f.bytesPerPoint.toFixed(0)} B | |
`;
}

if (import.meta.main) {
  const args = Deno.args;
  const at = args.indexOf("--points");
  const points = at >= 0 ? Number(args[at + 1]) : 200;
  if (!Number.isInteger(points) || points < 1 || points > 10_000) {
    printLine(`Invalid "--points": expected a whole number from 1 to 10000`);
    Deno.exit(2);
  }
  const figures = await measureRelay(points, (line) => printLine(line));
  const section = relaySection(figures, new Date());
  printLine(section);
  if (args.includes("--write")) {
    const out = decodeURIComponent(new URL("../docs/benchmarks.md", import.meta.url).pathname);
    await Deno.writeTextFile(out, withSchedulerSection(await Deno.readTextFile(out), section, RELAY_HEADING));
    await formatReport(out);
  }
}
