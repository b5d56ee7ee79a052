/**
 * A live-score bot: follows one event through its change feed (GET /api/v1/events/{slug}/changes) and prints
 * each score change, polling one URL instead of every match. Plain fetch, no dependency:
 *
 *   deno run --allow-net docs/examples/follow_event.ts http://127.0.0.1:8000 demo-open-2026
 *
 * `--changes N` stops after N score lines (tests/docs/examples/follow_event_test.ts runs it on the demo).
 *
 * How it follows: the first answer (no `since`) lists every resource of the event, whose scores it reads
 * without printing; then it asks with `since=<next>` and the answer's ETag in If-None-Match, a 304 while
 * nothing changed, and fetches each match listed as changed. A 400 means its cursor cannot be resumed (the
 * event was published again): it starts again from the event.
 */

/** What the bot reads of a change. */
interface Change {
  kind: "event" | "players" | "subevent" | "match";
  id: string;
  version: string | null;
  url: string;
}

/** What the bot reads of a match. */
export interface Match {
  homeName: string;
  awayName: string;
  status: string;
  gamesWon: { home: number; away: number };
  currentGame: { home: number; away: number };
}

const POLL_MS = 1000;

/**
 * A match's score in one line.
 * @example scoreLine({ homeName: "Ana", awayName: "Ben", status: "in_progress", gamesWon: { home: 1, away: 0 }, currentGame: { home: 7, away: 5 } })
 * // "Ana 1-0 Ben (7-5)"
 */
export function scoreLine(m: Match): string {
  const games = `${m.homeName} ${m.gamesWon.home}-${m.gamesWon.away} ${m.awayName}`;
  return m.status === "completed"
    ? `${games} (final)`
    : `${games} (${m.currentGame.home}-${m.currentGame.away})`;
}

/** Follows the event; calls `print` with each score change; resolves after `limit` of them (never without). */
export async function followEvent(
  origin: string,
  slug: string,
  print: (line: string) => void,
  limit = Infinity,
): Promise<void> {
  const scores = new Map<string, string>();
  let cursor: string | null = null;
  let etag: string | null = null;
  let printed = 0;
  let starting = true;
  while (printed < limit) {
    const feed = `${origin}/api/v1/events/${encodeURIComponent(slug)}/changes` +
      (cursor === null ? "" : `?since=${cursor}`);
    const res: Response = await fetch(feed, { headers: etag === null ? {} : { "If-None-Match": etag } });
    if (res.status === 304) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (res.status === 400 && cursor !== null) {
      await res.body?.cancel();
      [cursor, etag, starting] = [null, null, true];
      continue;
    }
    if (!res.ok) throw new Error(`Cannot follow "${slug}": ${res.status} ${await res.text()}`);
    const { data } = await res.json() as { data: { changes: Change[]; next: string; hasMore: boolean } };
    for (const change of data.changes) {
      if (change.kind !== "match" || change.version === null) continue;
      const answer = await fetch(origin + change.url);
      if (!answer.ok) {
        await answer.body?.cancel();
        continue;
      }
      const line = scoreLine((await answer.json() as { data: { match: Match } }).data.match);
      if (!starting && scores.get(change.id) !== line && printed < limit) {
        print(line);
        printed++;
      }
      scores.set(change.id, line);
    }
    // The same cursor next time: its ETag makes an unchanged answer a 304.
    if (data.next === cursor) etag = res.headers.get("ETag");
    else [cursor, etag] = [data.next, null];
    if (!data.hasMore) {
      starting = false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

if (import.meta.main) {
  const [origin, slug] = Deno.args;
  if (!origin || !slug) throw new Error("Usage: follow_event.ts ORIGIN SLUG [--changes N]");
  const at = Deno.args.indexOf("--changes");
  const limit = at >= 0 ? Number(Deno.args[at + 1]) : Infinity;
  const out = new TextEncoder();
  await followEvent(origin, slug, (line) => Deno.stdout.writeSync(out.encode(`${line}\n`)), limit);
}
