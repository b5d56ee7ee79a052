/**
 * What a view gives an answer to be made of: its data and meta fields (the envelope's `generatedAt` is added by
 * whoever makes the answer), or the parts of its bytes laid out already (views/category_matches.ts reuses the
 * bytes of its last answer).
 */

/** An answer's data and any meta fields besides `generatedAt`. */
export interface Payload {
  data: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/**
 * An answer laid out in bytes: `layout` gives the parts of the whole body (the envelope too, with `generatedAt` as
 * given) and `kept`, called with the bytes the answer is kept and sent as.
 */
export interface RawPayload {
  layout: (generatedAt: string) => { parts: Uint8Array[]; kept: (body: Uint8Array<ArrayBuffer>) => void };
}

/** The bytes of answers a server keeps at most in each of its caches of them. */
export const MAX_KEPT_BYTES = 24 * 1024 * 1024;
