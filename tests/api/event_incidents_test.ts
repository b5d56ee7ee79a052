/**
 * The referee's incident list through the management API (api/manage/incidents.ts): cards, time-outs, the
 * expedite system, retirements and results corrected, with their match, table, game and score; a red or
 * yellow-red card is an alert until acknowledged (kept, audited); and "Needs you" lists a result an umpire's
 * phone entered and did not confirm.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { Store } from "../../db/store.ts";
import { manageData, manageProblem } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manualClock, seedKnockout } from "./manage_fixtures.ts";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";

const PHONE = { "X-Scorer-Device": "phone-a" };

async function setup(store: Store) {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const admin = await makeToken(store.db, "admin", { label: "Referee" });
  const clock = manualClock();
  const app: Hono = createApp({ store, log: silentLogger, clock: clock.now });
  return { ev, scorer, admin, clock, app, ids: ev.rounds[0]! };
}

async function post(app: Hono, token: string, path: string, body: unknown = {}) {
  return await app.request(
    `/api/manage${path}`,
    call(token, "POST", body, { ...PHONE, "Idempotency-Key": crypto.randomUUID() }),
  );
}

const points = (n: number, side: "home" | "away") =>
  Array.from({ length: n }, () => ({ key: crypto.randomUUID(), type: "point", side }));

async function incidents(app: Hono, admin: string, slug: string) {
  return await manageData(await app.request(`/api/manage/events/${slug}/incidents`, call(admin, "GET")));
}

storeTest("[api] GET incidents lists cards, time-outs and expedite with game and score", async (store) => {
  const { app, scorer, admin, clock, ev, ids } = await setup(store);
  const id = ids[0]!;
  await manageData(await post(app, scorer, `/matches/${id}/start`, { firstServer: "home" }));
  await manageData(await post(app, scorer, `/matches/${id}/actions`, { actions: points(3, "home") }));
  clock.advance(60_000);
  await manageData(await post(app, scorer, `/matches/${id}/timeout`, { side: "away" }));
  await manageData(await post(app, scorer, `/matches/${id}/resume`));
  await manageData(
    await post(app, scorer, `/matches/${id}/card`, { side: "away", target: "player", card: "yellow" }),
  );
  clock.advance(60_000);
  await manageData(
    await post(app, scorer, `/matches/${id}/card`, { side: "away", target: "player", card: "yellow_red" }),
  );
  await manageData(
    await post(app, scorer, `/matches/${id}/expedite`, { rallyInterrupted: false, byRequest: true }),
  );

  const data = await incidents(app, admin, ev.slug);
  const kinds = data.incidents.map((i: { category: string }) => i.category).sort();
  assert.deepEqual(kinds, ["card", "card", "expedite", "timeout"]);
  const yr = data.incidents.find((i: { text: string }) => i.text.startsWith("Yellow and red card"));
  assert.equal(yr.matchId, id);
  assert.equal(yr.gameNumber, 1);
  assert.equal(yr.score, "3-0");
  assert.equal(yr.alert, true);
  assert.match(yr.text, /1 penalty point$/);
  const timeout = data.incidents.find((i: { category: string }) => i.category === "timeout");
  assert.equal(timeout.score, "3-0");
  assert.equal(data.alerts.length, 1);
  assert.equal(data.alerts[0].key, yr.key);
});

storeTest("[api] acknowledging a red card ends its alert, once, and is audited", async (store) => {
  const { app, scorer, admin, clock, ev, ids } = await setup(store);
  const id = ids[0]!;
  await manageData(await post(app, scorer, `/matches/${id}/start`, { firstServer: "home" }));
  await manageData(
    await post(app, scorer, `/matches/${id}/card`, { side: "home", target: "coach", card: "yellow" }),
  );
  await manageData(
    await post(app, scorer, `/matches/${id}/card`, { side: "home", target: "coach", card: "red" }),
  );
  const before = await incidents(app, admin, ev.slug);
  assert.equal(before.alerts.length, 1);
  const key = before.alerts[0].key;

  const refused = await manageProblem(
    await post(app, scorer, `/events/${ev.slug}/incidents/acknowledge`, { key }),
    403,
  );
  assert.equal(refused.status, 403);
  const unknown = await manageProblem(
    await post(app, admin, `/events/${ev.slug}/incidents/acknowledge`, { key: "card:nothing" }),
    404,
  );
  assert.match(unknown.detail, /No incident of this event has the key "card:nothing"/);
  await manageProblem(await post(app, admin, `/events/${ev.slug}/incidents/acknowledge`, { kee: key }), 400);

  clock.advance(30_000);
  const done = await manageData(await post(app, admin, `/events/${ev.slug}/incidents/acknowledge`, { key }));
  assert.equal(done.acknowledged.by, "Referee");
  clock.advance(30_000);
  const again = await manageData(await post(app, admin, `/events/${ev.slug}/incidents/acknowledge`, { key }));
  assert.deepEqual(again.acknowledged, done.acknowledged);

  const after = await incidents(app, admin, ev.slug);
  assert.equal(after.alerts.length, 0);
  const red = after.incidents.find((i: { key: string }) => i.key === key);
  assert.deepEqual(red.acknowledged, done.acknowledged);
  const audit = await manageData(
    await app.request(`/api/manage/audit?event=${ev.slug}&action=incident.acknowledge`, call(admin, "GET")),
  );
  assert.equal(audit.entries.length, 1);
  assert.deepEqual(audit.entries[0].detail, { key });
});

storeTest("[api] GET incidents lists retirements and results entered at the desk", async (store) => {
  const { app, scorer, admin, ev, ids } = await setup(store);
  const [a, b] = [ids[0]!, ids[1]!];
  await manageData(await post(app, scorer, `/matches/${a}/start`, { firstServer: "home" }));
  await manageData(await post(app, scorer, `/matches/${a}/actions`, { actions: points(11, "home") }));
  await manageData(await post(app, admin, `/matches/${a}/retire`, { side: "away" }));
  await manageData(
    await post(app, admin, `/matches/${b}/result`, { games: [{ home: 11, away: 5 }, { home: 11, away: 7 }] }),
  );
  const data = await incidents(app, admin, ev.slug);
  const retired = data.incidents.find((i: { category: string }) => i.category === "retired");
  assert.equal(retired.matchId, a);
  assert.equal(retired.text, "Retired after game 1");
  const entered = data.incidents.find((i: { category: string }) => i.category === "correction");
  assert.equal(entered.matchId, b);
  assert.equal(entered.text, "Result entered by Referee: 11-5, 11-7");
  await manageProblem(await app.request(`/api/manage/events/nope/incidents`, call(admin, "GET")), 404);
});

storeTest(
  "[api] Needs you lists a phone's result not confirmed, until the umpire confirms",
  async (store) => {
    const { app, scorer, admin, ev, ids } = await setup(store);
    const id = ids[0]!;
    await manageData(await post(app, scorer, `/matches/${id}/start`, { firstServer: "home" }));
    await manageData(await post(app, scorer, `/matches/${id}/actions`, { actions: points(22, "home") }));
    const needs = async () =>
      (await manageData(await app.request(`/api/manage/events/${ev.slug}/needs`, call(admin, "GET")))).needs
        .filter((n: { kind: string }) => n.kind === "unconfirmed");
    const waiting = await needs();
    assert.equal(waiting.length, 1);
    assert.equal(waiting[0].matchId, id);
    assert.match(waiting[0].text, /ended on Table 1 phone and the umpire has not confirmed the result$/);
    await manageData(await post(app, scorer, `/matches/${id}/confirm`));
    assert.deepEqual(await needs(), []);
  },
);
