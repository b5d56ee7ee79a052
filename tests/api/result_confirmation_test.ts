/**
 * The umpire's confirmation of a result through the management API (db/result_confirmation.ts): who and when are
 * kept once, the desk sees confirmed and unconfirmed results, a confirmed result refuses the umpire's writes and
 * changes only by the desk, and the desk taking it back withdraws the confirmation.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { Store } from "../../db/store.ts";
import { manageData, manageProblem } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manualClock, seedKnockout, T0 } from "./manage_fixtures.ts";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";

const PHONE = { "X-Scorer-Device": "phone-a" };

async function setup(store: Store) {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const clock = manualClock();
  const app: Hono = createApp({ store, log: silentLogger, clock: clock.now });
  return { ev, scorer, admin, clock, app, id: ev.rounds[0]![0]! };
}

async function post(app: Hono, token: string, id: string, action: string, body: unknown = {}) {
  return await app.request(
    `/api/manage/matches/${id}/${action}`,
    call(token, "POST", body, { ...PHONE, "Idempotency-Key": crypto.randomUUID() }),
  );
}

const ok = (res: Response) => manageData(res);
const problem = manageProblem;

/** Plays the match to 2-0 for home (11-0, 11-0) with the umpire's token. */
async function playOut(app: Hono, token: string, id: string) {
  await ok(await post(app, token, id, "start", { firstServer: "home" }));
  const actions = Array.from(
    { length: 22 },
    () => ({ key: crypto.randomUUID(), type: "point", side: "home" }),
  );
  const data = await ok(await post(app, token, id, "actions", { actions }));
  assert.equal(data.match.status, "completed");
}

/** The match as the desk's overview lists it. */
async function deskMatch(app: Hono, admin: string, slug: string, id: string) {
  const res = await app.request(`/api/manage/events/${slug}`, call(admin, "GET"));
  const data = await ok(res);
  return data.matches.find((m: { id: string }) => m.id === id);
}

storeTest("[api] POST confirm keeps who confirmed the result and when, once", async (store) => {
  const { app, scorer, admin, clock, id, ev } = await setup(store);
  await ok(await post(app, scorer, id, "start", { firstServer: "home" }));
  const early = await problem(await post(app, scorer, id, "confirm"), 409);
  assert.equal(early.code, "match-state");
  assert.match(early.detail, /Cannot confirm the result of .*: the match is not finished/);
  const actions = Array.from(
    { length: 22 },
    () => ({ key: crypto.randomUUID(), type: "point", side: "home" }),
  );
  await ok(await post(app, scorer, id, "actions", { actions }));
  assert.equal((await deskMatch(app, admin, ev.slug, id)).confirmation, null);

  clock.advance(90_000);
  const data = await ok(await post(app, scorer, id, "confirm"));
  const at = new Date(T0.getTime() + 90_000).toISOString();
  assert.deepEqual(data.match.confirmation, { by: "Table 1 phone", role: "scorer", at });
  clock.advance(60_000);
  const again = await ok(await post(app, scorer, id, "confirm"));
  assert.deepEqual(again.match.confirmation, { by: "Table 1 phone", role: "scorer", at });
  assert.deepEqual((await deskMatch(app, admin, ev.slug, id)).confirmation, data.match.confirmation);
});

storeTest(
  "[api] a confirmed result refuses the umpire's writes and changes only by the desk",
  async (store) => {
    const { app, scorer, admin, id, ev } = await setup(store);
    await playOut(app, scorer, id);
    await ok(await post(app, scorer, id, "confirm"));

    const undo = await problem(await post(app, scorer, id, "undo"), 409);
    assert.equal(undo.code, "result-confirmed");
    assert.match(
      undo.detail,
      /^Cannot undo the last action: the result of .* was confirmed by "Table 1 phone" at 2026-11-28T10:00:00\.000Z; only the desk \(an admin token\) can change it now$/,
    );
    const batch = await problem(
      await post(app, scorer, id, "actions", { actions: [{ key: "k1", type: "undo" }] }),
      409,
    );
    assert.equal(batch.code, "result-confirmed");

    // The desk corrects a game: the result stays confirmed.
    const corrected = await ok(await post(app, admin, id, "correct", { game: 1, home: 11, away: 9 }));
    assert.deepEqual(corrected.match.gameScores[0], { home: 11, away: 9 });
    assert.equal(corrected.match.confirmation.by, "Table 1 phone");
    // The desk takes the correction back (still confirmed), then the last point: the match is on again and no
    // longer confirmed.
    const uncorrected = await ok(await post(app, admin, id, "undo"));
    assert.equal(uncorrected.match.confirmation.by, "Table 1 phone");
    const back = await ok(await post(app, admin, id, "undo"));
    assert.equal(back.match.status, "in_progress");
    assert.equal(back.match.confirmation, null);
    assert.equal((await deskMatch(app, admin, ev.slug, id)).confirmation, null);
    await ok(await post(app, scorer, id, "point", { side: "home" }));
    const desk = await ok(await post(app, admin, id, "confirm"));
    assert.equal(desk.match.confirmation.role, "admin");
  },
);
