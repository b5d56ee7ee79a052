/**
 * The stadium rows of `deno task bench` (docs/benchmarks.md, "Stadium"): 10,000 phones on one server held to one
 * core with `taskset`, the load on the other, beside a bare Deno.serve (bench/stadium_bare.ts) under the same load.
 *
 * - Streams: 10,000 event-page change streams (`/api/v1/events/{slug}/changes`, `Accept: text/event-stream`, each
 *   from its own address through X-Forwarded-For) open while 10 points a second are written through the
 *   management API: errors (a stream refused, broken or missing a point), p99 from a write sent to each phone's
 *   frame naming it, and memory per open stream.
 * - Polls: 10,000 phones polling the event page and its API once a second each with If-None-Match (wrk with a
 *   Lua script whose `delay` paces every connection): errors and p99.
 * - Push latency: one subscriber of the same stream, points written one at a time (bench/push_latency.ts): p50, p90
 *   and p99 from a write to its frame.
 * Each row gives the server's peak RSS against the bare server's in the same run (target: at most 1.15 times).
 * Run: deno run -A bench/stadium.ts [--phones N] [--seconds N] [--points-per-second N] [--push-points N] [--write]
 */
import { parseDatabaseUrl } from "../cli/config.ts";
import { loadDemoIfEmpty } from "../cli/demo.ts";
import { openStore } from "../db/store.ts";
import { createToken } from "../db/tokens.ts";
import {
  formatReport,
  freePort,
  peakRss,
  REPO_ROOT,
  resetPeakRss,
  type ServerProcess,
  spawnDeno,
  startServer,
} from "./server.ts";
import { BARE_ETAG } from "./stadium_bare.ts";
import { measurePushLatency, type PushLatency } from "./push_latency.ts";
import { withSchedulerSection } from "./scheduler_section.ts";
import { runWrk, type WrkResult } from "./wrk.ts";

/** The heading of the stadium's section of docs/benchmarks.md, which `deno task bench` keeps. */
export const STADIUM_HEADING = "## Stadium: 10,000 phones on one core";

const flag = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const PHONES = flag("phones", 10_000);
const SECONDS = flag("seconds", 30);
const RATE = flag("points-per-second", 10);
const PUSH_POINTS = flag("push-points", 200);
const MiB = 1024 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Pins a process (all its threads) to one core. */
async function pin(pid: number, core: number): Promise<void> {
  const out = await new Deno.Command("taskset", {
    args: ["-a", "-p", "-c", String(core), String(pid)],
    stdout: "null",
  })
    .output();
  if (!out.success) throw new Error(`Cannot pin process ${pid} to core ${core} with taskset`);
}

/** Resident memory now (VmRSS), in bytes. */
function rss(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(Deno.readTextFileSync(`/proc/${pid}/status`))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Latencies in 1 ms buckets up to 60 s: millions of samples in little memory. */
class Histogram {
  readonly buckets = new Uint32Array(60_001);
  count = 0;
  add(ms: number) {
    this.buckets[Math.min(60_000, Math.max(0, Math.round(ms)))]!++;
    this.count++;
  }
  percentile(p: number): number {
    let seen = 0;
    const want = Math.ceil((p / 100) * this.count);
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= want && want > 0) return i;
    }
    return NaN;
  }
}

/** What a streams row measured. */
interface StreamRow {
  opened: number;
  errors: number;
  writes: number;
  p50: number;
  p99: number;
  perStreamKiB: number;
  peakMiB: number;
}

/**
 * Opens `PHONES` streams to `path`, writes `RATE` points a second for `SECONDS` with `write` (which gives the
 * match's revision after its write), and times each phone's frame that names each revision.
 */
