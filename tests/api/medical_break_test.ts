/**
 * Medical breaks through the management API (db/medical_breaks.ts, Regulation 3.4.2.3): the umpire's phone
 * sends the start and then the end of a break; the referee's incident list shows it with its game and length.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { manageData, manageProblem } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manualClock, seedKnockout } from "./manage_fixtures.ts";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";

async function post(app: Hono, token: string, path: string, body: unknown = {}) {
  return await app.request(
    `/api/manage${path}`,
    call(token, "POST", body, { "X-Scorer-Device": "phone-a", "Idempotency-Key": crypto.randomUUID() }),
  );
}

storeTest("[api] POST medical keeps a break's start, then its end, in the incident list", async (store) => {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
  const admin = await makeToken(store.db, "admin", { label: "Referee" });
  const app: Hono = createApp({ store, log: silentLogger, clock: manualClock().now });
  const id = ev.rounds[0]![0]!;
  const startedAt = "2026-12-05T10:00:00.000Z";

  const early = await manageProblem(
    await post(app, scorer, `/matches/${id}/medical`, { side: "home", startedAt }),
    409,
  );
  assert.match(early.detail, /Cannot record a medical break of .*: the match has not started/);
  await manageData(await post(app, scorer, `/matches/${id}/start`, { firstServer: "home" }));
  const bad = await manageProblem(
    await post(app, scorer, `/matches/${id}/medical`, { side: "left", startedAt }),
    400,
  );
  assert.match(bad.detail, /side/);

  await manageData(
    await post(app, scorer, `/matches/${id}/medical`, { side: "away", startedAt, reason: "cut hand" }),
  );
  const list = async () =>
    (await manageData(await app.request(`/api/manage/events/${ev.slug}/incidents`, call(admin, "GET"))))
      .incidents;
  const [under] = await list();
  assert.equal(under.category, "medical");
  assert.equal(under.gameNumber, 1);
  assert.match(under.text, /^Medical break: .+ \(cut hand\), under way$/);

  await manageData(
    await post(app, scorer, `/matches/${id}/medical`, {
      side: "away",
      startedAt,
      endedAt: "2026-12-05T10:07:00.000Z",
      reason: "cut hand",
    }),
  );
  const after = await list();
  assert.equal(after.length, 1);
  assert.match(after[0].text, /\(cut hand\), 7 min$/);
});
