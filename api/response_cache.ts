/**
 * Finished API bodies kept by resource and data revision, so that repeated reads of data that did not change
 * cost neither queries nor serialisation nor compression. An entry is only served for the revision it was built
 * at; a write makes every entry stale at once. Bounded by count and bytes, least recently used first out.
 */
import { type Coding, encode } from "./compression.ts";

interface Entry {
  revision: string;
  body: Uint8Array<ArrayBuffer>;
  encoded: Map<Coding, Uint8Array<ArrayBuffer>>;
  bytes: number;
}

const MAX_ENTRIES = 2000;
const MAX_BYTES = 24 * 1024 * 1024;

/** A bounded LRU of response bodies keyed by resource, valid for one revision each. */
export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  /** The body of `key` at `revision`, or undefined when not cached for that revision. */
  get(key: string, revision: string): Uint8Array<ArrayBuffer> | undefined {
    const e = this.#entries.get(key);
    if (!e || e.revision !== revision) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.body;
  }

  /** Keeps a body built at `revision` (replacing the one of another revision). */
  set(key: string, revision: string, body: Uint8Array<ArrayBuffer>): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    const entry: Entry = { revision, body, encoded: new Map(), bytes: body.length };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /** The body of `key` at `revision` compressed with `coding`, computed once per revision. */
  async encoded(key: string, revision: string, coding: Coding): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const e = this.#entries.get(key);
    if (!e || e.revision !== revision) return undefined;
    let out = e.encoded.get(coding);
    if (!out) {
      out = await encode(e.body, coding);
      if (this.#entries.get(key) === e) {
        e.encoded.set(coding, out);
        e.bytes += out.length;
        this.#bytes += out.length;
        this.#evict();
      }
    }
    return out;
  }

  get size(): number {
    return this.#entries.size;
  }

  #drop(key: string, e: Entry) {
    this.#entries.delete(key);
    this.#bytes -= e.bytes;
  }

  #evict() {
    while (this.#entries.size > MAX_ENTRIES || this.#bytes > MAX_BYTES) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value, this.#entries.get(oldest.value)!);
    }
  }
}
