/**
 * The live scenario, run as its own process: `overlays` simulated scoreboard overlays poll
 * `/api/v1/matches/{id}` as pages/client/live_regions.ts does (a poll, then the next one about a second after it
 * ends, the wait drawn by pages/client/poll_wait.ts as the pages draw it, `If-None-Match` with the last ETag,
 * the page fetched again when the data changed), their first polls spread over the first second, while a writer
 * puts `pointsPerSecond` points a second into the watched matches.
 * It measures poll latency, errors, and for every overlay the delay from a write being sent to the first poll
 * of that overlay that shows it.
 * Run: deno run -A bench/live.ts CONFIG.json RESULT.json (main.ts writes the config).
 */
import { pollWait } from "../pages/client/poll_wait.ts";
import { OVERLAY_POLL_MS } from "../pages/overlay_document.tsx";
import { summarize, type Summary } from "./stats.ts";
import { type GameScore, openWriter, type WriterOptions } from "./writer.ts";

/** What the scenario is told. */
export interface LiveConfig {
  baseUrl: string;
  overlays: number;
  seconds: number;
  pointsPerSecond: number;
  /** Fetch the overlay page again when the data changed, as a real overlay does. */
  reloadPage: boolean;
  matches: { id: string; totalPoints: number; current: GameScore }[];
  writer: Omit<WriterOptions, "scores">;
}

/** What the scenario measured; latencies and delays in milliseconds. */
export interface LiveResult {
  overlays: number;
  matches: number;
  seconds: number;
  /** Points a second the writer was asked for. */
  pointsPerSecond: number;
  writerMode: "http" | "direct";
  /** Polls answered after the first WARM_MS (the first loads are not counted); errors count from the start. */
  polls: number;
  ok200: number;
  notModified: number;
  errors: number;
  errorSamples: string[];
  pollLatency: Summary;
  pageReloads: number;
  pageErrors: number;
  pageLatency: Summary;
  writesAttempted: number;
  writesFailed: number;
  writeErrorSamples: string[];
  writeLatency: Summary;
  /** Per overlay and write: from sending the write to the first poll of that overlay showing it. */
  delay: Summary;
  /** (overlay, write) pairs not shown by the end (writes in the last second mostly). */
  unseen: number;
  /** How late a timer of the load generator itself fired (its event loop's delay), after the first WARM_MS. */
  clientLag: Summary;
  /** Each match's running game when the scenario ended (the next writer goes on from there). */
  scores: Record<string, GameScore>;
  /** Each match's points played when the scenario ended. */
  totals: Record<string, number>;
}

/**
 * The points played in a match as the single-match endpoint shows them: finished games plus the running one.
 * Each point written adds exactly one, so the first poll showing total >= n shows the write that made it n.
 * @example pointsShown({ match: { gameScores: [{ home: 11, away: 9 }], currentGame: { home: 2, away: 1 } } }) // 23
 */
export function pointsShown(data: unknown): number | null {
  const match = (data as { match?: { gameScores?: GameScore[]; currentGame?: GameScore } } | null)?.match;
  const live = (data as { live?: { currentGame?: GameScore } } | null)?.live;
  const games = match?.gameScores;
  const current = match?.currentGame ?? live?.currentGame;
  if (!Array.isArray(games) || !current) return null;
  return games.reduce((n, g) => n + g.home + g.away, 0) + current.home + current.away;
}

/** The period of the load generator's own delay timer. */
const LAG_TICK_MS = 10;

/** Milliseconds from the start during which overlays make their first polls; not counted, no writes. */
export const WARM_MS = 2000;

interface PendingWrite {
  total: number;
  sentAt: number;
}

