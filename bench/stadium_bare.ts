/**
 * The stadium rows' baseline (bench/stadium.ts): a bare Deno.serve sending the same kind of answers with nothing
 * behind them. A GET with `Accept: text/event-stream` is held open as a stream; `POST /tick` sends one change
 * frame (the written match at its next revision) to every open stream; any other GET answers a body of
 * `--bytes` bytes with a constant ETag, and a 304 to a request that names it.
 * Run: deno run --allow-net bench/stadium_bare.ts --port 8002 --bytes 60000 --match ID
 */

/** The ETag the bare server gives every answer. */
export const BARE_ETAG = 'W/"bare-1"';

if (import.meta.main) {
  const arg = (name: string) => Deno.args[Deno.args.indexOf(`--${name}`) + 1] ?? "";
  const body = new TextEncoder().encode("x".repeat(Number(arg("bytes")) || 2000));
  const match = arg("match");
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  let revision = 0;
  Deno.serve({ port: Number(arg("port")), hostname: "127.0.0.1" }, (req) => {
    if (req.method === "POST") {
      revision++;
      const frame = encoder.encode(
        `id: ${revision}\nevent: changes\ndata: {"changes":[{"kind":"match","id":"${match}","version":"m${revision}.0"}]}\n\n`,
      );
      for (const c of streams) c.enqueue(frame);
      return new Response(String(revision));
    }
    if (req.headers.get("accept")?.includes("text/event-stream")) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
          streams.add(c);
          c.enqueue(encoder.encode("retry: 2000\n\nevent: ready\ndata: {}\n\n"));
        },
        cancel: () => void streams.delete(controller),
      });
      return new Response(stream, {
        headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" },
      });
    }
    const headers = { "Content-Type": "text/html; charset=utf-8", "ETag": BARE_ETAG };
    if (req.headers.get("if-none-match") === BARE_ETAG) return new Response(null, { status: 304, headers });
    return new Response(body, { headers });
  });
}
