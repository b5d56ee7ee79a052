import assert from "node:assert/strict";
import { listAudit } from "../../db/audit.ts";
import { importEvent } from "../../event_file/import.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { makeToken, manageApp } from "./manage_fixtures.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const NAMES = ["Ana Lopez", "Ben Roe", "Cat Kim", "Dan Holm", "Eve Ray", "Fay Lin", "Gus Oak", "Hal Ash"];
const players = NAMES.map((displayName, i) => ({
  id: `p${i}`,
  displayName,
  association: i % 2 === 0 ? "North" : "South",
  ...(i === 0 ? { federationId: "GER-100" } : {}),
}));

/** Gus and Hal top the list: the draw must put them in different groups. */
const LIST = "\uFEFFLizenz;Name;Verein;Punkte\r\n" + [
  "GER-100;Somebody;North;1500",
  ";ROE Ben;South;1400",
  ";Gus Oak;North;1900",
  ";Hal Ash;South;1880",
  ";Zed Nobody;North;1000",
  ";Cat Kim;South;1300",
  ";Dan Holm;South;abc",
].join("\r\n");

storeTest("[api] a rating list is checked, then applied, and the draw seeds by it", async (store) => {
  const file = undrawnGroups("open", players);
  await importEvent(store, file, clock);
  const app = manageApp(store, clock);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const send = (query: string, body: string, type = "text/csv") =>
    app.request(`/api/manage/events/open/rating-list${query}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": type },
      body,
    });
  const priors = async () =>
    Object.fromEntries(
      (await store.db.selectFrom("players").select(["display_name", "prior_rating"]).execute())
        .map((p) => [p.display_name, p.prior_rating === null ? null : Number(p.prior_rating)]),
    );

  const dry = await ok(await send("?dryRun=true", LIST), 200);
  assert.equal(dry.dryRun, true);
  assert.deepEqual(dry.columns, { federationId: "Lizenz", name: "Name", club: "Verein", rating: "Punkte" });
  assert.deepEqual(dry.matched.map((m: { name: string; by: string }) => [m.name, m.by]), [
    ["Ana Lopez", "federation id"],
    ["Ben Roe", "name"],
    ["Gus Oak", "name"],
    ["Hal Ash", "name"],
  ]);
  assert.deepEqual(dry.unmatched, [{ line: 6, name: "Zed Nobody", federationId: null }]);
  assert.deepEqual(dry.ambiguous.map((a: { line: number }) => a.line), [7]);
  assert.deepEqual(dry.refused, [{ line: 8, reason: 'its rating "abc" is not a number from 0 to 100000' }]);
  assert.equal(dry.changed, 4);
  assert.deepEqual(Object.values(await priors()).filter((r) => r !== null), []);

  const applied = await ok(await send("", JSON.stringify({ csv: LIST }), "application/json"), 200);
  assert.equal(applied.dryRun, false);
  assert.equal(applied.changed, 4);
  const after = await priors();
  assert.deepEqual([after["Ana Lopez"], after["Ben Roe"], after["Gus Oak"], after["Hal Ash"]], [
    1500,
    1400,
    1900,
    1880,
  ]);
  assert.equal(after["Cat Kim"], null);
  const audit = await listAudit(store.db, { actions: ["event.rating_list"], limit: 5 });
  assert.equal(audit.length, 1);
  assert.equal(audit[0]!.actor, "Desk");
  // The same list again changes nothing.
  assert.equal((await ok(await send("", LIST), 200)).changed, 0);

  const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
  const drawn = await ok(
    await app.request(`/api/manage/subevents/${category.id}/draw`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: JSON.stringify({ lotSeed: "any", groupSize: 4 }),
    }),
    201,
  );
  const groupOf = (name: string) =>
    drawn.draw.groups.findIndex((g: { members: { entry: { name: string } }[] }) =>
      g.members.some((m) => m.entry.name === name)
    );
  assert.notEqual(groupOf("Gus Oak"), -1, JSON.stringify(drawn.draw.groups));
  assert.notEqual(groupOf("Gus Oak"), groupOf("Hal Ash"));
});

storeTest("[api] a rating list that cannot be read is a 400, and an unknown event a 404", async (store) => {
  await importEvent(store, undrawnGroups("open", players), clock);
  const app = manageApp(store, clock);
  const admin = await makeToken(store.db, "admin");
  const send = (slug: string, body: string) =>
    app.request(`/api/manage/events/${slug}/rating-list?dryRun=true`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "text/csv" },
      body,
    });
  const bad = await problem(await send("open", "name,club\nAna,North"), 400);
  assert.equal(bad.code, "invalid-rating-list");
  assert.match(bad.detail, /no column is headed "rating" or "points"/);
  assert.equal((await problem(await send("nope", "name,rating\nAna,1"), 404)).code, "not-found");
  const scorer = await makeToken(store.db, "scorer");
  const denied = await app.request(`/api/manage/events/open/rating-list`, {
    method: "POST",
    headers: { Authorization: `Bearer ${scorer}`, "Content-Type": "text/csv" },
    body: "name,rating\nAna,1",
  });
  assert.equal(denied.status, 403);
});
