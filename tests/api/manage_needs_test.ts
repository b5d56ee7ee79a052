import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { groupEvent } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { makeToken, manageApp } from "./manage_fixtures.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const players = ["ana", "ben", "cat"].map((id) => ({ id, displayName: `Player ${id}` }));

storeTest(
  "[api] GET /api/manage/events/:slug/needs names a round robin level after every step until its lot is recorded",
  async (store) => {
    // Each beat the next, all by the same games: every step of Regulation 3.7.5 leaves the three level.
    await importEvent(
      store,
      groupEvent({
        slug: "open",
        status: "published",
        players,
        results: [["ana", "ben"], ["ben", "cat"], ["cat", "ana"]],
      }),
      clock,
    );
    const app = manageApp(store, clock);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const get = (slug: string) =>
      app.request(`/api/manage/events/${slug}/needs`, { headers: { Authorization: `Bearer ${admin}` } });
    const data = await ok(await get("open"), 200);
    assert.deepEqual(data.needs.map((n: { text: string }) => n.text), [
      'Group A of "Singles" waits for a lot',
    ]);
    assert.equal(data.needs[0].action, "Record the lot");
    assert.equal((await problem(await get("nope"), 404)).code, "not-found");
    const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    const lot = await app.request(`/api/manage/subevents/${category.id}/draw/advance`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: JSON.stringify({ group: "A", lots: ["Player ben", "Player ana", "Player cat"] }),
    });
    await ok(lot, 200);
    assert.deepEqual((await ok(await get("open"), 200)).needs, [], "the lot recorded, nothing waits");
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug/needs names a match in play past its planned length, with its table",
  async (store) => {
    await importEvent(store, groupEvent({ slug: "open", status: "published", players, results: [] }), clock);
    const match = await store.db.selectFrom("matches").select("id").orderBy("id")
      .executeTakeFirstOrThrow();
    // 40 minutes in play at the clock's 08:00, twice a best of 5's planned 20.
    await store.db.updateTable("matches")
      .set({ status: "in_progress", started_at: "2026-06-01T07:20:00.000Z", table_no: 2 })
      .where("id", "=", match.id).execute();
    const app = manageApp(store, clock);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const data = await ok(
      await app.request("/api/manage/events/open/needs", { headers: { Authorization: `Bearer ${admin}` } }),
      200,
    );
    const long = data.needs.filter((n: { kind: string }) => n.kind === "long");
    assert.equal(long.length, 1, JSON.stringify(data.needs));
    assert.equal(long[0].matchId, match.id);
    assert.match(long[0].text, /on table 2 has been in play 40 minutes, planned for \d+$/);
  },
);
