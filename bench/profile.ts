/**
 * Where the time of a read goes: runs the repository functions and view builders that the public handlers call,
 * in this process on the benchmark's store, through a Kysely that logs every query with its duration, and asks
 * the database for the plan of the slowest queries (SQLite `EXPLAIN QUERY PLAN`, PostgreSQL `EXPLAIN`).
 */
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
import { buildDraw } from "../views/draw.ts";
import { serializeMatch } from "../views/serialize.ts";
import { buildStandings } from "../views/standings.ts";
import { parseDatabaseUrl } from "../cli/config.ts";
import { silentLogger } from "../lib/log.ts";
import { readDrawSlots } from "../db/read_draw.ts";
import { readCategoryEntries, readEntries } from "../db/read_entries.ts";
import { findPublishedEvent, listPublishedEvents } from "../db/read_events.ts";
import { readCategoryGroups } from "../db/read_groups.ts";
import {
  findPrediction,
  findPublicMatch,
  listCategoryMatches,
  listCategoryMatchVersions,
} from "../db/read_matches.ts";
import { readRankingsPage } from "../db/read_rankings.ts";
import { findPublicCategory, listEventCategories } from "../db/read_categories.ts";
import { globalRevision } from "../db/revision.ts";
import type { Database } from "../db/schema.ts";
import { openStore, type Store } from "../db/store.ts";
import { createApp } from "../main.ts";
import type { BuiltStore } from "./build_store.ts";

/** One step of a handler, timed per call. */
export interface StepStat {
  step: string;
  /** What the step stands for in the handlers. */
  calls: number;
  meanMs: number;
  queriesPerCall: number;
  error?: string;
}

/** One SQL statement, over every step that ran it. */
export interface QueryStat {
  sql: string;
  calls: number;
  meanMs: number;
  maxMs: number;
  /** The database's plan, one line per node. */
  plan: string[];
}

/** The profile of the reads. */
export interface Profile {
  steps: StepStat[];
  queries: QueryStat[];
}

interface Logged {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/** The plan of a statement, one line per node; an empty list when the database cannot tell. */
async function planOf(store: Store, sql: string, parameters: readonly unknown[]): Promise<string[]> {
  try {
    if (store.sqlite) {
      const rows = store.sqlite.raw.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...(parameters as (string | number | null)[])) as { detail: string }[];
      return rows.map((r) => r.detail);
    }
    if (store.pool) {
      const res = await store.pool.query(`EXPLAIN ${sql}`, parameters as unknown[]);
      return res.rows.map((r: Record<string, string>) => r["QUERY PLAN"] ?? "");
    }
  } catch (e) {
    return [`(no plan: ${(e as Error).message})`];
  }
  return [];
}

