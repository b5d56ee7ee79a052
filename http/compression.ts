/**
 * Response compression for the public API: Deno.serve does not compress, so bodies over 1 KiB are sent as br
 * (node:zlib) or gzip (CompressionStream) when the client accepts them.
 */
import { brotliCompressSync, constants } from "node:zlib";

/** Bodies up to this size are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** A content coding the API can send. */
export type Coding = "br" | "gzip";

/**
 * The coding to use for an `Accept-Encoding` header: the accepted one with the highest q-value, br before
 * gzip on a tie; `*` stands for any coding not named; null when neither is acceptable.
 * @example chooseCoding("gzip, deflate, br") // "br"
 * @example chooseCoding("br;q=0.5, gzip") // "gzip"
 */
export function chooseCoding(header: string | undefined | null): Coding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.toLowerCase().split(";").map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get("*") ?? 0;
  const weight = (coding: Coding) => q.get(coding) ?? star;
  const best = (["br", "gzip"] as const).filter((c) => weight(c) > 0)
    .sort((a, b) => weight(b) - weight(a))[0];
  return best ?? null;
}

/**
 * The brotli window (log2 of its size) for a body: the smallest that holds the whole body (a window holds
 * 2^bits - 16 bytes), from 10 (brotli's least) to 22 (its default). A larger window finds nothing more in a
 * body it already covers, but the encoder sizes its buffers for the window, and the process keeps what they
 * grew to (docs/benchmarks.md, "Measured for the code").
 * @example brotliWindowBits(1_500) // 11
 * @example brotliWindowBits(130_000) // 17
 */
export function brotliWindowBits(bytes: number): number {
  let bits = 10;
  while (bits < 22 && (2 ** bits) - 16 < bytes) bits++;
  return bits;
}

/** From this many bytes up a body is compressed at brotli quality 5, below it at 4 (brotliQuality). */
export const BROTLI_Q5_FROM = 32 * 1024;

/**
 * The brotli quality for a body. Quality 5 and up set up a larger encoder, a fixed cost per body that a small
 * body (a match, polled after each write) pays many times over on the event loop for a few bytes saved; a large
 * one (a category's matches) saves enough for it, once per revision of a body that many clients fetch
 * (docs/benchmarks.md, "Measured for the code").
 * @example brotliQuality(1_140) // 4
 * @example brotliQuality(113_000) // 5
 */
export function brotliQuality(bytes: number): number {
  return bytes < BROTLI_Q5_FROM ? 4 : 5;
}

/**
 * Compresses bytes with a coding; as br at `quality` (by default brotliQuality of the size). Pages pass 4: a page
 * is made again after every point of its event, and quality 5 costs a page such as the venue TV's (much of it a
 * QR code's SVG path) many times the time for few bytes (docs/benchmarks.md, "Measured for the code").
 */
export async function encode(
  bytes: Uint8Array<ArrayBuffer>,
  coding: Coding,
  quality: number = brotliQuality(bytes.length),
): Promise<Uint8Array<ArrayBuffer>> {
  if (coding === "br") {
    // Quality 4 or 5 (not brotli's default 11): a body is compressed on the event loop while others wait.
    const out = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
      },
    });
    return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The response compressed for the client's `Accept-Encoding` when its body is over the threshold; otherwise
 * the response unchanged. Sets `Content-Encoding`; the caller sets `Vary: Accept-Encoding` on every response.
 */
export async function compressResponse(res: Response, acceptEncoding: string | undefined): Promise<Response> {
  if (res.headers.has("Content-Encoding")) return res;
  const coding = chooseCoding(acceptEncoding);
  // `.body` last: reading it turns a body of bytes into a stream, which Deno.serve sends slower.
  if (coding === null || res.body === null) return res;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  if (bytes.length <= COMPRESSION_THRESHOLD) {
    return new Response(bytes, { status: res.status, statusText: res.statusText, headers });
  }
  const body = await encode(bytes, coding);
  headers.set("Content-Encoding", coding);
  headers.delete("Content-Length");
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
