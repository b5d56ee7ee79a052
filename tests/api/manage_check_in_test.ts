import assert from "node:assert/strict";
import { listAudit } from "../../db/audit.ts";
import { importEvent } from "../../event_file/import.ts";
import { undrawnGroups } from "../support/event_files.ts";
import type { Store } from "../../db/store.ts";
import type { EventFile } from "../../event_file/format.ts";
import { storeTest } from "../support/stores.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { makeToken, manageApp } from "./manage_fixtures.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const players = ["ana", "ben", "cat", "dan"].map((id) => ({ id, displayName: `Player ${id}` }));

/** Imports `file`; then a GET (no body) or POST to `/api/manage/events/open{path}` with the desk's token. */
async function deskCalls(store: Store, file: EventFile) {
  await importEvent(store, file, clock);
  const app = manageApp(store, clock);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  return (path: string, body?: unknown) =>
    app.request(`/api/manage/events/open${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

storeTest(
  "[api] check-in marks players present, audited, and flags the absent player of a match on its table",
  async (store) => {
    const file = undrawnGroups("open", players);
    file.categories[0]!.groups = [{ name: "A", entries: ["ana", "ben", "cat", "dan"] }];
    const call = await deskCalls(store, file);
    const list = await ok(await call("/check-in"), 200);
    assert.deepEqual(list.players.map((p: { name: string }) => p.name), players.map((p) => p.displayName));
    const needs = async () =>
      (await ok(await call("/needs"), 200)).needs.filter((n: { kind: string }) => n.kind === "absent");
    // Nobody checked in yet: the event does not use check-in, nothing is flagged.
    const match = await store.db.selectFrom("matches").select(["id", "home_entry_id"]).orderBy("round_no")
      .executeTakeFirstOrThrow();
    await store.db.updateTable("matches").set({ table_no: 2 }).where("id", "=", match.id).execute();
    assert.deepEqual(await needs(), []);

    const ana = list.players.find((p: { name: string }) => p.name === "Player ana").playerId;
    assert.deepEqual(await ok(await call("/check-in", { playerId: ana, present: true }), 200), {
      changed: true,
    });
    assert.deepEqual(await ok(await call("/check-in", { playerId: ana, present: true }), 200), {
      changed: false,
    });
    const after = await ok(await call("/check-in"), 200);
    assert.equal(
      after.players.find((p: { playerId: string }) => p.playerId === ana).checkedInAt,
      clock().toISOString(),
    );
    const flagged = await needs();
    // The first match is Ana's: her opponent is flagged, she is not.
    assert.equal(flagged.length, 1, JSON.stringify(flagged));
    assert.match(flagged[0].text, /^Player (?!ana)\w+ has not checked in for .+, next on table 2$/);
    assert.match(flagged[0].action, /^Mark Player \w+ present$/);

    const audit = await listAudit(store.db, { actions: ["player.check_in"], limit: 5 });
    assert.equal(audit.length, 1);
    assert.equal(
      (await problem(await call("/check-in", { playerId: "nobody", present: true }), 404)).code,
      "not-found",
    );
    assert.equal((await problem(await call("/check-in", { playerId: ana }), 400)).code, "invalid-body");
  },
);

const withdrawnIds = (store: Store) =>
  store.db.selectFrom("entries").select("id").where("withdrawn_at", "is not", null);

storeTest("[api] the no-shows are withdrawn in one confirmed, audited step", async (store) => {
  const file = undrawnGroups("open", players);
  file.categories[0]!.groups = [{ name: "A", entries: ["ana", "ben", "cat", "dan"] }];
  file.categories[0]!.draw = { state: "locked", lotSeed: "open" };
  const call = await deskCalls(store, file);
  const noShows = (body: unknown) => call("/check-in/withdraw-no-shows", body);
  // Nobody has checked in: the event does not use check-in, and nobody is withdrawn.
  assert.match((await problem(await noShows({ confirm: true }), 400)).detail, /nobody has checked in yet/);
  const list = (await ok(await call("/check-in"), 200)).players as { playerId: string; name: string }[];
  for (const p of list.filter((p) => p.name === "Player ana" || p.name === "Player ben")) {
    await ok(await call("/check-in", { playerId: p.playerId, present: true }), 200);
  }
  assert.equal((await problem(await noShows({}), 400)).code, "invalid-body");
  const done = await ok(await noShows({ confirm: true }), 200);
  assert.deepEqual(done.players, ["Player cat", "Player dan"]);
  assert.deepEqual(
    done.withdrawals.map((w: { name: string; outcome: string }) => `${w.name}: ${w.outcome}`).sort(),
    ["Player cat: withdrawn", "Player dan: withdrawn"],
  );
  // Their matches against players who came went to walkover in the same step: nothing is left to the desk.
  const open = await store.db.selectFrom("matches").select("id").where("status", "=", "scheduled")
    .where((eb) =>
      eb.or([eb("home_entry_id", "in", withdrawnIds(store)), eb("away_entry_id", "in", withdrawnIds(store))])
    ).execute();
  assert.deepEqual(open, []);
  assert.deepEqual((await ok(await call("/needs"), 200)).needs, []);
  const withdrawn = await store.db.selectFrom("entries").select("id").where("withdrawn_at", "is not", null)
    .execute();
  assert.equal(withdrawn.length, 2);
  assert.equal((await listAudit(store.db, { actions: ["event.withdraw_no_shows"], limit: 5 })).length, 1);
  assert.equal((await listAudit(store.db, { actions: ["entry.withdraw"], limit: 5 })).length, 2);
  // Again: nobody left to withdraw.
  assert.deepEqual((await ok(await noShows({ confirm: true }), 200)).withdrawals, []);
});
