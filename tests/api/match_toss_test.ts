/**
 * The toss before a match through the management API (db/match_toss.ts, Law 2.13.1): recorded by the umpire
 * before the start, replaced when recorded again, refused once play has begun, shown on the match.
 */
import assert from "node:assert/strict";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";
import { manageData, manageProblem } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, seedKnockout, T0 } from "./manage_fixtures.ts";

storeTest("[api] POST toss records who won the toss and the choice, before the start only", async (store) => {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const app = createApp({ store, log: silentLogger, clock: () => T0 });
  const id = ev.rounds[0]![0]!;
  const post = (action: string, body: unknown) =>
    app.request(
      `/api/manage/matches/${id}/${action}`,
      call(scorer, "POST", body, { "X-Scorer-Device": "a", "Idempotency-Key": crypto.randomUUID() }),
    );

  const bad = await manageProblem(await post("toss", { winner: "home", choice: "left" }), 400);
  assert.equal(bad.code, "invalid-body");
  assert.match(bad.detail, /"choice"/);
  let data = await manageData(await post("toss", { winner: "away", choice: "end" }));
  assert.deepEqual(data.match.toss, { winner: "away", choice: "end" });
  data = await manageData(await post("toss", { winner: "home", choice: "receive" }));
  assert.deepEqual(data.match.toss, { winner: "home", choice: "receive" });
  const read = await manageData(await app.request(`/api/manage/matches/${id}`, call(scorer, "GET")));
  assert.deepEqual(read.match.toss, { winner: "home", choice: "receive" });

  await manageData(await post("start", { firstServer: "away" }));
  const late = await manageProblem(await post("toss", { winner: "away", choice: "serve" }), 409);
  assert.equal(late.code, "match-state");
  assert.match(late.detail, /^Cannot record the toss of .*: the match has started$/);
});
