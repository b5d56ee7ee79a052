import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, seedKnockout, T0 } from "./manage_fixtures.ts";

storeTest(
  "[api] POST /api/manage/matches/:id/skip sets a match aside: the table proposes its next match; unskip takes it back",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 4, bestOf: 3 });
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const scorer = await makeToken(store.db, "scorer");
    const app = createApp({ store, log: silentLogger, clock: () => T0 });
    const [first, second] = ev.rounds[0]!;
    const write = (token: string, id: string, action: string, body: Record<string, unknown> = {}) =>
      app.request(
        `/api/manage/matches/${id}/${action}`,
        call(token, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
    const ok = async (res: Response) => assert.equal(res.status, 200, await res.clone().text());
    const proposal = async () => {
      const o = (await (await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET"))).json()).data;
      return o.suggestions.find((s: { tableNo: number }) => s.tableNo === 1);
    };
    const estimate = async (id: string) =>
      (await (await app.request(`/api/v1/matches/${id}`)).json()).data.match.estimatedStart;

    // Table 1 plays the first match at 10:00, then the second at 10:20.
    await ok(await write(admin, first!, "assign", { scheduledAt: "2026-11-28T10:00:00Z" }));
    await ok(await write(admin, second!, "assign", { tableNo: 1, scheduledAt: "2026-11-28T10:20:00Z" }));
    assert.deepEqual(await proposal(), { tableNo: 1, matchId: first, onTable: true });
    assert.equal(await estimate(second!), "2026-11-28T10:20:00.000Z");

    assert.equal((await write(scorer, first!, "skip")).status, 403, "the desk skips, not an umpire");
    await ok(await write(admin, first!, "call"));
    await ok(await write(admin, first!, "skip"));
    const skipped = await store.db.selectFrom("matches").select(["skipped_at", "called_at"])
      .where("id", "=", first!).executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...skipped },
      { skipped_at: T0.toISOString(), called_at: null },
      "the call is taken back",
    );
    assert.deepEqual(await proposal(), { tableNo: 1, matchId: second, onTable: true });
    assert.equal(await estimate(first!), null, "a skipped match has no estimate");
    assert.equal(await estimate(second!), "2026-11-28T10:20:00.000Z", "never before its planned time");
    const again = await write(admin, first!, "skip");
    assert.equal(again.status, 409);
    assert.match((await again.json()).detail, /it is skipped already/);

    await ok(await write(admin, first!, "unskip"));
    assert.deepEqual(await proposal(), { tableNo: 1, matchId: first, onTable: true });
    assert.equal(await estimate(first!), "2026-11-28T10:00:00.000Z");
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label"])
      .where("match_id", "=", first!).where("action", "in", ["match.skip", "match.unskip"]).orderBy("at")
      .execute();
    assert.deepEqual(audit.map((a) => [a.action, a.token_label]), [["match.skip", "Desk"], [
      "match.unskip",
      "Desk",
    ]]);

    await ok(await write(admin, first!, "start", { firstServer: "home" }));
    const started = await write(admin, first!, "skip");
    assert.equal(started.status, 409);
    assert.match((await started.json()).detail, /it is in progress/);
  },
);
