/**
 * The umpire's actions through the management API (time-outs, cards, the expedite system, the doubles order,
 * the device that holds a match, batches of queued actions) and what the public match answer shows of them,
 * checked against the OpenAPI document.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { Store } from "../../db/store.ts";
import { apiClient } from "../support/api_client.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manualClock, seedKnockout, T0 } from "./manage_fixtures.ts";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";

async function setup(store: Store, options: { doubles?: boolean; bestOf?: number } = {}) {
  const ev = await seedKnockout(store.db, { bestOf: options.bestOf ?? 5, doubles: options.doubles ?? false });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const other = await makeToken(store.db, "scorer", { label: "Table 1 spare" });
  const clock = manualClock();
  const app: Hono = createApp({ store, log: silentLogger, clock: clock.now });
  return { ev, scorer, other, clock, app, id: ev.rounds[0]![0]!, pub: apiClient(store, clock.now) };
}

const PHONE = { "X-Scorer-Device": "phone-a" };
const SPARE = { "X-Scorer-Device": "phone-b" };

async function post(app: Hono, token: string, id: string, action: string, body: unknown, headers = {}) {
  return await app.request(`/api/manage/matches/${id}/${action}`, call(token, "POST", body, headers));
}

async function ok(res: Response) {
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).data;
}

async function problem(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  return await res.json();
}

/** Sends an action with a fresh key (and no revision). */
async function act(
  app: Hono,
  token: string,
  id: string,
  action: string,
  body: unknown = {},
  headers: Record<string, string> = PHONE,
) {
  return await post(app, token, id, action, body, { ...headers, "Idempotency-Key": crypto.randomUUID() });
}

storeTest(
  "[api] a time-out, a card with its penalty point and the expedite system show on the public match",
  async (store) => {
    const { app, scorer, id, pub, clock } = await setup(store);
    await ok(await act(app, scorer, id, "start", { firstServer: "home", left: "away" }));
    for (const side of ["home", "home", "away"]) await ok(await act(app, scorer, id, "point", { side }));
    clock.advance(1000);
    let data = await ok(await act(app, scorer, id, "timeout", { side: "away" }));
    assert.equal(data.match.umpire.timeouts.length, 1);
    const again = await problem(await act(app, scorer, id, "timeout", { side: "away" }), 409);
    assert.equal(again.code, "scoring");
    assert.match(again.detail, /one per side per match, Regulation 3\.4\.4\.2/);
    await ok(await act(app, scorer, id, "resume"));
    await ok(await act(app, scorer, id, "card", { side: "home", target: "player", card: "yellow" }));
    data = await ok(
      await act(app, scorer, id, "card", { side: "home", target: "player", card: "yellow_red" }),
    );
    // 2-1, then a penalty point to away: 2-2.
    assert.deepEqual(data.match.currentGame, { home: 2, away: 2 });
    await ok(await act(app, scorer, id, "expedite", { rallyInterrupted: false, byRequest: false }));

    const res = await pub.request(`/api/v1/matches/${id}`);
    assert.equal(res.status, 200);
    const umpire = res.body.data.match.umpire;
    assert.deepEqual(umpire.timeouts.map((t: { side: string; score: unknown }) => [t.side, t.score]), [[
      "away",
      { home: 2, away: 1 },
    ]]);
    assert.equal(
      umpire.timeouts[0].endsAt,
      new Date(T0.getTime() + 1000).toISOString(),
      "ended when play resumed",
    );
    assert.deepEqual(
      umpire.cards.map((c: { card: string; penaltyPoints: number }) => [c.card, c.penaltyPoints]),
      [["yellow", 0], ["yellow_red", 1]],
    );
    assert.deepEqual(umpire.expedite.score, { home: 2, away: 2 });
    assert.deepEqual(umpire.ends, { left: "away", changedAt: null });
    assert.equal(umpire.server.side, res.body.data.live.currentServer);
    assert.equal(typeof umpire.server.playerId, "string");
    assert.equal(umpire.gamePoint, null);
  },
);

