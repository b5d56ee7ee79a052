/**
 * A category of rated players for the draw tests: an event, its category, one entry per player (a pair in
 * doubles), the strongest first, and the ratings rebuilt so that the draw can seed by them.
 */
import type { Insertable } from "kysely";
import { rebuildRatings } from "../../db/ratings_store.ts";
import type { CategoryFormat, EventTable, PlayerTable } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { makeCategory, makeEntry, makeEvent, makePlayer } from "./fixtures.ts";

/** When the ratings are rebuilt. */
const RATED_AT = "2026-11-28T10:00:00.000Z";

/** What `makeRatedCategory` makes. */
export interface RatedCategory {
  eventId: string;
  slug: string;
  categoryId: string;
  /** Entry ids, strongest first (seeded ones by seed). */
  entryIds: string[];
  playerIds: string[];
}

/** How to make a rated category. */
export interface RatedCategoryOptions {
  entries: number;
  /** How many of the strongest entries are seeded; none by default. */
  seeds?: number;
  format?: CategoryFormat;
  doubles?: boolean;
  /** The event's fields, beyond the fixture's defaults. */
  event?: Partial<Insertable<EventTable>>;
  /** The category's code and name. */
  category: { code: string; name: string };
  /** Fields of entry `i`'s players beyond "Player <i+1>" (its partner "Player <i+1>b") and a prior of 2000 - 10 i. */
  player?: (i: number) => Partial<Insertable<PlayerTable>>;
}

/** Makes an event with one category of `entries` rated players (the first `seeds` seeded), ratings rebuilt. */
export async function makeRatedCategory(store: Store, o: RatedCategoryOptions): Promise<RatedCategory> {
  const event = await makeEvent(store.db, o.event);
  const sub = await makeCategory(store.db, {
    event_id: event.id,
    ...o.category,
    format: o.format ?? "knockout",
    kind: o.doubles ? "doubles" : "singles",
    best_of: 3,
  });
  const entryIds: string[] = [];
  const playerIds: string[] = [];
  for (let i = 0; i < o.entries; i++) {
    const player = async (k: number) => {
      const p = await makePlayer(store.db, {
        display_name: `Player ${i + 1}${k ? "b" : ""}`,
        prior_rating: 2000 - 10 * i,
        ...o.player?.(i),
      });
      playerIds.push(p.id);
      return p.id;
    };
    const p1 = await player(0);
    const p2 = o.doubles ? await player(1) : null;
    const entry = await makeEntry(store.db, {
      subevent_id: sub.id,
      player1_id: p1,
      player2_id: p2,
      seed: i < (o.seeds ?? 0) ? i + 1 : null,
    });
    entryIds.push(entry.id);
  }
  await rebuildRatings(store.db, RATED_AT);
  return { eventId: event.id, slug: event.slug, categoryId: sub.id, entryIds, playerIds };
}

/** Gives a category a draft draw of `size` positions, none filled yet (as a draw being made by hand). */
export async function openDraftDraw(store: Store, categoryId: string, size: number): Promise<void> {
  await store.db.updateTable("subevents").set({ draw_state: "draft", draw_size: size }).where(
    "id",
    "=",
    categoryId,
  )
    .execute();
}
