/**
 * A store test on the fixture tournament (`seedTournament`) read through the public API's checking client: the
 * start most API tests share.
 */
import type { Store } from "../../db/store.ts";
import { apiClient } from "./api_client.ts";
import { type Seeded, seedTournament } from "./fixtures.ts";
import { storeTest } from "./stores.ts";

/** What a tournament test gets: the seeded tournament, a client of the public API, and the store. */
export interface TournamentContext {
  s: Seeded;
  api: ReturnType<typeof apiClient>;
  store: Store;
}

/** Registers a `storeTest` that seeds the fixture tournament and opens the public API's client on it first. */
export function tournamentTest(name: string, fn: (ctx: TournamentContext) => Promise<void>): void {
  storeTest(name, async (store) => {
    const s = await seedTournament(store.db);
    await fn({ s, api: apiClient(store), store });
  });
}
