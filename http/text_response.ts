/**
 * Responses made from text (or from parts of bytes) with one copy of their bytes. `new Response(bytes)` in Deno
 * copies the bytes it is given, so a body encoded with `TextEncoder.encode` and then made a response lives
 * twice: the encoded copy is garbage at once, a whole category list rebuilt after each point, freed only
 * when V8 next collects (and until then resident). Encoding (or laying the parts out) into one scratch buffer
 * of the process instead leaves a single copy: the response's own. Reading a clone of such a response
 * (`bytes()`) gives that copy back without another.
 */

/**
 * Texts longer than this (in UTF-16 units) are encoded on their own, so that the scratch buffer, which grows to
 * the longest text it held and stays, is at most 3 MiB.
 */
const MAX_SCRATCH_TEXT = 1024 * 1024;

const encoder = new TextEncoder();
let scratch = new Uint8Array(256 * 1024);

/** The scratch buffer, grown to hold at least `length` bytes. */
function scratchOf(length: number): Uint8Array<ArrayBuffer> {
  if (scratch.length < length) scratch = new Uint8Array(length);
  return scratch;
}

/** `text` as UTF-8 in the scratch buffer (a view valid until the next call). */
function encodeToScratch(text: string): Uint8Array<ArrayBuffer> {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; most texts here are ASCII and fit at once.
  let { read, written } = encoder.encodeInto(text, scratch);
  if (read < text.length) ({ read, written } = encoder.encodeInto(text, scratchOf(text.length * 3)));
  return scratch.subarray(0, written);
}

/** A response whose body is `text` in UTF-8, holding one copy of its bytes. */
export function textResponse(text: string, init: ResponseInit): Response {
  if (text.length > MAX_SCRATCH_TEXT) return new Response(encoder.encode(text), init);
  // The constructor copies the view's bytes (exactly its length), so the scratch buffer is free again after.
  return new Response(encodeToScratch(text), init);
}

/** A response whose body is `parts` one after the other, holding one copy of their bytes. */
export function partsResponse(parts: readonly Uint8Array[], init: ResponseInit): Response {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = length > MAX_SCRATCH_TEXT * 3 ? new Uint8Array(length) : scratchOf(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return new Response(out.subarray(0, length), init);
}

/** The bytes of a response made here (or from any bytes), read from a clone: no copy, the response stays whole. */
export function bytesOf(res: Response): Promise<Uint8Array<ArrayBuffer>> {
  return res.clone().bytes() as Promise<Uint8Array<ArrayBuffer>>;
}
