/**
 * A map bounded by entry count and by bytes that drops the least recently used entries first: the shape of
 * every in-process cache of finished answers (http/answer_cache.ts).
 */
export class BoundedLru<V> {
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  /** `sizeOf` must give the same size for an entry for as long as it is kept, or `resized` must be called. */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value of `key`, now the most recently used; undefined when not kept. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value of `key` without touching its place (for a check before a replacement). */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps a value (replacing the old value of the key), dropping the least recently used ones over the bounds. */
  set(key: string, value: V): void {
    this.delete(key);
    this.#entries.set(key, value);
    this.#bytes += this.sizeOf(value);
    this.#evict();
  }

  /** Forgets a key. */
  delete(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= this.sizeOf(old);
  }

  /** Records that a kept value grew by `bytes` (it was changed in place). */
  grew(bytes: number): void {
    this.#bytes += bytes;
    this.#evict();
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #evict() {
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }
}
