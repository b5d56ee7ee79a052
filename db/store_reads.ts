/**
 * What the read side keeps per store, made once when the app is built (main.ts passes it down, with the store):
 * the versions of its resources, its generation, and the size of its leaderboard.
 */
import { LeaderboardSize } from "./read_rankings.ts";
import { makeVersionReader, type VersionReader } from "./read_versions.ts";
import { type GenerationReader, makeGenerationReader } from "./store_generation.ts";
import type { Store } from "./store.ts";

/** The read side's per-store state. */
export interface StoreReads {
  readonly versions: VersionReader;
  readonly generation: GenerationReader;
  readonly leaderboard: LeaderboardSize;
}

/** Makes a store's read state (its statements prepared once). */
export function storeReads(store: Store): StoreReads {
  return {
    versions: makeVersionReader(store),
    generation: makeGenerationReader(store),
    leaderboard: new LeaderboardSize(),
  };
}