storeTest("[api] undo takes back a card with its penalty point, then the time-out", async (store) => {
  const { app, scorer, id } = await setup(store);
  await ok(await act(app, scorer, id, "start", { firstServer: "home" }));
  await ok(await act(app, scorer, id, "timeout", { side: "home" }));
  await ok(await act(app, scorer, id, "card", { side: "away", target: "coach", card: "yellow" }));
  await ok(await act(app, scorer, id, "card", { side: "away", target: "player", card: "yellow" }));
  let data = await ok(
    await act(app, scorer, id, "card", { side: "away", target: "player", card: "yellow_red" }),
  );
  assert.deepEqual(data.match.currentGame, { home: 1, away: 0 });
  data = await ok(await act(app, scorer, id, "undo"));
  assert.deepEqual(data.match.currentGame, { home: 0, away: 0 });
  assert.equal(data.match.umpire.cards.length, 2);
  for (let k = 0; k < 3; k++) data = await ok(await act(app, scorer, id, "undo"));
  assert.equal(data.match.incidents.length, 0);
  const none = await problem(await act(app, scorer, id, "undo"), 409);
  assert.match(none.detail, /no point has been recorded/);
});

storeTest("[api] game point and match point are in the public answer at every score", async (store) => {
  const { app, scorer, id, pub } = await setup(store, { bestOf: 3 });
  await ok(await act(app, scorer, id, "start", { firstServer: "home" }));
  for (let k = 0; k < 11; k++) await ok(await act(app, scorer, id, "point", { side: "home" }));
  for (let k = 0; k < 10; k++) await ok(await act(app, scorer, id, "point", { side: "home" }));
  const res = await pub.request(`/api/v1/matches/${id}`);
  assert.deepEqual(res.body.data.match.umpire.gamePoint, { side: "home", match: true });
  const list = await pub.request(`/api/v1/subevents/${res.body.data.match.subeventId}/matches`);
  const inList = list.body.data.matches.find((m: { id: string }) => m.id === id);
  assert.deepEqual(inList.umpire.gamePoint, { side: "home", match: true });
});

storeTest(
  "[api] doubles: the start names the first server and receiver, the answer names the players",
  async (store) => {
    const { app, scorer, id, pub } = await setup(store, { doubles: true });
    const bad = await problem(
      await act(app, scorer, id, "start", { firstServer: "home", server: "away1", receiver: "home1" }),
      409,
    );
    assert.match(bad.detail, /first server must be a player of the home pair/);
    let data = await ok(
      await act(app, scorer, id, "start", { firstServer: "home", server: "home2", receiver: "away1" }),
    );
    assert.deepEqual(data.match.setup, { left: "home", order: { server: "home2", receiver: "away1" } });
    const players = await pub.request(`/api/v1/matches/${id}`);
    const umpire = players.body.data.match.umpire;
    assert.equal(umpire.server.playerId, data.match.homePlayers[1].id);
    assert.equal(umpire.receiver.playerId, data.match.awayPlayers[0].id);
    for (let k = 0; k < 11; k++) data = await ok(await act(app, scorer, id, "point", { side: "home" }));
    data = await ok(await act(app, scorer, id, "order", { game: 2, server: "away2" }));
    // away2 received from home1 in game 1 (home2>away1, away1>home1, home1>away2): home1 receives first.
    const game2 = await pub.request(`/api/v1/matches/${id}`);
    assert.equal(game2.body.data.match.umpire.server.playerId, data.match.awayPlayers[1].id);
    assert.equal(game2.body.data.match.umpire.receiver.playerId, data.match.homePlayers[0].id);
  },
);

