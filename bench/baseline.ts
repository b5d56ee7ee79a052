/**
 * The baseline of the benchmark: a bare Deno.serve answering every request with one constant JSON body of a
 * given size and the headers an API answer carries. Whatever the real server does beyond this is its cost.
 * A second body, of `--large-bytes`, answers at /large: the cost of moving as many bytes as the largest answers.
 * `/size/N` answers a constant body of N bytes (up to 1 MB): the bare server with the body size of the row it is
 * compared with.
 * With `--origin URL`, `/same/PATH` answers what the origin answers at PATH (identity coding, its status, headers
 * and bytes), fetched once and then a clone of that kept response each time: the fastest the runtime sends the
 * very answers of a row (many distinct large bodies move through the caches unlike one constant body).
 * Run: deno run --allow-net bench/baseline.ts --port 8001 --bytes 2500 --large-bytes 130000 [--origin URL]
 */

/** A JSON body `{"data":{"pad":"xxx..."},"meta":{...}}` of exactly `bytes` bytes (at least its frame). */
export function constantBody(bytes: number): string {
  const frame = JSON.stringify({ data: { pad: "" }, meta: { generatedAt: "2026-01-01T00:00:00.000Z" } });
  const pad = "x".repeat(Math.max(0, bytes - frame.length));
  return JSON.stringify({ data: { pad }, meta: { generatedAt: "2026-01-01T00:00:00.000Z" } });
}

/** Headers that the runtime sets itself for each answer. */
const PER_ANSWER = new Set(["content-length", "date", "transfer-encoding", "connection", "keep-alive"]);

/**
 * The origin's answers by path, each fetched on its first request and kept as a response that is only cloned:
 * the answer of `/same/PATH` is the origin's answer of PATH.
 */
export function sameAnswers(origin: string): (path: string) => Response | Promise<Response> {
  const kept = new Map<string, Response>();
  return (path) => {
    const found = kept.get(path);
    if (found) return found.clone();
    return fetch(origin + path, { headers: { "Accept-Encoding": "identity" } }).then(async (res) => {
      const bytes = new Uint8Array(await res.arrayBuffer());
      const headers = [...res.headers].filter(([name]) => !PER_ANSWER.has(name));
      const template = new Response(bytes, { status: res.status, headers });
      kept.set(path, template);
      return template.clone();
    });
  };
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
  const at = Deno.args.indexOf("--origin");
  const same = at >= 0 ? sameAnswers(Deno.args[at + 1]!.replace(/\/$/, "")) : undefined;
  Deno.serve(
    { port: flag("port", 8001), hostname: "127.0.0.1" },
    (req) => {
      const url = new URL(req.url);
      if (same && url.pathname.startsWith("/same/")) return same(url.pathname.slice(5) + url.search);
      return new Response(bodyOf(url.pathname), { headers });
    },
  );
}
