/**
 * A draft or archived event's file never changes what is public: a published player it shares (by federation
 * id) keeps the name, club and prior of the published data until the hidden event is published, when the file's
 * take over; the hidden event's export still says what its file said.
 */
import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { importEvent } from "../../event_file/import.ts";
import type { PlayerInput } from "../../event_file/format.ts";
import { setEventStatus } from "../../db/manage_writes.ts";
import type { Store } from "../../db/store.ts";
import { apiClient } from "../support/api_client.ts";
import { ANA, anaBeatsBen, BEN, groupEvent } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";

const T = new Date("2026-06-10T12:00:00.000Z");
const ctx = { actor: "test", now: T };

/** Ana as a draft's file has her: another name and club, and a prior of her own. */
const ANA_IN_DRAFT: PlayerInput = {
  ...ANA,
  displayName: "Ana Secret-Name",
  association: "Hidden Club",
  email: "ana.private@example.org",
  prior: { rating: 2400, matchCount: 200 },
};

/** Every public answer that names Ana, without `generatedAt`, with its ETag. */
async function publicAnswers(store: Store) {
  const api = apiClient(store);
  const event = (await api.request("/api/v1/events/open")).body.data;
  const category = event.subevents[0].id;
  const match = (await api.request(`/api/v1/subevents/${category}/matches`)).body.data.matches[0].id;
  const paths = [
    "/api/v1/rankings",
    "/api/v1/events/open/players",
    `/api/v1/subevents/${category}/standings`,
    `/api/v1/subevents/${category}/matches`,
    `/api/v1/matches/${match}`,
    "/api/v1/events/open/matches",
  ];
  const out: Record<string, { etag: string | null; data: unknown }> = {};
  for (const path of paths) {
    const r = await api.request(path);
    assert.equal(r.status, 200, path);
    out[path] = { etag: r.res.headers.get("etag"), data: r.body.data };
  }
  return out;
}

storeTest(
  "importEvent() of a draft keeps a published player's name, club and prior until the draft is published",
  async (store) => {
    await importEvent(
      store,
      anaBeatsBen("open", "published"),
      () => T,
    );
    const before = await publicAnswers(store);
    assert.match(JSON.stringify(before), /Ana Lopez/);

    const draftFile = groupEvent({
      slug: "club",
      status: "draft",
      players: [ANA_IN_DRAFT, BEN],
      scheduled: [["ana", "ben"]],
    });
    await importEvent(store, draftFile, () => T);
    await importEvent(
      store,
      groupEvent({
        slug: "old",
        status: "archived",
        players: [{ ...ANA_IN_DRAFT, displayName: "Ana Archived" }, BEN],
      }),
      () => T,
    );
    const after = await publicAnswers(store);
    assert.deepEqual(after, before, "no public answer changed, ETags included");
    assert.doesNotMatch(JSON.stringify(after), /Secret-Name|Hidden Club|Archived/);

    // The draft's own file is still what it was given as.
    const exported = await exportEvent(store.db, "club");
    const ana = exported!.players.find((p) => p.federationId === "ITTF:1")!;
    assert.equal(ana.displayName, "Ana Secret-Name");
    assert.equal(ana.association, "Hidden Club");
    assert.deepEqual(ana.prior, { rating: 2400, matchCount: 200 });

    // Published, the draft's identity of Ana is the public one.
    await setEventStatus(store, "club", "published", ctx);
    const api = apiClient(store);
    const rankings = (await api.request("/api/v1/rankings")).body.data.rankings;
    const shown = rankings.find((r: { displayName: string }) => r.displayName === "Ana Secret-Name");
    assert.ok(shown, JSON.stringify(rankings));
    assert.equal(shown.association, "Hidden Club");
    assert.equal(shown.matchCount, 201, "the draft's prior and the published match");
    assert.ok(shown.rating > 2000, `rated from the draft's prior: ${shown.rating}`);
  },
);

storeTest("importEvent() of a draft still sets the players nobody sees yet", async (store) => {
  await importEvent(store, groupEvent({ slug: "club", status: "draft", players: [ANA, BEN] }), () => T);
  await importEvent(
    store,
    groupEvent({ slug: "club", status: "draft", players: [ANA_IN_DRAFT, BEN] }),
    () => T,
  );
  const row = await store.db.selectFrom("players").select(["display_name", "association", "prior_rating"])
    .where("federation_id", "=", "ITTF:1").executeTakeFirstOrThrow();
  assert.deepEqual({ ...row }, {
    display_name: "Ana Secret-Name",
    association: "Hidden Club",
    prior_rating: 2400,
  });
});
