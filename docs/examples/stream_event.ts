/**
 * A live-score bot on the server-sent change stream: opens GET /api/v1/events/{slug}/changes with
 * `Accept: text/event-stream` and prints each score change as it happens, with no poll. Plain fetch, no
 * dependency:
 *
 *   deno run --allow-net docs/examples/stream_event.ts http://127.0.0.1:8000 demo-open-2026
 *
 * `--changes N` stops after N score lines. When the stream breaks it opens it again with the last event's id in
 * `Last-Event-ID`, and the server first sends what happened meanwhile; a `reset` event (a cursor the feed cannot
 * resume from) only means: read the matches again.
 */

import { type Match, scoreLine } from "./follow_event.ts";

const [base, slug] = Deno.args.filter((a) => !a.startsWith("--") && !/^\d+$/.test(a));
const limitAt = Deno.args.indexOf("--changes");
const limit = limitAt >= 0 ? Number(Deno.args[limitAt + 1]) : Infinity;
if (!base || !slug) throw new Error("Usage: stream_event.ts <base URL> <event slug> [--changes N]");

let printed = 0;
const out = new TextEncoder();
const say = (line: string) => Deno.stdout.writeSync(out.encode(`${line}\n`));
let lastId: string | null = null;

/** Prints a match's score. */
async function printMatch(url: string): Promise<void> {
  const res = await fetch(new URL(url, base));
  if (!res.ok) return void await res.body?.cancel();
  say(scoreLine((await res.json() as { data: { match: Match } }).data.match));
  printed++;
}

/** Reads one stream until it ends; each `changes` event's matches are printed. */
async function follow(): Promise<void> {
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (lastId !== null) headers["Last-Event-ID"] = lastId;
  const res = await fetch(new URL(`/api/v1/events/${slug}/changes`, base), { headers });
  if (!res.ok) throw new Error(`The stream answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const lines = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      const id = field("id");
      if (id !== undefined) lastId = id;
      if (field("event") !== "changes") continue;
      const page: { changes: { kind: string; url: string }[] } = JSON.parse(field("data") ?? "{}");
      for (const c of page.changes) if (c.kind === "match") await printMatch(c.url);
      if (printed >= limit) return;
    }
  }
}

while (printed < limit) {
  try {
    await follow();
  } catch (e) {
    say((e as Error).message);
  }
  if (printed < limit) await new Promise((r) => setTimeout(r, 2000));
}
