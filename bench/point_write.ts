/**
 * The point write's benchmark, the "Point write" section of docs/benchmarks.md: on the bench's store (one live
 * event of ~10,000 matches, bench/build_store.ts) as SQLite (a file, synced as the server syncs it) and, when a
 * PostgreSQL URL is given, as PostgreSQL (a fresh schema, dropped at the end), points are scored one after the
 * other through the management API in-process (`POST /api/manage/matches/{id}/point` with the match's revision,
 * the app of main.ts, no socket), spread over the live matches: each point's time from the request to its
 * answer (p50, p99, max) and the statements it made (db/store.ts `onQuery`, the token's check included).
 * Run: deno task bench --only point-write [--points N] (DATABASE_URL or --database-url for PostgreSQL too);
 * bench/main.ts makes the stores (a fresh one each) and drops them.
 * @module
 */
import { createApp } from "../main.ts";
import { parseDatabaseUrl } from "../cli/config.ts";
import { openStore, type Store } from "../db/store.ts";
import { silentLogger } from "../lib/log.ts";
import { BASE_SIZE, buildStore, type BuiltStore } from "./build_store.ts";
import { quantile } from "./relay.ts";
import { sideToPlay } from "./writer.ts";

/** The heading of the section in docs/benchmarks.md. */
export const POINT_WRITE_HEADING = "## Point write";

/** What was measured on one store. */
export interface PointWriteFigures {
  dialect: "sqlite" | "postgres";
  points: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Statements of most points (the median), the token's check included. */
  statements: number;
  /** Their mean: a match running long refreshes the event's estimates once a minute (db/estimate_writes.ts). */
  meanStatements: number;
}

/** Scores `points` points on one store and times each; `say` hears the steps. */
export async function measurePointWrite(
  url: string,
  points: number,
  say: (line: string) => void,
): Promise<PointWriteFigures> {
  let statements = 0;
  const store = await openStore(parseDatabaseUrl(url), { onQuery: () => void statements++ });
  const dialect = store.dialect;
  try {
    say(`${dialect}: building the bench's store`);
    const built = await buildStore(store, { ...BASE_SIZE, rankings: BASE_SIZE.players }, new Date());
    const app = createApp({ store, log: silentLogger, clock: () => new Date() });
    const point = await benchScorer(store, app, built);
    // One round over the live matches first: the statements are prepared and the caches warm.
    for (const m of built.live) await point(m.id);
    say(`${dialect}: scoring ${points} points`);
    const times: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < points; i++) {
      const id = built.live[i % built.live.length]!.id;
      statements = 0;
      const started = performance.now();
      await point(id);
      times.push(performance.now() - started);
      counts.push(statements);
    }
    times.sort((a, b) => a - b);
    counts.sort((a, b) => a - b);
    return {
      dialect,
      points,
      p50Ms: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      maxMs: times.at(-1)!,
      statements: quantile(counts, 0.5),
      meanStatements: counts.reduce((sum, n) => sum + n, 0) / points,
    };
  } finally {
    await store.close();
  }
}

/**
 * How the bench's umpires score on the bench's store: `point(id)` scores the side due next in the live match
 * (bench/writer.ts) with the revision its last answer gave, through the management API with the bench's admin
 * token, and throws on any answer but a 200 (tests/api/point_statements_test.ts counts the same points).
 */
export async function benchScorer(
  store: Store,
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  built: BuiltStore,
): Promise<(id: string) => Promise<void>> {
  const revisions = new Map<string, number>();
  const scores = new Map(built.live.map((m) => [m.id, { home: m.current.home, away: m.current.away }]));
  for (const m of built.live) {
    const row = await store.db.selectFrom("matches").select("revision").where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    revisions.set(m.id, Number(row.revision));
  }
  return async (id: string) => {
    const res = await app.request(`/api/manage/matches/${id}/point`, {
      method: "POST",
      headers: { Authorization: `Bearer ${built.adminSecret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ side: sideToPlay(scores.get(id)!), revision: revisions.get(id) }),
    });
    const text = await res.text();
    if (res.status !== 200) {
      throw new Error(`Cannot score a point: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    const data = (JSON.parse(text) as {
      data: { revision: number; live: { currentGame: { home: number; away: number } } };
    }).data;
    revisions.set(id, data.revision);
    scores.set(id, data.live.currentGame);
  };
}

const ms = (v: number) => v < 10 ? v.toFixed(2) : v.toFixed(1);

/** The section of docs/benchmarks.md. */
export function renderPointWrite(figures: readonly PointWriteFigures[], command: string, at: Date): string {
  const rows = figures.map((f) =>
    `| ${f.dialect} | ${f.points} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} | ${f.statements} | ${
      f.meanStatements.toFixed(2)
    } |`
  );
  return `${POINT_WRITE_HEADING}

\`${command}\` (bench/point_write.ts), ${at.toISOString().slice(0, 16).replace("T", " ")} UTC: on the bench's
store (one live event of about 10,000 matches), points scored one after the other through the management API
in-process (\`POST /api/manage/matches/{id}/point\` with the match's revision, the app of main.ts, no socket),
spread over the 100 live matches, after one round to warm up. SQLite is a file synced as the server syncs it
(db/durable_sqlite.ts); PostgreSQL 15 runs on the same machine (a round trip per statement over loopback).
Statements count every statement of the request, the token's check included (two statements; the write and
its answer make the rest, tests/api/point_statements_test.ts): those of most points, and their mean (the first
point of a minute in a match running long also refreshes the event's estimated starts, db/estimate_writes.ts).

| store | points | p50 ms | p99 ms | max ms | statements per point | mean statements |
| ----- | ------ | ------ | ------ | ------ | -------------------- | --------------- |
${rows.join("\n")}
`;
}