/** Runs the scenario. */
export async function runLive(config: LiveConfig): Promise<LiveResult> {
  const scores = new Map(config.matches.map((m) => [m.id, { ...m.current }]));
  const totals = new Map(config.matches.map((m) => [m.id, m.totalPoints]));
  const writes = new Map<string, PendingWrite[]>(config.matches.map((m) => [m.id, []]));
  const writer = await openWriter({ ...config.writer, scores });
  const pollMs: number[] = [];
  const pageMs: number[] = [];
  const writeMs: number[] = [];
  const delays: number[] = [];
  const errorSamples: string[] = [];
  const writeErrorSamples: string[] = [];
  let polls = 0, ok200 = 0, notModified = 0, errors = 0, pageReloads = 0, pageErrors = 0;
  let writesAttempted = 0, writesFailed = 0, unseen = 0;
  const start = performance.now();
  const end = start + config.seconds * 1000;
  // The first polls are every overlay's first load, all at once: latencies count from here (steady state).
  const steady = start + WARM_MS;
  const sample = (list: string[], text: string) => {
    if (list.length < 5 && !list.includes(text)) list.push(text);
  };

  const overlay = async (index: number) => {
    const id = config.matches[index % config.matches.length]!.id;
    const url = `${config.baseUrl}/api/v1/matches/${id}`;
    let etag: string | null = null;
    let shown = "";
    let seen: number | null = null;
    await new Promise((r) => setTimeout(r, (index / config.overlays) * 1000));
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const res: Response = await fetch(url, {
          headers: etag ? { "If-None-Match": etag } : {},
          signal: AbortSignal.timeout(8000),
        });
        const counted = sent >= steady;
        if (counted) polls++;
        if (res.status === 304) {
          await res.body?.cancel();
          if (counted) {
            notModified++;
            pollMs.push(performance.now() - sent);
          }
        } else if (res.status === 200) {
          const body = await res.json() as { data: unknown };
          const now = performance.now();
          if (counted) {
            pollMs.push(now - sent);
            ok200++;
          }
          etag = res.headers.get("ETag");
          const total = pointsShown(body.data);
          if (total !== null) {
            if (seen !== null) {
              for (const w of writes.get(id)!) {
                if (w.total > seen && w.total <= total) delays.push(now - w.sentAt);
              }
            }
            seen = seen === null ? total : Math.max(seen, total);
          }
          const data = JSON.stringify(body.data);
          if (data !== shown) {
            if (config.reloadPage && shown !== "") {
              const pageSent = performance.now();
              const page = await fetch(`${config.baseUrl}/overlay/match/${id}`, {
                signal: AbortSignal.timeout(8000),
              });
              await page.text();
              pageReloads++;
              if (page.status === 200) {
                if (pageSent >= steady) pageMs.push(performance.now() - pageSent);
              } else pageErrors++;
            }
            shown = data;
          }
        } else {
          errors++;
          sample(errorSamples, `HTTP ${res.status}`);
          await res.body?.cancel();
        }
      } catch (e) {
        errors++;
        sample(errorSamples, (e as Error).message.slice(0, 120));
      }
      await new Promise((r) => setTimeout(r, pollWait(OVERLAY_POLL_MS, Math.random())));
    }
    const final = totals.get(id)!;
    // Writes this overlay never showed (most were sent in its last second).
    for (const w of writes.get(id)!) if (seen !== null && w.total > seen && w.total <= final) unseen++;
  };

  const writeLoop = async () => {
    let next = 0;
    // Writing starts once every overlay has polled and stops a second before the end.
    for (let second = 0; steady + (second + 1) * 1000 < end; second++) {
      for (let k = 0; k < config.pointsPerSecond; k++) {
        const due = steady + second * 1000 + (k * 1000) / config.pointsPerSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = config.matches[next++ % config.matches.length]!.id;
        const pending = { total: totals.get(id)! + 1, sentAt: performance.now() };
        writes.get(id)!.push(pending);
        writesAttempted++;
        const outcome = await writer.write(id);
        if (outcome.ok) {
          totals.set(id, pending.total);
          writeMs.push(outcome.ms);
        } else {
          writes.get(id)!.splice(writes.get(id)!.indexOf(pending), 1);
          writesFailed++;
          sample(writeErrorSamples, outcome.error ?? "unknown");
        }
      }
    }
  };

  // The load generator's own delay: a timer every LAG_TICK_MS, late by as much as its event loop was busy (or its
  // process not scheduled). Part of every poll's measured latency is this, not the server's.
  const lags: number[] = [];
  let lastTick = performance.now();
  const lagTimer = setInterval(() => {
    const now = performance.now();
    if (now >= steady) lags.push(Math.max(0, now - lastTick - LAG_TICK_MS));
    lastTick = now;
  }, LAG_TICK_MS);
  await Promise.all([writeLoop(), ...Array.from({ length: config.overlays }, (_, i) => overlay(i))]);
  clearInterval(lagTimer);
  await writer.close();
  return {
    overlays: config.overlays,
    matches: config.matches.length,
    seconds: (performance.now() - start) / 1000,
    pointsPerSecond: config.pointsPerSecond,
    writerMode: writer.mode,
    polls,
    ok200,
    notModified,
    errors,
    errorSamples,
    pollLatency: summarize(pollMs),
    pageReloads,
    pageErrors,
    pageLatency: summarize(pageMs),
    writesAttempted,
    writesFailed,
    writeErrorSamples,
    writeLatency: summarize(writeMs),
    delay: summarize(delays),
    unseen,
    clientLag: summarize(lags),
    scores: Object.fromEntries(scores),
    totals: Object.fromEntries(totals),
  };
}

if (import.meta.main) {
  const [configPath, resultPath] = Deno.args;
  if (!configPath || !resultPath) throw new Error("Usage: deno run -A bench/live.ts CONFIG.json RESULT.json");
  const config = JSON.parse(await Deno.readTextFile(configPath)) as LiveConfig;
  const result = await runLive(config);
  await Deno.writeTextFile(resultPath, JSON.stringify(result));
}