async function streamRow(
  server: ServerProcess,
  path: string,
  matchId: string,
  write: () => Promise<number>,
  firstRevision: number,
): Promise<StreamRow> {
  resetPeakRss(server.pid);
  const before = rss(server.pid);
  const sentAt = new Map<number, number>();
  const histogram = new Histogram();
  const pattern = new RegExp(`"id":"${matchId}","version":"m(\\d+)\\.`, "g");
  let errors = 0;
  let readyCount = 0;
  let ended = false;
  const sockets: Deno.TcpConn[] = [];
  const open = async (n: number) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
    sockets.push(conn);
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await conn.write(encoder.encode(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${ip}\r\n\r\n`,
    ));
    let last = firstRevision;
    let tail = "";
    let ready = false;
    (async () => {
      const buf = new Uint8Array(16 * 1024);
      for (;;) {
        const got = await conn.read(buf);
        if (got === null) break;
        const text = tail + decoder.decode(buf.subarray(0, got));
        const now = performance.now();
        if (!ready) {
          if (!text.startsWith("HTTP/1.1 200")) {
            errors++;
            return;
          }
          if (text.includes("event: ready")) {
            ready = true;
            readyCount++;
          }
        }
        for (const m of text.matchAll(pattern)) {
          const r = Number(m[1]);
          for (let k = last + 1; k <= r; k++) {
            const at = sentAt.get(k);
            if (at !== undefined) histogram.add(now - at);
          }
          if (r > last) last = r;
        }
        tail = text.slice(-300);
      }
      if (!ended) errors++;
    })().catch(() => {
      if (!ended) errors++;
    });
  };
  for (let n = 0; n < PHONES; n += 250) {
    await Promise.all(
      Array.from({ length: Math.min(250, PHONES - n) }, (_, k) => open(n + k).catch(() => errors++)),
    );
  }
  const deadline = Date.now() + 120_000;
  while (readyCount + errors < PHONES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const opened = readyCount;
  const perStream = (rss(server.pid) - before) / Math.max(1, opened);
  const writes = RATE * SECONDS;
  const started = performance.now();
  for (let i = 0; i < writes; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const at = performance.now();
    // The revision this write makes is the next one: noted before the write, whose frame may beat its answer.
    sentAt.set(firstRevision + i + 1, at);
    await write().catch(() => errors++);
  }
  await new Promise((r) => setTimeout(r, 3000));
  ended = true;
  const missing = opened * writes - histogram.count;
  for (const s of sockets) {
    try {
      s.close();
    } catch { /* closed */ }
  }
  return {
    opened,
    errors: errors + Math.max(0, missing),
    writes,
    p50: histogram.percentile(50),
    p99: histogram.percentile(99),
    perStreamKiB: perStream / 1024,
    peakMiB: (peakRss(server.pid) ?? 0) / MiB,
  };
}

/** A push-latency row of the report. */
function pushRow(label: string, r: PushLatency): string {
  return `| ${label} | ${r.count} | ${r.lost} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${
    r.p99.toFixed(1)
  } |`;
}

/** 10,000 phones polling two URLs once a second each with their ETags. */
async function pollRow(server: ServerProcess, requests: { path: string; headers: Record<string, string> }[]) {
  resetPeakRss(server.pid);
  const result: WrkResult = await runWrk(server.url, requests, {
    connections: PHONES,
    threads: 1,
    seconds: SECONDS,
    timeoutSeconds: 10,
    delayMs: 1000,
  }, await Deno.makeTempDir());
  return { result, peakMiB: (peakRss(server.pid) ?? 0) / MiB };
}

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "tt-stadium-" });
  const file = `${dir}/stadium.db`;
  const store = await openStore(parseDatabaseUrl(`sqlite:${file}`));
  await loadDemoIfEmpty(store, new Date());
  const { secret } = await createToken(store.db, {
    role: "admin",
    label: "Stadium bench",
    eventId: null,
    tableNo: null,
  }, new Date());
  const event = await store.db.selectFrom("events").select(["id", "slug"]).where("status", "=", "published")
    .executeTakeFirstOrThrow();
  await store.close();
  // Each phone comes from its own address (X-Forwarded-For), as behind the venue's proxy: one client's
  // limit of open streams holds for each.
  const server = await startServer(`sqlite:${file}`, `${dir}/server.log`, ["--trust-proxy", "1"]);
  await pin(server.pid, 0);
  await pin(Deno.pid, 1);
  const slug = event.slug;
  // A match in play: the first the feed lists whose answer says it is in progress.
  const feed = await (await fetch(`${server.url}/api/v1/events/${slug}/changes?limit=500`)).json();
  let matchId = "";
  let revision = 0;
  for (const c of feed.data.changes as { kind: string; id: string; version: string }[]) {
    if (c.kind !== "match") continue;
    const m = (await (await fetch(`${server.url}/api/v1/matches/${c.id}`)).json()).data.match;
    if (m.status === "in_progress") {
      matchId = c.id;
      revision = Number(/^m(\d+)\./.exec(c.version)![1]);
      break;
    }
  }
  if (!matchId) throw new Error("Cannot find a match in play in the demo");
  let score = { home: 0, away: 0 };
  const writeReal = async () => {
    const res = await fetch(`${server.url}/api/manage/matches/${matchId}/point`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${secret}`,
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: JSON.stringify({ side: score.away < score.home ? "away" : "home" }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(JSON.stringify(body));
    score = body.data?.live?.currentGame ?? score;
    return 0;
  };
  // One pushed subscriber first, the server otherwise idle: a point's way from its write to the phone.
  const push = await measurePushLatency(
    `${server.url}/api/v1/events/${slug}/changes`,
    {},
    matchId,
    writeReal,
    PUSH_POINTS,
  );
  const real = await streamRow(
    server,
    `/api/v1/events/${slug}/changes`,
    matchId,
    writeReal,
    revision + PUSH_POINTS,
  );

  const pagePath = `/t/${slug}`;
  const apiPath = `/api/v1/events/${slug}`;
  const etagOf = async (path: string) => {
    const res = await fetch(server.url + path);
    await res.body?.cancel();
    return res.headers.get("etag") ?? "";
  };
  const pageRes = await fetch(server.url + pagePath, { headers: { "Accept-Encoding": "br" } });
  const pageBytes = (await pageRes.arrayBuffer()).byteLength;
  const realPolls = await pollRow(server, [
    { path: pagePath, headers: { "If-None-Match": await etagOf(pagePath), "Accept-Encoding": "br" } },
    { path: apiPath, headers: { "If-None-Match": await etagOf(apiPath), "Accept-Encoding": "br" } },
  ]);
  await server.stop();

  const barePort = freePort();
  const bare = await spawnDeno(
    [
      "--allow-net",
      "bench/stadium_bare.ts",
      "--port",
      String(barePort),
      "--bytes",
      String(pageBytes),
      "--match",
      matchId,
    ],
    barePort,
    `${dir}/bare.log`,
    "/",
  );
  await pin(bare.pid, 0);
  let bareRevision = 0;
  const writeBare = async () => {
    const res = await fetch(`${bare.url}/tick`, { method: "POST" });
    bareRevision = Number(await res.text());
    return bareRevision;
  };
  const barePush = await measurePushLatency(`${bare.url}/stream`, {}, matchId, writeBare, PUSH_POINTS);
  const bareStreams = await streamRow(bare, `/stream`, matchId, writeBare, bareRevision);
  const barePolls = await pollRow(bare, [
    { path: "/page", headers: { "If-None-Match": BARE_ETAG } },
    { path: "/api", headers: { "If-None-Match": BARE_ETAG } },
  ]);
  await bare.stop();

  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const lines = [
    STADIUM_HEADING,
    "",
    `\`deno run -A bench/stadium.ts\` (${
      new Date().toISOString().slice(0, 16)
    }Z, SQLite, the demo event): the server ` +
    "held to core 0 with `taskset`, the phones (one Deno process opening raw TCP streams, or wrk with a Lua " +
    "script) on core 1, the bare Deno.serve of bench/stadium_bare.ts under the same load after it. Memory " +
    "target: peak RSS at most 1.15 × the bare server's in the same row.",
    "",
    "| Row | Phones | Errors | p50 ms | p99 ms | Memory per stream | Peak RSS | Bare peak RSS | × bare |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| (a) event-page streams, ${RATE} points/s for ${SECONDS} s (write to phone) | ${real.opened} | ${real.errors} | ` +
    `${real.p50} | ${real.p99} | ${real.perStreamKiB.toFixed(1)} KiB | ${real.peakMiB.toFixed(1)} MiB | ` +
    `${bareStreams.peakMiB.toFixed(1)} MiB | ${ratio(real.peakMiB, bareStreams.peakMiB)} |`,
    `| (a) bare: the same streams, a frame per tick | ${bareStreams.opened} | ${bareStreams.errors} | ` +
    `${bareStreams.p50} | ${bareStreams.p99} | ${bareStreams.perStreamKiB.toFixed(1)} KiB | ` +
    `${bareStreams.peakMiB.toFixed(1)} MiB | | |`,
    `| (b) event page and its API at 1 Hz with If-None-Match (${realPolls.result.requests} requests) | ${PHONES} | ` +
    `${realPolls.result.statusErrors + realPolls.result.socketErrors} | ${
      realPolls.result.p50Ms.toFixed(1)
    } | ` +
    `${realPolls.result.p99Ms.toFixed(1)} | | ${realPolls.peakMiB.toFixed(1)} MiB | ${
      barePolls.peakMiB.toFixed(1)
    } MiB | ` +
    `${ratio(realPolls.peakMiB, barePolls.peakMiB)} |`,
    `| (b) bare: 304 to the same ETag (${barePolls.result.requests} requests) | ${PHONES} | ` +
    `${barePolls.result.statusErrors + barePolls.result.socketErrors} | ${
      barePolls.result.p50Ms.toFixed(1)
    } | ` +
    `${barePolls.result.p99Ms.toFixed(1)} | | ${barePolls.peakMiB.toFixed(1)} MiB | | |`,
    "",
    `Push latency, one subscriber of the event's change stream and ${PUSH_POINTS} points written one after another ` +
    "through the management API (bench/push_latency.ts; the server pinned as above): from the write sent to the " +
    "subscriber's frame naming the match's new revision.",
    "",
    "| Row | Points | Lost | p50 ms | p90 ms | p99 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    pushRow("(c) write through the management API to a pushed subscriber", push),
    pushRow("(c) bare: `POST /tick` to its frame", barePush),
    "",
  ];
  const report = lines.join("\n");
  const out = new TextEncoder();
  Deno.stdout.writeSync(out.encode(report + "\n"));
  if (Deno.args.includes("--write")) {
    const path = `${REPO_ROOT}docs/benchmarks.md`;
    await Deno.writeTextFile(
      path,
      withSchedulerSection(await Deno.readTextFile(path), report, STADIUM_HEADING),
    );
    await formatReport(path);
  }
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
