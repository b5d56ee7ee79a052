/**
 * Players across events for the profile tests: Ana and Ben (one player each across events, by federation id) in
 * two published events, Ana winning both meetings and a third still to play, and a draft where Ben beats Ana and
 * Carl (only in the draft) plays.
 */
import type { Store } from "../../db/store.ts";
import { importEvent } from "../../event_file/import.ts";
import { ANA, BEN, groupEvent } from "./event_files.ts";

/** Imports the events; the ids of Ana, Ben and Carl. */
export async function twoSeasons(store: Store): Promise<{ ana: string; ben: string; carl: string }> {
  const carl = { id: "carl", displayName: "Carl Hidden", association: "Secret TT" };
  await importEvent(
    store,
    groupEvent({ slug: "spring", status: "published", players: [ANA, BEN], results: [["ana", "ben"]] }),
  );
  await importEvent(
    store,
    groupEvent({
      slug: "autumn",
      status: "published",
      players: [ANA, BEN],
      results: [["ana", "ben"]],
      scheduled: [["ben", "ana"]],
      start: "2026-09-01T09:00:00.000Z",
    }),
  );
  await importEvent(
    store,
    groupEvent({
      slug: "secret",
      status: "draft",
      players: [ANA, BEN, carl],
      results: [["ben", "ana"], ["carl", "ana"]],
    }),
  );
  const rows = await store.db.selectFrom("players").select(["id", "display_name"]).execute();
  const id = (name: string) => rows.find((p) => p.display_name === name)!.id;
  return { ana: id("Ana Lopez"), ben: id("Ben Okafor"), carl: id("Carl Hidden") };
}
