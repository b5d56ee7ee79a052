/**
 * The soak (issue 8, in the bench, not in CI): the real server on the bench's large store, for a long run
 * (default 10 minutes) of mixed reads (the public endpoints, ETag revalidations and the pages: overlays, TV,
 * event and category pages, as polls and page loads do) at a few hundred requests a second while points are
 * written every second. It reports the errors, the request rate, the latency (in all and by path) and the
 * server's resident memory sampled every 10 s: the memory must stay flat (under 10% growth between the first and
 * the last two minutes after the warm-up, by their medians). Report: docs/soak.md.
 *
 *   deno task soak [--seconds 600] [--warmup 60] [--rate 300] [--out docs/soak.md] [--database-url URL]
 */
import { parseDatabaseUrl } from "../cli/config.ts";
import { openStore } from "../db/store.ts";
import { BASE_SIZE, buildStore, type BuiltStore } from "./build_store.ts";
import { onInterrupt } from "./interrupt.ts";
import { formatReport, startServer } from "./server.ts";
import { summarize } from "./stats.ts";
import { openWriter } from "./writer.ts";

export interface SoakOptions {
  seconds: number;
  warmup: number;
  /** Reads per second to aim at. */
  rate: number;
  out: string;
  databaseUrl: string | undefined;
}

/** Reads the flags. */
export function parseSoakOptions(
  args: readonly string[],
  env: (n: string) => string | undefined,
): SoakOptions {
  const o: SoakOptions = {
    seconds: 600,
    warmup: 60,
    rate: 300,
    out: "docs/soak.md",
    databaseUrl: env("DATABASE_URL"),
  };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`Flag "${name}" needs a value`);
    if (name === "--out") o.out = value;
    else if (name === "--database-url") o.databaseUrl = value;
    else if (name === "--seconds" || name === "--warmup" || name === "--rate") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) {
        throw new Error(`Invalid "${name}" "${value}": expected a whole number`);
      }
      o[name.slice(2) as "seconds" | "warmup" | "rate"] = n;
    } else throw new Error(`Unknown flag "${name}"`);
  }
  if (o.warmup >= o.seconds) throw new Error(`"--warmup" must be shorter than "--seconds"`);
  return o;
}

/** The server's resident memory in bytes (VmRSS), or null when /proc cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The read paths of the soak: what overlays, the TV, phones and API clients ask for. */
export function soakPaths(built: BuiltStore): string[] {
  const cats = built.categories;
  return [
    "/api/v1/events",
    `/api/v1/events/${built.slug}`,
    "/api/v1/rankings",
    "/api/v1/rankings?offset=500",
    ...built.live.flatMap((m) => [`/api/v1/matches/${m.id}`, `/overlay/match/${m.id}`]),
    ...cats.slice(0, 16).flatMap((c) => [
      `/api/v1/subevents/${c.id}/matches`,
      `/api/v1/subevents/${c.id}/standings`,
      `/api/v1/subevents/${c.id}/draw`,
      `/t/${built.slug}/c/${c.id}`,
    ]),
    `/t/${built.slug}`,
    `/t/${built.slug}/tv`,
  ];
}

/**
 * A path with its ids as `{id}`, so that the reads of one kind of page or answer are counted together.
 * @example pathTemplate("/t/open/c/0000003a-0000-4000-8000-000000000001") // "/t/open/c/{id}"
 */
export function pathTemplate(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "{id}");
}

interface Sample {
  at: number;
  rss: number | null;
}

