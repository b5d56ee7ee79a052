/**
 * Writes points into live matches for the benchmark: through the management API (`POST
 * /api/manage/matches/{id}/point` with a bearer token, the way an umpire's phone does) or, when that API does not
 * answer, straight through db/match_writes.ts `writeMatch` on the same store. Each point goes to the side that is
 * behind (home when level), so a game never reaches a two-point lead after 10-10 and a match never ends, however
 * long the benchmark runs.
 */
import { parseDatabaseUrl } from "../cli/config.ts";
import { writeMatch } from "../db/match_writes.ts";
import { openStore, type Store } from "../db/store.ts";

/** A running game's score. */
export interface GameScore {
  home: number;
  away: number;
}

/** The result of one write. */
export interface WriteOutcome {
  ok: boolean;
  /** Milliseconds from sending to the acknowledgement. */
  ms: number;
  error?: string;
}

/** Writes points; `scores` holds each match's running game as the last write left it. */
export interface PointWriter {
  readonly mode: "http" | "direct";
  readonly scores: Map<string, GameScore>;
  write(matchId: string): Promise<WriteOutcome>;
  close(): Promise<void>;
}

/** How to reach the store to write. */
export interface WriterOptions {
  mode: "auto" | "http" | "direct";
  baseUrl: string;
  adminSecret: string;
  databaseUrl: string;
  scores: Map<string, GameScore>;
}

/**
 * The side that keeps the game going: the one behind, home when level.
 * @example sideToPlay({ home: 10, away: 11 }) // "home": 11-11, never a two-point lead
 */
export function sideToPlay(score: GameScore): "home" | "away" {
  return score.away < score.home ? "away" : "home";
}

/** Whether the management API answers this token (then points go through it). */
export async function manageApiAnswers(baseUrl: string, secret: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/manage/whoami`, {
      headers: { Authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(5000),
    });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

class HttpWriter implements PointWriter {
  readonly mode = "http";
  constructor(readonly scores: Map<string, GameScore>, private baseUrl: string, private secret: string) {}

  async write(matchId: string): Promise<WriteOutcome> {
    const score = this.scores.get(matchId) ?? { home: 0, away: 0 };
    const started = performance.now();
    try {
      const res = await fetch(`${this.baseUrl}/api/manage/matches/${matchId}/point`, {
        method: "POST",
        headers: {
          "Authorization": `Bearer ${this.secret}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify({ side: sideToPlay(score) }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      if (!res.ok) return { ok: false, ms, error: `HTTP ${res.status}: ${text.slice(0, 160)}` };
      const current = (JSON.parse(text) as { data?: { live?: { currentGame?: GameScore } } }).data?.live
        ?.currentGame;
      if (current) this.scores.set(matchId, { home: current.home, away: current.away });
      return { ok: true, ms };
    } catch (e) {
      return { ok: false, ms: performance.now() - started, error: (e as Error).message };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

class DirectWriter implements PointWriter {
  readonly mode = "direct";
  constructor(readonly scores: Map<string, GameScore>, private store: Store) {}

  async write(matchId: string): Promise<WriteOutcome> {
    const score = this.scores.get(matchId) ?? { home: 0, away: 0 };
    const started = performance.now();
    try {
      const { match } = await writeMatch(this.store, matchId, { type: "point", side: sideToPlay(score) }, {
        actor: "bench",
        now: new Date(),
      });
      this.scores.set(matchId, { home: Number(match.current_home), away: Number(match.current_away) });
      return { ok: true, ms: performance.now() - started };
    } catch (e) {
      return { ok: false, ms: performance.now() - started, error: (e as Error).message };
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** Opens a writer: `auto` uses the management API when it answers the token, else writes directly. */
export async function openWriter(options: WriterOptions): Promise<PointWriter> {
  const useHttp = options.mode === "http" ||
    (options.mode === "auto" && await manageApiAnswers(options.baseUrl, options.adminSecret));
  if (useHttp) return new HttpWriter(options.scores, options.baseUrl, options.adminSecret);
  const store = await openStore(parseDatabaseUrl(options.databaseUrl));
  return new DirectWriter(options.scores, store);
}