storeTest(
  "[api] a match is scored from one device: another is refused until it takes the match over",
  async (store) => {
    const { app, scorer, other, id } = await setup(store);
    let data = await ok(await act(app, scorer, id, "start", { firstServer: "home" }));
    assert.deepEqual(data.match.scorer, { label: "Table 1 phone", since: T0.toISOString(), you: true });
    const refused = await problem(await act(app, other, id, "point", { side: "home" }, SPARE), 409);
    assert.equal(refused.code, "match-held");
    assert.match(refused.detail, /scored on another device \("Table 1 phone"/);
    assert.deepEqual(refused.current.match.scorer, {
      label: "Table 1 phone",
      since: T0.toISOString(),
      you: false,
    });
    data = await ok(await act(app, other, id, "takeover", {}, SPARE));
    assert.equal(data.match.scorer.label, "Table 1 spare");
    assert.equal(data.match.scorer.you, true);
    const lost = await problem(await act(app, scorer, id, "point", { side: "home" }, PHONE), 409);
    assert.equal(lost.code, "match-held");
    // The same token on another device is another device; a takeover without a device is refused.
    const noDevice = await problem(await act(app, other, id, "takeover", {}, {}), 400);
    assert.equal(noDevice.code, "no-device");
    // The desk (no device) is never held off.
    await ok(await act(app, other, id, "point", { side: "away" }, {}));
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label", "detail"])
      .where("match_id", "=", id).where("action", "=", "match.takeover").execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.token_label, "Table 1 spare");
    assert.deepEqual(JSON.parse(audit[0]!.detail).was, { scorer: "Table 1 phone", since: T0.toISOString() });
  },
);

storeTest(
  "[api] a batch of queued actions: a refused undo drops only itself, a repeat is answered again",
  async (store) => {
    const { app, scorer, id } = await setup(store);
    await ok(await act(app, scorer, id, "start", { firstServer: "home" }));
    const actions = [
      { key: "k-undo", type: "undo" },
      ...Array.from(
        { length: 6 },
        (_, i) => ({ key: `k-${i}`, type: "point", side: i % 2 ? "away" : "home" }),
      ),
    ];
    const send = () => post(app, scorer, id, "actions", { revision: 1, actions }, PHONE);
    let data = await ok(await send());
    assert.deepEqual(data.results.map((r: { status: string }) => r.status), [
      "refused",
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
    ]);
    assert.equal(data.results[0].code, "scoring");
    assert.deepEqual(data.match.currentGame, { home: 3, away: 3 });
    // The answer was lost: the same batch again writes nothing twice.
    data = await ok(await send());
    assert.deepEqual(
      data.results.slice(1).map((r: { status: string }) => r.status),
      Array(6).fill("replayed"),
    );
    assert.deepEqual(data.match.currentGame, { home: 3, away: 3 });
  },
);

storeTest(
  "[api] a batch based on a match another device took over is refused from its first action on",
  async (store) => {
    const { app, scorer, other, id } = await setup(store);
    await ok(await act(app, scorer, id, "start", { firstServer: "home" }));
    await ok(await act(app, other, id, "takeover", {}, SPARE));
    const data = await ok(
      await post(app, scorer, id, "actions", {
        actions: [{ key: "a", type: "point", side: "home" }, { key: "b", type: "point", side: "away" }],
      }, PHONE),
    );
    assert.deepEqual(data.results.map((r: { status: string; code: string }) => [r.status, r.code]), [
      ["refused", "match-held"],
      ["skipped", "match-held"],
    ]);
    assert.deepEqual(data.match.currentGame, { home: 0, away: 0 });
  },
);

storeTest("[api] a batch answers 400 naming the action and field at fault", async (store) => {
  const { app, scorer, id } = await setup(store);
  const bad = await problem(
    await post(app, scorer, id, "actions", {
      actions: [{ key: "a", type: "point", side: "home" }, { key: "b", type: "point", side: "left" }],
    }, PHONE),
    400,
  );
  assert.equal(bad.field, "actions.1.side");
  assert.match(bad.detail, /Invalid "actions\.1\.side": expected "home" or "away", got "left"/);
  const kind = await problem(
    await post(
      app,
      scorer,
      id,
      "actions",
      { actions: [{ key: "a", type: "walkover", winner: "home" }] },
      PHONE,
    ),
    400,
  );
  assert.equal(kind.field, "actions.0.type");
});