/** Profiles the reads of the live event on the store at `databaseUrl`; each step runs for up to `budgetMs`. */
export async function profileReads(
  databaseUrl: string,
  built: BuiltStore,
  budgetMs = 1500,
): Promise<Profile> {
  const store = await openStore(parseDatabaseUrl(databaseUrl));
  const logged: Logged[] = [];
  const log = (event: LogEvent) => {
    logged.push({
      sql: event.query.sql,
      parameters: event.query.parameters,
      ms: event.queryDurationMillis,
    });
  };
  const dialect = store.sqlite
    ? new SqliteDialect({ database: store.sqlite })
    : new PostgresDialect({ pool: store.pool! });
  const db = new Kysely<Database>({ dialect, log });
  const groupsCategory = built.categories.find((c) => c.format === "groups") ?? built.categories[0]!;
  const drawCategory = built.categories.find((c) => c.format === "knockout") ?? built.categories[0]!;
  const match = built.live[0]?.id ?? "";

  const steps: [string, () => Promise<unknown>][] = [
    ["revision lookup (every request, 304s too)", () => globalRevision(db)],
    ["events list: listPublishedEvents", () => listPublishedEvents(db)],
    ["event: findPublishedEvent + listEventCategories", async () => {
      const event = await findPublishedEvent(db, built.slug);
      return event && await listEventCategories(db, event.id);
    }],
    ["category: findPublicCategory", () => findPublicCategory(db, groupsCategory.id)],
    ["category: listCategoryMatches (224 matches)", () => listCategoryMatches(db, groupsCategory.id)],
    // What a list made again after a point reads instead (views/category_matches.ts), besides the moved match.
    [
      "category: listCategoryMatchVersions (224 matches)",
      () => listCategoryMatchVersions(db, groupsCategory.id),
    ],
    ["category: readCategoryEntries (64 entries)", () => readCategoryEntries(db, groupsCategory.id)],
    ["category: readCategoryGroups", () => readCategoryGroups(db, groupsCategory.id)],
    ["draw: readDrawSlots (128 slots)", () => readDrawSlots(db, drawCategory.id)],
    ["match: findPublicMatch + findPrediction + readEntries", async () => {
      const [found] = await Promise.all([findPublicMatch(db, match), findPrediction(db, match)]);
      return found && await readEntries(db, [found.homeEntryId ?? "", found.awayEntryId ?? ""]);
    }],
    ["rankings: readRankingsPage offset 0", () => readRankingsPage(db, { limit: 100, offset: 0 })],
    ["rankings: readRankingsPage offset 50000", () => readRankingsPage(db, { limit: 100, offset: 50_000 })],
  ];

  // View builders and serialisation, on data read once.
  const [groups, groupMatches, groupEntries] = await Promise.all([
    readCategoryGroups(db, groupsCategory.id),
    listCategoryMatches(db, groupsCategory.id),
    readCategoryEntries(db, groupsCategory.id),
  ]);
  const drawRecord = await findPublicCategory(db, drawCategory.id);
  const [drawSlots, drawMatches, drawEntries] = await Promise.all([
    readDrawSlots(db, drawCategory.id),
    listCategoryMatches(db, drawCategory.id),
    readCategoryEntries(db, drawCategory.id),
  ]);
  steps.push(
    [
      "view: buildStandings (8 groups of 8, no query)",
      () => Promise.resolve(buildStandings(groups, groupMatches, groupEntries)),
    ],
    ["view: buildDraw (128, no query)", () =>
      Promise.resolve(
        drawRecord &&
          buildDraw({
            category: drawRecord,
            slots: drawSlots,
            matches: drawMatches,
            entries: drawEntries,
            groups: [],
          }),
      )],
    [
      "view: serialise + JSON.stringify 224 matches",
      () => Promise.resolve(JSON.stringify(groupMatches.map((m) => serializeMatch(m, groupEntries)))),
    ],
  );

  // The whole app in-process (Hono, middleware, caches), without sockets: what a request costs above SQL.
  const app = createApp({ store: { ...store, db }, log: silentLogger, clock: () => new Date() });
  const matchPath = `/api/v1/matches/${match}`;
  const categoryPath = `/api/v1/subevents/${groupsCategory.id}/matches`;
  const first = await app.request(matchPath);
  await first.arrayBuffer();
  const etag = first.headers.get("ETag") ?? "";
  const answer = (path: string, status: number, headers: Record<string, string> = {}) => async () => {
    const res = await app.request(path, { headers });
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`HTTP ${res.status} on ${path}`);
  };
  steps.push(
    [
      "app: 304 GET /api/v1/matches/{id} (app.request, no socket)",
      answer(matchPath, 304, { "If-None-Match": etag }),
    ],
    ["app: 200 GET /api/v1/matches/{id} (app.request)", answer(matchPath, 200)],
    ["app: 200 GET /api/v1/subevents/{id}/matches (app.request)", answer(categoryPath, 200)],
    ["app: 200 GET /overlay/match/{id} (app.request)", answer(`/overlay/match/${match}`, 200)],
    ["app: 200 GET /api/v1/events/{slug} (app.request)", answer(`/api/v1/events/${built.slug}`, 200)],
    ["app: 200 GET /api/v1/rankings (app.request)", answer("/api/v1/rankings", 200)],
  );

  const stats: StepStat[] = [];
  const byQuery = new Map<
    string,
    { calls: number; total: number; max: number; parameters: readonly unknown[] }
  >();
  for (const [step, run] of steps) {
    try {
      await run(); // warm: statement caches, JIT
      logged.length = 0;
      let calls = 0;
      const started = performance.now();
      // At least twice, then as often as the budget allows (a slow step stops after two calls).
      while (calls < 2 || (performance.now() - started < budgetMs && calls < 200)) {
        await run();
        calls++;
      }
      const meanMs = (performance.now() - started) / calls;
      stats.push({ step, calls, meanMs, queriesPerCall: logged.length / calls });
      for (const q of logged) {
        const s = byQuery.get(q.sql) ?? { calls: 0, total: 0, max: 0, parameters: q.parameters };
        s.calls++;
        s.total += q.ms;
        s.max = Math.max(s.max, q.ms);
        byQuery.set(q.sql, s);
      }
    } catch (e) {
      stats.push({ step, calls: 0, meanMs: NaN, queriesPerCall: 0, error: (e as Error).message });
    }
  }
  const slowest = [...byQuery.entries()].map(([sql, s]) => ({ sql, ...s, meanMs: s.total / s.calls }))
    .sort((a, b) => b.meanMs - a.meanMs).slice(0, 6);
  const queries: QueryStat[] = [];
  for (const q of slowest) {
    queries.push({
      sql: q.sql,
      calls: q.calls,
      meanMs: q.meanMs,
      maxMs: q.max,
      plan: await planOf(store, q.sql, q.parameters),
    });
  }
  await store.close();
  return { steps: stats, queries };
}