/** Runs the soak and returns the report (markdown). */
export async function runSoak(o: SoakOptions): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "tt-soak-" });
  const url = o.databaseUrl && parseDatabaseUrl(o.databaseUrl).kind === "postgres"
    ? o.databaseUrl
    : `sqlite:${dir}/soak.db`;
  const store = await openStore(parseDatabaseUrl(url));
  let built: BuiltStore;
  try {
    built = await buildStore(store, BASE_SIZE, new Date());
  } finally {
    await store.close();
  }
  const server = await startServer(url, `${dir}/server.log`);
  // Cut short (Ctrl-C, `kill`), the soak still stops its server and removes its store (bench/interrupt.ts).
  const cleanUp = async () => {
    await server.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  const release = onInterrupt(cleanUp);
  const writer = await openWriter({
    mode: "auto",
    baseUrl: server.url,
    adminSecret: built.adminSecret,
    databaseUrl: url,
    scores: new Map(built.live.map((m) => [m.id, { ...m.current }])),
  });
  const paths = soakPaths(built);
  const etags = new Map<string, string>();
  const latencies: number[] = [];
  const byTemplate = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  let reads = 0, readErrors = 0, writes = 0, writeErrors = 0;
  const samples: Sample[] = [];
  const start = performance.now();
  const end = start + o.seconds * 1000;
  const warm = start + o.warmup * 1000;
  let stop = false;

  const reader = async (k: number, workers: number) => {
    const interval = 1000 * workers / o.rate;
    let next = performance.now() + (k * interval) / workers;
    for (let i = k; !stop; i += workers) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      next += interval;
      const path = paths[i % paths.length]!;
      // Every other read of a path revalidates with the ETag it was last given, as the pages' polls do.
      const tag = i % 2 === 0 ? etags.get(path) : undefined;
      const t = performance.now();
      try {
        const res = await fetch(server.url + path, {
          headers: { "Accept-Encoding": "gzip, br", ...(tag ? { "If-None-Match": tag } : {}) },
        });
        await res.arrayBuffer();
        const etag = res.headers.get("etag");
        if (etag) etags.set(path, etag);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 400) readErrors++;
        if (t >= warm) {
          const ms = performance.now() - t;
          latencies.push(ms);
          const template = pathTemplate(path);
          const kept = byTemplate.get(template);
          if (kept) kept.push(ms);
          else byTemplate.set(template, [ms]);
        }
        reads++;
      } catch {
        readErrors++;
      }
    }
  };
  const writerLoop = async () => {
    let n = 0;
    while (!stop) {
      const w = await writer.write(built.live[n++ % built.live.length]!.id);
      if (w.ok) writes++;
      else writeErrors++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const sampler = async () => {
    while (!stop) {
      samples.push({ at: (performance.now() - start) / 1000, rss: residentBytes(server.pid) });
      await new Promise((r) => setTimeout(r, 10_000));
    }
  };
  const workers = 32;
  const loops = [
    ...Array.from({ length: workers }, (_, k) => reader(k, workers)),
    writerLoop(),
    sampler(),
  ];
  await new Promise((r) => setTimeout(r, Math.max(0, end - performance.now())));
  stop = true;
  await Promise.all(loops);
  samples.push({ at: (performance.now() - start) / 1000, rss: residentBytes(server.pid) });
  await writer.close();
  release();
  await cleanUp();

  // Resident memory saws up and down with the garbage collector, so single samples say little: the growth is
  // the median of the last two minutes against the median of the first two minutes after the warm-up.
  const afterWarmup = samples.filter((s) => s.at >= o.warmup && s.rss !== null).map((s) => s.rss!);
  const window = Math.max(1, Math.min(12, Math.floor(afterWarmup.length / 3)));
  const median = (xs: number[]) =>
    xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null;
  const first = median(afterWarmup.slice(0, window));
  const last = median(afterWarmup.slice(-window));
  const peak = Math.max(...afterWarmup);
  const growth = first && last ? (last - first) / first : null;
  const lat = summarize(latencies);
  const mib = (b: number | null) => b === null ? "n/a" : `${(b / 1048576).toFixed(1)} MiB`;
  const flat = growth !== null && growth < 0.1;
  const clean = readErrors === 0 && writeErrors === 0;
  return [
    "# Soak",
    "",
    `Written by \`deno task soak\` on ${
      new Date().toISOString().slice(0, 16).replace("T", " ")
    } UTC. Do not edit by`,
    `hand. Store: ${
      url.startsWith("sqlite") ? "SQLite" : "PostgreSQL"
    }, the bench's store (${built.counts.matches}`,
    `matches, ${built.live.length} live, a leaderboard of ${BASE_SIZE.rankings} players). ${o.seconds} s in all,`,
    `${o.warmup} s of warm-up; reads aimed at ${o.rate}/s over ${paths.length} paths (API, ETag revalidations,`,
    "overlay, TV, event and category pages), a point written every second.",
    "",
    "| measure | value | target | met |",
    "| --- | --- | --- | --- |",
    `| reads | ${reads} (${(reads / o.seconds).toFixed(0)}/s) | several hundred a second | ${
      reads / o.seconds >= 200 ? "yes" : "**no**"
    } |`,
    `| writes | ${writes} | one a second | ${writes >= o.seconds * 0.8 ? "yes" : "**no**"} |`,
    `| errors | ${readErrors} reads, ${writeErrors} writes | 0 | ${clean ? "yes" : "**no**"} |`,
    `| statuses | ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(", ")} | | |`,
    `| read latency after warm-up p50 / p99 / max | ${lat.p50.toFixed(2)} / ${lat.p99.toFixed(2)} / ${
      lat.max.toFixed(1)
    } ms | | |`,
    `| resident memory, median of the first and of the last ${window * 10} s after warm-up / peak | ${
      mib(first)
    } / ${mib(last)} / ${mib(peak)} | | |`,
    `| memory growth after warm-up | ${
      growth === null ? "n/a" : `${(growth * 100).toFixed(1)}%`
    } | under 10% | ${flat ? "yes" : "**no**"} |`,
    "",
    "Resident memory every 10 s (MiB): " +
    samples.map((s) => s.rss === null ? "n/a" : (s.rss / 1048576).toFixed(0)).join(" "),
    "",
    "Read latency after warm-up by path (ids as `{id}`), slowest first:",
    "",
    "| path | reads | p50 ms | p99 ms | max ms |",
    "| --- | --- | --- | --- | --- |",
    ...[...byTemplate].map(([template, ms]) => ({ template, ...summarize(ms) }))
      .sort((a, b) => b.max - a.max)
      .map((r) =>
        `| ${r.template} | ${r.count} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} |`
      ),
    "",
  ].join("\n");
}

if (import.meta.main) {
  const o = parseSoakOptions(Deno.args, (n) => Deno.env.get(n));
  const report = await runSoak(o);
  await Deno.writeTextFile(o.out, report);
  if (!await formatReport(o.out)) {
    Deno.stderr.writeSync(new TextEncoder().encode(`Could not format ${o.out}\n`));
  }
  Deno.stdout.writeSync(new TextEncoder().encode(report + "\n"));
}
