import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, seedKnockout, T0 } from "./manage_fixtures.ts";

storeTest(
  "[api] POST /api/manage/matches/:id/call calls a match to its table; the public match says when",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 4 });
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const scorer = await makeToken(store.db, "scorer", { label: "Table 1" });
    const app = createApp({ store, log: silentLogger, clock: () => T0 });
    const [first, second] = ev.rounds[0]!;
    const final = ev.rounds[1]![0]!;
    const write = (token: string, id: string, action: string, body: Record<string, unknown> = {}) =>
      app.request(
        `/api/manage/matches/${id}/${action}`,
        call(token, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
    const calledAt = async (id: string) =>
      (await (await app.request(`/api/v1/matches/${id}`)).json()).data.match.calledAt;

    assert.equal(await calledAt(first!), null, "not called yet");
    assert.equal((await write(scorer, first!, "call")).status, 403, "the desk calls, not an umpire");
    const called = await write(admin, first!, "call");
    assert.equal(called.status, 200, await called.clone().text());
    assert.equal(await calledAt(first!), T0.toISOString());
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label"]).where(
      "match_id",
      "=",
      first!,
    )
      .execute();
    assert.deepEqual(audit.map((a) => [a.action, a.token_label]), [["match.call", "Desk"]]);

    // A match without a table cannot be called; one that has begun neither.
    const noTable = await write(admin, final, "call");
    assert.equal(noTable.status, 409);
    assert.match((await noTable.json()).detail, /has no table yet/);
    assert.equal((await write(admin, first!, "start", { firstServer: "home" })).status, 200);
    assert.equal(await calledAt(first!), T0.toISOString(), "the call stays once play begins");
    const started = await write(admin, first!, "call");
    assert.equal(started.status, 409);
    assert.match((await started.json()).detail, /it is in progress/);

    // Moved to another table, a called match must be called again; a new time alone keeps the call.
    assert.equal((await write(admin, second!, "call")).status, 200);
    assert.equal(
      (await write(admin, second!, "assign", { scheduledAt: "2026-11-28T11:00:00Z" })).status,
      200,
    );
    assert.equal(await calledAt(second!), T0.toISOString());
    assert.equal((await write(admin, second!, "assign", { tableNo: 7 })).status, 200);
    assert.equal(await calledAt(second!), null);
  },
);
