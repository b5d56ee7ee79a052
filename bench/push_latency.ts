/**
 * The push-latency row of `deno task bench:stadium` (docs/benchmarks.md, "Stadium"): one pushed subscriber (the
 * event's change stream, `GET /api/v1/events/{slug}/changes` with `Accept: text/event-stream`) and points written
 * one after another through the management API; each point is timed from its write being sent to the
 * subscriber's frame naming the match at its new revision, and the next is written once that frame came. The bare
 * Deno.serve of bench/stadium_bare.ts is timed the same way, a frame per `POST /tick`.
 */
import { summarize, type Summary } from "./stats.ts";

/** How long one point may take to reach the subscriber before the row counts it as lost. */
const FRAME_PATIENCE_MS = 10_000;

/**
 * The match revisions the change frames in `text` name for match `matchId` (its version is `m<revision>.…`).
 * @example revisionsNamed('data: {"changes":[{"kind":"match","id":"m1","version":"m7.3"}]}', "m1") // [7]
 */
export function revisionsNamed(text: string, matchId: string): number[] {
  const pattern = new RegExp(`"id":"${matchId}","version":"m(\\d+)\\.`, "g");
  return [...text.matchAll(pattern)].map((m) => Number(m[1]));
}

/** What the row measured: the latency summary of the points that arrived, and how many did not. */
export interface PushLatency extends Summary {
  lost: number;
}

/**
 * Opens a stream at `url` (with `headers`) and writes `points` points with `write`, one at a time, timing each
 * to the frame that names the match past the revision seen before it.
 */
export async function measurePushLatency(
  url: string,
  headers: Record<string, string>,
  matchId: string,
  write: () => Promise<unknown>,
  points: number,
): Promise<PushLatency> {
  const ctl = new AbortController();
  const res = await fetch(url, { headers: { ...headers, Accept: "text/event-stream" }, signal: ctl.signal });
  if (res.status !== 200 || res.body === null) {
    throw new Error(`The stream at "${url}" answered ${res.status}`);
  }
  let seen = -1;
  let ready!: () => void;
  // Called when a frame moves `seen` on: set by the point waiting for it.
  const waiting: { arrived?: () => void } = {};
  const opened = new Promise<void>((r) => ready = r);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let tail = "";
    for await (const chunk of res.body!) {
      const text = tail + decoder.decode(chunk, { stream: true });
      if (text.includes("event: ready")) ready();
      const named = revisionsNamed(text, matchId);
      // The frames the subscriber had before the first point set where it starts.
      if (named.length > 0 && Math.max(...named) > seen) {
        seen = Math.max(...named);
        waiting.arrived?.();
      }
      tail = text.slice(-300);
    }
  })().catch(() => {});
  const samples: number[] = [];
  let lost = 0;
  try {
    await opened;
    for (let i = 0; i < points; i++) {
      const before = seen;
      const sent = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const came = new Promise<boolean>((resolve) => {
        waiting.arrived = () => seen > before && resolve(true);
        timer = setTimeout(() => resolve(false), FRAME_PATIENCE_MS);
      });
      await write();
      const ok = seen > before || await came;
      clearTimeout(timer);
      if (ok) samples.push(performance.now() - sent);
      else lost++;
    }
  } finally {
    ctl.abort();
    await reading;
  }
  return { ...summarize(samples), lost };
}
