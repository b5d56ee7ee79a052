import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { Store } from "../../db/store.ts";
import { listAudit } from "../../db/audit.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, seedKnockout } from "./manage_fixtures.ts";

async function post(app: Hono, token: string, id: string, action: string, body: unknown) {
  const key = { "Idempotency-Key": crypto.randomUUID() };
  return await app.request(`/api/manage/matches/${id}/${action}`, call(token, "POST", body, key));
}

/** A knockout of 4 whose first semi-final Player 1 won 2-0 from a score sheet; the final waits for the other. */
async function setup(store: Store) {
  const ev = await seedKnockout(store.db);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const scorer = await makeToken(store.db, "scorer", { label: "Umpire A" });
  const app = manageApp(store);
  const [semi1, semi2] = ev.rounds[0]!;
  const final = ev.rounds[1]![0]!;
  await ok(
    await post(app, admin, semi1!, "result", {
      games: [{ home: 11, away: 5 }, { home: 11, away: 6 }],
      revision: 0,
    }),
  );
  await ok(await post(app, admin, semi2!, "walkover", { winner: "home", revision: 0 }));
  return { ev, admin, scorer, app, semi1: semi1!, final };
}

storeTest(
  "[api] POST /matches/:id/reset sets a match started by mistake back to scheduled, audited",
  async (store) => {
    const { app, admin, scorer, final, ev } = await setup(store);
    const started = await ok(await post(app, scorer, final, "start", { firstServer: "home" }));
    await ok(await post(app, scorer, final, "timeout", { side: "away", revision: started.revision }));
    const denied = await problem(await post(app, scorer, final, "reset", {}), 403);
    assert.equal(denied.code, "forbidden");
    const data = await ok(await post(app, admin, final, "reset", { revision: started.revision + 1 }));
    assert.equal(data.match.status, "scheduled");
    assert.equal(data.match.firstServer, null);
    assert.equal(data.match.scorer, null);
    assert.equal(data.match.startedAt, null);
    assert.deepEqual(data.match.incidents, []);
    const audit = await listAudit(store.db, { eventId: ev.eventId, actions: ["match.reset"], limit: 10 });
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.actor, "Desk");
    const again = await post(app, scorer, final, "start", { firstServer: "away", revision: data.revision });
    assert.equal((await ok(again)).match.currentServer, "away", "it starts again, the other side serving");
  },
);

// Once a point is scored the match has been played: its record is kept.
storeTest(
  "[api] POST /matches/:id/reset refuses a match with points, naming it by players, category and table",
  async (store) => {
    const { app, admin, scorer, final } = await setup(store);
    await startWithPoint(app, scorer, final, "away");
    const refused = await problem(await post(app, admin, final, "reset", {}), 409);
    assert.equal(refused.code, "match-state");
    assert.equal(
      refused.detail,
      "Cannot set Player test-open 1 v Player test-open 3 (Men's singles, Final) back to not started: " +
        "points have been scored (0-1 in game 1): undo them first",
    );
    const scheduled = await problem(await post(app, admin, await setup2(store), "reset", {}), 409);
    assert.match(scheduled.detail, /it has not started/);
  },
);

storeTest(
  "[api] POST /matches/:id/reset with discardPoints sets a match with points back to not started in one audited step",
  async (store) => {
    const { app, admin, scorer, final, ev } = await setup(store);
    await startWithPoint(app, scorer, final, "away");
    const bad = await problem(await post(app, admin, final, "reset", { discardPoints: false }), 400);
    assert.match(bad.detail, /discardPoints/);
    const denied = await problem(await post(app, scorer, final, "reset", { discardPoints: true }), 403);
    assert.equal(denied.code, "forbidden");
    const data = await ok(await post(app, admin, final, "reset", { discardPoints: true }));
    assert.equal(data.match.status, "scheduled");
    assert.deepEqual(data.match.incidents, []);
    assert.equal(
      (await store.db.selectFrom("match_points").selectAll().where("match_id", "=", final).execute()).length,
      0,
    );
    const audit = await listAudit(store.db, { eventId: ev.eventId, actions: ["match.reset"], limit: 10 });
    assert.equal(audit.length, 1);
    assert.deepEqual((audit[0]!.detail as { was: { current: number[] } }).was.current, [0, 1]);
    const again = await ok(
      await post(app, scorer, final, "start", { firstServer: "home", revision: data.revision }),
    );
    assert.equal(again.match.status, "in_progress");
  },
);

/** Starts the match and scores a point to `side`. */
async function startWithPoint(app: Hono, scorer: string, id: string, side: string) {
  const started = await ok(await post(app, scorer, id, "start", { firstServer: "home" }));
  await ok(await post(app, scorer, id, "point", { side, revision: started.revision }));
}

/** A scheduled match of another event. */
async function setup2(store: Store) {
  const ev = await seedKnockout(store.db, { slug: "other-open" });
  return ev.rounds[0]![0]!;
}

storeTest(
  "[api] a wrong result is corrected after the next match was started by mistake: reset it first, then correct",
  async (store) => {
    const { app, admin, scorer, semi1, final } = await setup(store);
    const started = await ok(await post(app, scorer, final, "start", { firstServer: "home" }));
    // The semi-final's sheet was read the wrong way round: the other player won.
    const sheet = { games: [{ home: 5, away: 11 }, { home: 6, away: 11 }] };
    const refused = await problem(await post(app, admin, semi1, "result", sheet), 409);
    assert.equal(refused.code, "next-match-started");
    assert.equal(
      refused.detail,
      "Cannot change the result: the next match Player test-open 1 v Player test-open 3 (Men's singles, Final) " +
        "has already started; it has no point yet: set it back to not started first",
    );
    assert.deepEqual(refused.blocking, { matchId: final, revision: started.revision, resettable: true });
    await ok(await post(app, admin, final, "reset", { revision: refused.blocking.revision }));
    const fixed = await ok(await post(app, admin, semi1, "result", sheet));
    assert.equal(fixed.match.winnerSide, "away");
    const next = await ok(await app.request(`/api/manage/matches/${final}`, call(admin, "GET")));
    assert.equal(next.match.homeName, "Player test-open 2");
  },
);

storeTest(
  "[api] a result whose next match has points is refused, the detail naming that match by players and table",
  async (store) => {
    const { app, admin, scorer, semi1, final } = await setup(store);
    await ok(await post(app, admin, final, "assign", { tableNo: 4 }));
    await startWithPoint(app, scorer, final, "home");
    const refused = await problem(
      await post(app, admin, semi1, "result", { games: [{ home: 5, away: 11 }, { home: 6, away: 11 }] }),
      409,
    );
    assert.equal(refused.code, "next-match-started");
    assert.equal(
      refused.detail,
      "Cannot change the result: the next match Player test-open 1 v Player test-open 3 (Men's singles, Final, " +
        "table 4) has already started; it cannot be set back to not started: points have been scored (1-0 in " +
        "game 1): undo them first",
    );
    assert.equal(refused.blocking.resettable, false);
    assert.doesNotMatch(refused.detail, new RegExp(final));
  },
);
