/**
 * The lot: a deterministic pseudo-random generator seeded from a stored string.
 *
 * A draw stores its lot seed (any non-empty string, e.g. "2026-wttc-ms-1"), so anybody can run the same
 * draw again and get the same result: the lot is auditable. The exact algorithm is documented in
 * docs/draws.md so that it can be reproduced in another language:
 *
 * - the seed string is encoded as UTF-8 and hashed with 32-bit FNV-1a, then mixed with the MurmurHash3
 *   finaliser (fmix32) so that seeds differing in one character start far apart;
 * - that 32-bit state drives mulberry32, which returns numbers in [0, 1);
 * - `randomIndex(rng, n)` is `floor(rng() * n)`; `shuffle` is Fisher-Yates from the last element down.
 *
 * @module
 */

/** A source of numbers uniformly spread over [0, 1), as returned by `createRng`. */
export type Rng = () => number;

/** Invalid input to the lot (an empty seed, an empty choice). */
export class LotError extends Error {
  override name = "LotError";
}

/**
 * The 32-bit hash of a lot seed: FNV-1a over its UTF-8 bytes, then the MurmurHash3 finaliser.
 *
 * @example hashSeed("a") === hashSeed("a") // always; different seeds almost always differ
 */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(seed)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  // FNV-1a alone leaves neighbouring seeds ("draw-1", "draw-2") close in the low bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32 (Tommy Ettinger's public-domain generator) started from a 32-bit state. */
export function mulberry32(state: number): Rng {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The lot for a stored seed string: the same seed always yields the same sequence.
 *
 * @example createRng("ms-2026")() // the same number on every run and machine
 */
export function createRng(seed: string): Rng {
  if (seed.length === 0) throw new LotError("Cannot draw lots: the lot seed is empty");
  return mulberry32(hashSeed(seed));
}

/** A whole number in [0, length) drawn from `rng`. */
export function randomIndex(rng: Rng, length: number): number {
  if (!Number.isInteger(length) || length < 1) {
    throw new LotError(`Cannot draw lots among "${length}" choices: expected a positive whole number`);
  }
  return Math.min(length - 1, Math.floor(rng() * length));
}

/** One of `items`, chosen by lot. */
export function pickByLot<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new LotError("Cannot draw lots among no choices");
  return items[randomIndex(rng, items.length)] as T;
}

/**
 * A new array with `items` in an order drawn by lot (Fisher-Yates); `items` is not changed.
 *
 * @example shuffle(["a", "b", "c"], createRng("s")) // the same order for the same seed
 */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** `shuffle` with a fresh lot from a seed string: the reproducible shuffle of a stored draw. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  return shuffle(items, createRng(seed));
}
