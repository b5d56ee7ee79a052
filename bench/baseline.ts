/**
 * The baseline of the benchmark: a bare Deno.serve answering every request with one constant JSON body of a
 * given size and the headers an API answer carries. Whatever the real server does beyond this is its cost.
 * A second body, of `--large-bytes`, answers at /large: the cost of moving as many bytes as the largest answers.
 * `/size/N` answers a constant body of N bytes (up to 1 MB): the bare server with the body size of the row it is
 * compared with.
 * Run: deno run --allow-net bench/baseline.ts --port 8001 --bytes 2500 --large-bytes 130000
 */

/** A JSON body `{"data":{"pad":"xxx..."},"meta":{...}}` of exactly `bytes` bytes (at least its frame). */
export function constantBody(bytes: number): string {
  const frame = JSON.stringify({ data: { pad: "" }, meta: { generatedAt: "2026-01-01T00:00:00.000Z" } });
  const pad = "x".repeat(Math.max(0, bytes - frame.length));
  return JSON.stringify({ data: { pad }, meta: { generatedAt: "2026-01-01T00:00:00.000Z" } });
}

function flag(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(Deno.args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`Invalid "--${name}": expected a whole number`);
  return value;
}

if (import.meta.main) {
  const body = new TextEncoder().encode(constantBody(flag("bytes", 2000)));
  const large = new TextEncoder().encode(constantBody(flag("large-bytes", 130_000)));
  const headers = {
    "Content-Type": "application/json",
    "ETag": 'W/"r1-00000000"',
    "Cache-Control": "public, s-maxage=10, stale-while-revalidate=30",
  };
  const sized = new Map<string, Uint8Array<ArrayBuffer>>();
  const bodyOf = (path: string) => {
    if (path === "/large") return large;
    const n = /^\/size\/(\d{1,7})$/.exec(path)?.[1];
    if (n === undefined || Number(n) > 1_000_000) return body;
    let b = sized.get(n);
    if (!b) sized.set(n, b = new TextEncoder().encode(constantBody(Number(n))));
    return b;
  };
  Deno.serve(
    { port: flag("port", 8001), hostname: "127.0.0.1" },
    (req) => new Response(bodyOf(new URL(req.url).pathname), { headers }),
  );
}
