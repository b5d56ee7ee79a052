/**
 * What a view builds from the store, kept under the version it was built at, by key (a category, a tie): the one
 * way views keep their work between requests. The caller reads the version before it builds, so that a value kept
 * under a version is never older than that version: a write in between only makes it newer, and the next read
 * sees the new version and builds again. A null version (not public a moment ago) keeps nothing.
 */
import { BoundedLru } from "../lib/lru.ts";

/** A value and the version it was built at. */
export interface Kept<T> {
  version: string;
  value: T;
}

/** Values kept by key while their version holds; at most `maxEntries` of them and `maxBytes` of `bytesOf`. */
export class KeptByVersion<T> {
  readonly #kept: BoundedLru<Kept<T>>;

  constructor(maxEntries: number, maxBytes = Infinity, bytesOf: (value: T) => number = () => 0) {
    this.#kept = new BoundedLru<Kept<T>>(maxEntries, maxBytes, (k) => bytesOf(k.value));
  }

  /** The value of `key` at `version`: the kept one while the version holds, else `build()`'s, then kept. */
  async get(key: string, version: string | null, build: () => Promise<T>): Promise<T> {
    const hit = version === null ? undefined : this.#kept.get(key);
    if (hit !== undefined && hit.version === version) return hit.value;
    const value = await build();
    this.keep(key, version, value);
    return value;
  }

  /** What is kept for `key` at whatever version, for a build that reuses the parts still right. */
  last(key: string): Kept<T> | undefined {
    return this.#kept.get(key);
  }

  /** Keeps `value` for `key` under `version`; a null version keeps nothing. */
  keep(key: string, version: string | null, value: T): void {
    if (version !== null) this.#kept.set(key, { version, value });
  }
}
