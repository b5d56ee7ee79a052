/**
 * What runs after an event import has written its rows, inside the import's transaction (event_file/import.ts):
 * everything derived from the imported data. Ratings are rebuilt from the whole history (an import may bring
 * results older than those already rated, and the rebuild is the one order-independent way), the public
 * leaderboard's `listed` flags follow the event's status, and the predictions of the event's scheduled matches
 * whose two sides are known are frozen with the ratings of this moment, then those of its ties whose line-ups are
 * published (db/tie_predictions.ts).
 * @module
 */
import type { Transaction } from "kysely";
import { freezeEventPredictions } from "../db/match_writes.ts";
import { rebuildRatings } from "../db/ratings_store.ts";
import { refreshListedPlayers } from "../db/revision.ts";
import type { Database } from "../db/schema.ts";
import { freezeEventTiePredictions } from "../db/tie_predictions.ts";

/**
 * Runs inside the import transaction after the event's rows are written (and only when the file changed).
 * `now` is the import's clock. A throw rolls the whole import back.
 */
export async function afterImport(trx: Transaction<Database>, eventId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await rebuildRatings(trx, at);
  await refreshListedPlayers(trx);
  await freezeEventPredictions(trx, eventId, at);
  await freezeEventTiePredictions(trx, eventId, at);
}
