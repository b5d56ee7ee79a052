/**
 * An umpire's undo of an incident keeps it, marked undone (db/match_writes.ts, db/undone_incidents.ts): the
 * replay ignores it as it ignored a deleted row (the public answer is the same bytes), the referee's list shows
 * it marked "undone" with who undid it, and the printed match report shows it struck.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { writeMatch } from "../../db/match_writes.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { manageData } from "../support/assert_response.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, seedKnockout, T0 } from "./manage_fixtures.ts";

const PHONE = { "X-Scorer-Device": "phone-a" };

async function post(app: Hono, token: string, path: string, body: unknown = {}) {
  return await app.request(
    `/api/manage${path}`,
    call(token, "POST", body, { ...PHONE, "Idempotency-Key": crypto.randomUUID() }),
  );
}

storeTest(
  "[api] an undone incident is kept, marked, listed for the referee, and changes no public answer",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 3 });
    const scorer = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
    const admin = await makeToken(store.db, "admin", { label: "Referee" });
    let now = T0;
    const app: Hono = createApp({ store, log: silentLogger, clock: () => now });
    const id = ev.rounds[0]![0]!;
    const act = async (action: string, body: unknown = {}) =>
      await manageData(await post(app, scorer, `/matches/${id}/${action}`, body));
    const publicAnswer = async () => await (await app.request(`/api/v1/matches/${id}`)).text();

    await act("start", { firstServer: "home" });
    for (let k = 0; k < 3; k++) await act("point", { side: "home" });
    const before = await publicAnswer();
    await act("timeout", { side: "away" });
    await act("card", { side: "away", target: "player", card: "red" });
    await act("undo");
    await act("undo");
    // The same play as before the two incidents and their undos (at the same time): the same public bytes.
    assert.equal(await publicAnswer(), before);
    const rows = await store.db.selectFrom("match_incidents").selectAll().where("match_id", "=", id)
      .orderBy("seq").execute();
    assert.deepEqual(rows.map((r) => [r.seq, r.kind, r.undone_by]), [[1, "timeout", "Table 1 phone"], [
      2,
      "card",
      "Table 1 phone",
    ]]);
    assert.equal(rows[0]!.undone_at, T0.toISOString());
    now = new Date(T0.getTime() + 20_000);
    // Undone, the time-out is the away side's no more: it may take one again (Regulation 3.4.4.2).
    const again = await act("timeout", { side: "away" });
    assert.equal(again.match.umpire.timeouts.length, 1);
    assert.equal(
      (await store.db.selectFrom("match_incidents").selectAll().where("match_id", "=", id).execute())
        .at(-1)!.seq,
      3,
    );

    const list = await manageData(
      await app.request(`/api/manage/events/${ev.slug}/incidents`, call(admin, "GET")),
    );
    const lines = list.incidents.map((
      i: { category: string; text: string; undone: unknown; score: string },
    ) => [
      i.category,
      i.text,
      i.undone,
      i.score,
    ]);
    assert.deepEqual(lines, [
      ["timeout", "Time-out: Player test-open 2", null, "3-0"],
      [
        "timeout",
        "Time-out: Player test-open 2 (undone)",
        { at: rows[0]!.undone_at, by: "Table 1 phone" },
        "3-0",
      ],
      [
        "card",
        "Red card: Player test-open 2 (undone)",
        { at: rows[1]!.undone_at, by: "Table 1 phone" },
        "3-0",
      ],
    ]);
    // An undone red card alerts no one.
    assert.deepEqual(list.alerts, []);
  },
);

storeTest("[pages] the match report shows an undone incident struck, with who undid it", async (store) => {
  const ev = await seedKnockout(store.db, { bestOf: 3 });
  const id = ev.rounds[0]![0]!;
  let now = T0;
  const write = (action: Parameters<typeof writeMatch>[2]) =>
    writeMatch(store, id, action, { actor: "Table 1 phone", now });
  await write({ type: "start", firstServer: "home" });
  for (let i = 0; i < 2; i++) await write({ type: "point", side: "away" });
  await write({ type: "card", side: "home", target: "player", card: "yellow" });
  now = new Date(T0.getTime() + 60_000);
  await write({ type: "undo" });
  await write({ type: "timeout", side: "home" });
  const app = createApp({ store, log: silentLogger, clock: () => T0 });
  const res = await app.request(`/t/${ev.slug}/print/report/${id}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(
    html,
    /<tr\s+class="undone"><td>1<\/td><td>0-2<\/td><td><s>Yellow card: Player test-open 1<\/s>/,
  );
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  assert.match(
    text,
    /1 0-2 Yellow card: Player test-open 1 · Undone by Table 1 phone, 2026-11-28 10:01 UTC 1 0-2 Time-out: Player test-open 1/,
  );
});
