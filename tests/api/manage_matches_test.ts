import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { Store } from "../../db/store.ts";
import { parseScore } from "../../event_file/parse.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, seedKnockout } from "./manage_fixtures.ts";
import { firstMatchWonByE1 } from "../support/event_files.ts";

async function setup(store: Store) {
  const ev = await seedKnockout(store.db);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const scorer = await makeToken(store.db, "scorer", { label: "Umpire A" });
  return { ev, admin, scorer, app: manageApp(store), id: ev.rounds[0]![0]! };
}

async function post(app: Hono, token: string, id: string, action: string, body: unknown, headers = {}) {
  return await app.request(`/api/manage/matches/${id}/${action}`, call(token, "POST", body, headers));
}

async function ok(res: Response, status = 200) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  return (await res.json()).data;
}

async function problem(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  return await res.json();
}

/** Scores `n` points to `side` from `revision`, returning the last revision. */
async function score(app: Hono, token: string, id: string, side: string, n: number, revision: number) {
  for (let i = 0; i < n; i++) {
    const data = await ok(await post(app, token, id, "point", { side, revision }));
    revision = data.revision;
  }
  return revision;
}

storeTest(
  "[api] POST /api/manage/matches/:id/start, point and undo answer the match and its revision",
  async (store) => {
    const { app, scorer, id, ev } = await setup(store);
    let data = await ok(await post(app, scorer, id, "start", { firstServer: "away", revision: 0 }));
    assert.equal(data.revision, 1);
    assert.equal(data.match.status, "in_progress");
    assert.equal(data.match.currentServer, "away");
    assert.equal(data.live.currentServer, "away");
    assert.equal(data.match.homeName, `Player ${ev.slug} 1`);
    data = await ok(await post(app, scorer, id, "point", { side: "home", revision: 1 }));
    assert.equal(data.revision, 2);
    assert.deepEqual(data.match.currentGame, { home: 1, away: 0 });
    assert.deepEqual(data.match.points, ["home"]);
    assert.equal(data.match.matchKind, "tournament");
    assert.equal(data.match.stageLabel, "Round 1 match 1");
    data = await ok(await post(app, scorer, id, "undo", { revision: 2 }));
    assert.deepEqual(data.match.currentGame, { home: 0, away: 0 });
    assert.deepEqual(data.match.points, []);
    assert.equal(data.revision, 3);
  },
);

storeTest("[api] a full match through the API completes it and advances the winner", async (store) => {
  const { app, scorer, admin, id, ev } = await setup(store);
  let rev = (await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }))).revision;
  rev = await score(app, scorer, id, "away", 11, rev);
  rev = await score(app, scorer, id, "home", 3, rev);
  rev = await score(app, scorer, id, "away", 11, rev);
  const res = await app.request(`/api/manage/matches/${id}`, call(scorer, "GET"));
  const data = await ok(res);
  assert.equal(data.match.status, "completed");
  assert.equal(data.match.winnerSide, "away");
  assert.equal(data.match.winnerId, ev.entryIds[1]);
  assert.deepEqual(data.match.gameScores, [{ home: 0, away: 11 }, { home: 3, away: 11 }]);
  assert.equal(data.revision, rev);
  const final = await ok(await app.request(`/api/manage/matches/${ev.rounds[1]![0]}`, call(admin, "GET")));
  assert.equal(final.match.homeId, ev.entryIds[1]);
  const point = await problem(await post(app, scorer, id, "point", { side: "home", revision: rev }), 409);
  assert.match(point.detail, /Cannot record a point: match is "completed"/);
  assert.equal(point.current.match.status, "completed");
  const audit = await store.db.selectFrom("audit_log").select("token_label").where("match_id", "=", id)
    .execute();
  assert.ok(
    audit.length > 0 && audit.every((a) => a.token_label === "Umpire A"),
    "the audit names the token",
  );
});

storeTest(
  "[api] a stale revision gets 409 with the current match; no point lost or doubled",
  async (store) => {
    const { app, id, admin } = await setup(store);
    const one = await makeToken(store.db, "scorer", { label: "one" });
    const two = await makeToken(store.db, "scorer", { label: "two" });
    await ok(await post(app, one, id, "start", { firstServer: "home", revision: 0 }));
    // Both scorers saw revision 1 and tap at once: one write goes through, the other is refused.
    const [a, b] = await Promise.all([
      post(app, one, id, "point", { side: "home", revision: 1 }),
      post(app, two, id, "point", { side: "away", revision: 1 }),
    ]);
    const statuses = [a.status, b.status].sort();
    assert.deepEqual(statuses, [200, 409]);
    const refused = await problem(a.status === 409 ? a : b, 409);
    await (a.status === 200 ? a : b).body?.cancel();
    assert.equal(refused.code, "stale-revision");
    assert.match(refused.detail, /is at revision 2, not 1/);
    assert.equal(refused.revision, 2);
    assert.equal(refused.current.revision, 2);
    assert.equal(refused.current.match.points.length, 1);
    // The refused scorer retries on the current revision: both points count, once each.
    const retry = await ok(
      await post(app, a.status === 409 ? one : two, id, "point", {
        side: a.status === 409 ? "home" : "away",
        revision: refused.revision,
      }),
    );
    assert.deepEqual(retry.match.currentGame, { home: 1, away: 1 });
    const data = await ok(await app.request(`/api/manage/matches/${id}`, call(admin, "GET")));
    assert.equal(data.match.points.length, 2);
  },
);

storeTest(
  "[api] a tap made before an assignment counts, and an assignment made before taps; the same kind is a 409",
  async (store) => {
    const { app, id, admin, scorer } = await setup(store);
    await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }));
    await ok(await post(app, scorer, id, "point", { side: "home", revision: 1 }));
    // The umpire saw revision 2; the desk moves the match to table 9 twice meanwhile (revisions 3 and 4).
    await ok(await post(app, admin, id, "assign", { tableNo: 9, revision: 2 }));
    await ok(await post(app, admin, id, "assign", { tableNo: 8, revision: 3 }));
    const tap = await ok(await post(app, scorer, id, "point", { side: "away", revision: 2 }));
    assert.deepEqual(tap.match.currentGame, { home: 1, away: 1 }, "the tap counted");
    assert.equal(tap.revision, 5);
    // A point by another device changes the score the umpire saw: that tap is refused as before.
    await ok(await post(app, admin, id, "point", { side: "home", revision: 5 }));
    await ok(await post(app, admin, id, "assign", { tableNo: 7, revision: 6 }));
    const stale = await problem(await post(app, scorer, id, "point", { side: "away", revision: 5 }), 409);
    assert.equal(stale.code, "stale-revision");
    const data = await ok(await app.request(`/api/manage/matches/${id}`, call(admin, "GET")));
    assert.equal(data.match.points.length, 3);
    // The desk assigns with the revision of its last refresh while the umpire scored meanwhile: applied.
    await ok(await post(app, scorer, id, "point", { side: "away", revision: 7 }));
    await ok(await post(app, scorer, id, "point", { side: "away", revision: 8 }));
    const moved = await ok(await post(app, admin, id, "assign", { tableNo: 4, revision: 7 }));
    assert.equal(moved.match.tableNo, 4);
    // Another assignment since is a conflict of the same kind: refused.
    const twice = await problem(await post(app, admin, id, "assign", { tableNo: 5, revision: 9 }), 409);
    assert.equal(twice.code, "stale-revision");
  },
);

storeTest("[api] a repeated Idempotency-Key is applied once and answered again", async (store) => {
  const { app, scorer, id } = await setup(store);
  await ok(await post(app, scorer, id, "start", { firstServer: "home" }, { "Idempotency-Key": "s-1" }));
  const first = await post(app, scorer, id, "point", { side: "home" }, { "Idempotency-Key": "p-1" });
  assert.equal(first.headers.get("Idempotency-Replayed"), "false");
  const a = await ok(first);
  const second = await post(app, scorer, id, "point", { side: "home" }, { "Idempotency-Key": "p-1" });
  assert.equal(second.headers.get("Idempotency-Replayed"), "true");
  const b = await ok(second);
  assert.equal(b.revision, a.revision);
  assert.deepEqual(b.match.points, ["home"]);
  // With a key and a revision that went stale, the retry is still recognised as the same write.
  await ok(await post(app, scorer, id, "point", { side: "away" }, { "Idempotency-Key": "p-2" }));
  const late = await ok(
    await post(app, scorer, id, "point", { side: "home", revision: a.revision - 1 }, {
      "Idempotency-Key": "p-1",
    }),
  );
  assert.deepEqual(late.match.points, ["home", "away"]);
});

storeTest("[api] Idempotency-Keys are kept per token", async (store) => {
  const { app, scorer, admin, id } = await setup(store);
  await ok(await post(app, scorer, id, "start", { firstServer: "home" }, { "Idempotency-Key": "s" }));
  await ok(await post(app, scorer, id, "point", { side: "home" }, { "Idempotency-Key": "k" }));
  const other = await ok(await post(app, admin, id, "point", { side: "home" }, { "Idempotency-Key": "k" }));
  assert.deepEqual(other.match.points, ["home", "home"]);
});

storeTest("[api] a match write needs a revision or an Idempotency-Key", async (store) => {
  const { app, scorer, id } = await setup(store);
  const body = await problem(await post(app, scorer, id, "start", { firstServer: "home" }), 400);
  assert.equal(body.field, "revision");
  assert.match(
    body.detail,
    /Invalid "revision": expected the match's current revision \(or an "Idempotency-Key"/,
  );
  const bad = await problem(
    await post(app, scorer, id, "start", { firstServer: "home" }, { "Idempotency-Key": "a b" }),
    400,
  );
  assert.equal(bad.field, "Idempotency-Key");
});

storeTest("[api] match writes answer 400 naming the field", async (store) => {
  const { app, admin, id } = await setup(store);
  const cases: [string, unknown, string, RegExp][] = [
    ["point", { side: "left", revision: 0 }, "side", /Invalid "side": expected "home" or "away", got "left"/],
    ["point", { revision: 0 }, "side", /Invalid "side": expected "home" or "away", got nothing/],
    ["start", { firstServer: 1, revision: 0 }, "firstServer", /expected "home" or "away", got 1/],
    [
      "point",
      { side: "home", revision: -1 },
      "revision",
      /Invalid "revision": expected .* whole number from 0/,
    ],
    ["point", { side: "home", revision: "3" }, "revision", /got "3"/],
    ["point", { side: "home", sde: "x", revision: 0 }, "sde", /unknown field "sde"/],
    ["point", [1, 2], "", /expected a JSON object/],
    [
      "correct",
      { game: 0, home: 11, away: 5, revision: 0 },
      "game",
      /Invalid "game": expected the game number/,
    ],
    ["correct", { game: 1, home: 11, away: 10, revision: 0 }, "home", /"11-10" is not a finished game/],
    ["walkover", { side: "home", revision: 0 }, "side", /unknown field "side"/],
    ["walkover", { winner: "draw", revision: 0 }, "winner", /Invalid "winner": expected "home" or "away"/],
    ["retire", { winner: "home", revision: 0 }, "winner", /unknown field "winner"/],
    ["disqualify", { side: "both", revision: 0 }, "side", /expected "home" or "away"/],
    ["assign", { tableNo: 0, revision: 0 }, "tableNo", /Invalid "tableNo": expected the table number/],
    ["assign", { scheduledAt: "tomorrow", revision: 0 }, "scheduledAt", /expected an ISO 8601 time/],
    ["assign", { revision: 0 }, "tableNo", /expected "tableNo" or "scheduledAt"/],
  ];
  for (const [action, body, field, detail] of cases) {
    const p = await problem(await post(app, admin, id, action, body), 400);
    assert.equal(p.field, field, `${action} ${JSON.stringify(body)}`);
    assert.match(p.detail, detail);
    assert.ok(Array.isArray(p.errors) || field === "home");
  }
  const notJson = await app.request(`/api/manage/matches/${id}/point`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
    body: "{side:",
  });
  assert.match((await problem(notJson, 400)).detail, /Invalid body: not JSON/);
});

storeTest("[api] match routes answer 404 for an unknown match", async (store) => {
  const { app, admin } = await setup(store);
  assert.match(
    (await problem(await post(app, admin, "nope", "point", { side: "home", revision: 0 }), 404)).detail,
    /Match "nope" does not exist/,
  );
  await problem(await app.request("/api/manage/matches/nope", call(admin, "GET")), 404);
});

storeTest("[api] a point before the start is a 409 that says so", async (store) => {
  const { app, scorer, id } = await setup(store);
  const p = await problem(await post(app, scorer, id, "point", { side: "home", revision: 0 }), 409);
  assert.match(p.detail, /Cannot record a point: match is "scheduled"/);
  assert.equal(p.current.match.status, "scheduled");
});

storeTest(
  "[api] walkover, retirement, disqualification, taking a result back, a whole result and assignment need an admin token",
  async (store) => {
    const { app, scorer, admin, ev } = await setup(store);
    const [a, b] = ev.rounds[0]! as [string, string];
    for (
      const [action, body] of [
        ["walkover", { winner: "home" }],
        ["retire", { side: "home" }],
        [
          "disqualify",
          { side: "home" },
        ],
        ["reopen", {}],
        ["assign", { tableNo: 3 }],
      ] as const
    ) {
      const p = await problem(await post(app, scorer, a, action, { ...body, revision: 0 }), 403);
      assert.match(p.detail, /is a scorer token/);
    }
    const wo = await ok(await post(app, admin, a, "walkover", { winner: "away", revision: 0 }));
    assert.equal(wo.match.resultReasonCode, "walkover");
    assert.equal(wo.match.winnerSide, "away");
    let rev = (await ok(await post(app, admin, b, "start", { firstServer: "home", revision: 0 }))).revision;
    rev = await score(app, admin, b, "home", 11, rev);
    const ret = await ok(await post(app, admin, b, "retire", { side: "home", revision: rev }));
    assert.equal(ret.match.resultReasonCode, "retired");
    assert.equal(ret.match.retirementAfterGame, 1);
    assert.equal(ret.match.winnerSide, "away");
    const back = await ok(await post(app, admin, b, "reopen", { revision: ret.revision }));
    assert.deepEqual([back.match.status, back.match.resultReasonCode, back.match.winnerSide], [
      "in_progress",
      null,
      null,
    ]);
    assert.deepEqual(back.match.gameScores, [{ home: 11, away: 0 }]);
    const again = await problem(await post(app, admin, b, "reopen", { revision: back.revision }), 409);
    assert.equal(again.code, "match-state");
    assert.match(again.detail, /^Cannot take back the result: match is "in_progress"/);
    const asg = await ok(
      await post(app, admin, ev.rounds[1]![0]!, "assign", {
        tableNo: 4,
        scheduledAt: "2026-11-28T15:00:00+01:00",
        // The final changed three times: the walkover's winner in, the retirement's winner in, then out again.
        revision: 3,
      }),
    );
    assert.equal(asg.match.tableNo, 4);
    assert.equal(asg.match.scheduledAt, "2026-11-28T14:00:00.000Z");
  },
);

storeTest("[api] disqualification through the API", async (store) => {
  const { app, admin, id } = await setup(store);
  const d = await ok(await post(app, admin, id, "disqualify", { side: "home", revision: 0 }));
  assert.equal(d.match.resultReasonCode, "disqualified");
  assert.equal(d.match.winnerSide, "away");
});

storeTest("[api] correcting a finished game through the API", async (store) => {
  const { app, scorer, id } = await setup(store);
  let rev = (await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }))).revision;
  rev = await score(app, scorer, id, "home", 11, rev);
  const data = await ok(
    await post(app, scorer, id, "correct", { game: 1, home: 11, away: 8, revision: rev }),
  );
  assert.deepEqual(data.match.gameScores, [{ home: 11, away: 8 }]);
  assert.deepEqual(data.match.corrections, [{ game: 1, home: 11, away: 8 }]);
  const p = await problem(
    await post(app, scorer, id, "correct", { game: 2, home: 11, away: 8, revision: data.revision }),
    409,
  );
  assert.match(p.detail, /Cannot correct game "2": only 1 game is finished/);
});

async function limited(store: Store, limits: { eventId?: string; tableNo?: number }) {
  return await makeToken(store.db, "scorer", { ...limits, label: "Limited" });
}

storeTest("[api] a scorer limited to a table gets 403 at another table of its event", async (store) => {
  const { app, ev } = await setup(store);
  const table2 = await limited(store, { eventId: ev.eventId, tableNo: 2 });
  const p2 = await problem(
    await post(app, table2, ev.rounds[0]![0]!, "start", { firstServer: "home", revision: 0 }),
    403,
  );
  assert.match(
    p2.detail,
    /may only score table 2 and Player \S+ 1 v Player \S+ 2 \(Men's singles\) is on table 1/,
  );
  const p3 = await problem(
    await post(app, table2, ev.rounds[1]![0]!, "start", { firstServer: "home", revision: 0 }),
    403,
  );
  assert.match(p3.detail, /has no table/);
  await ok(await post(app, table2, ev.rounds[0]![1]!, "start", { firstServer: "home", revision: 0 }));
});

storeTest(
  "[api] a scorer limited to an event gets for another event's match (published or hidden) what it gets for a made-up id",
  async (store) => {
    const { app, ev } = await setup(store);
    const published = await seedKnockout(store.db, { slug: "other-cup" });
    const hidden = await seedKnockout(store.db, { slug: "secret-cup", status: "draft" });
    const eventOnly = await limited(store, { eventId: ev.eventId });
    const madeUp = crypto.randomUUID();
    /** Everything the answer says, with the id it was asked about replaced. */
    const answer = async (id: string, request: () => Response | Promise<Response>) => {
      const res = await request();
      const body = (await res.text()).replaceAll(id, "ID");
      return { status: res.status, type: res.headers.get("Content-Type"), body };
    };
    const others: [string, string][] = [["published", published.rounds[0]![0]!], [
      "hidden",
      hidden.rounds[0]![0]!,
    ]];
    for (const [what, id] of others) {
      for (
        const request of [
          (m: string) => post(app, eventOnly, m, "start", { firstServer: "home", revision: 0 }),
          (m: string) => post(app, eventOnly, m, "point", { side: "home", revision: 0 }),
          (m: string) => app.request(`/api/manage/matches/${m}`, call(eventOnly, "GET")),
        ]
      ) {
        const theirs = await answer(id, () => request(id));
        assert.equal(theirs.status, 404, `${what}: ${theirs.body}`);
        assert.deepEqual(theirs, await answer(madeUp, () => request(madeUp)), what);
      }
    }
  },
);

storeTest("[api] GET /api/manage/matches lists what the token may score, by table", async (store) => {
  const { app, admin, ev } = await setup(store);
  const other = await seedKnockout(store.db, { slug: "other-cup", size: 2 });
  const all = await ok(await app.request("/api/manage/matches", call(admin, "GET")));
  assert.deepEqual(all.matches.map((m: { tableNo: number }) => m.tableNo), [1, 1, 2]);
  const table2 = await makeToken(store.db, "scorer", { eventId: ev.eventId, tableNo: 2 });
  const mine = await ok(await app.request("/api/manage/matches", call(table2, "GET")));
  assert.deepEqual(mine.matches.map((m: { id: string }) => m.id), [ev.rounds[0]![1]]);
  const eventOnly = await makeToken(store.db, "scorer", { eventId: other.eventId });
  const theirs = await ok(await app.request("/api/manage/matches", call(eventOnly, "GET")));
  assert.deepEqual(theirs.matches.map((m: { id: string }) => m.id), [other.rounds[0]![0]]);
  assert.ok(all.matches.every((m: { points?: unknown }) => m.points === undefined), "lists carry no points");
});

storeTest("[api] POST undo after a correction takes the correction back, then the points", async (store) => {
  const { app, scorer, id } = await setup(store);
  const key = (k: string) => ({ "Idempotency-Key": k });
  await ok(await post(app, scorer, id, "start", { firstServer: "home" }, key("s")));
  for (let i = 0; i < 11; i++) await ok(await post(app, scorer, id, "point", { side: "home" }, key(`p${i}`)));
  let data = await ok(await post(app, scorer, id, "correct", { game: 1, home: 9, away: 11 }, key("c")));
  assert.deepEqual(data.match.gameScores, [{ home: 9, away: 11 }]);
  // The correction was the last action: undo takes it back, and the game is 11-0 again.
  data = await ok(await post(app, scorer, id, "undo", {}, key("u1")));
  assert.deepEqual(data.match.gameScores, [{ home: 11, away: 0 }]);
  assert.deepEqual(data.match.corrections, []);
  assert.equal(data.match.points.length, 11);
  // Then the points, one by one, into the game that was corrected.
  data = await ok(await post(app, scorer, id, "undo", {}, key("u2")));
  assert.deepEqual(data.match.gameScores, []);
  assert.deepEqual(data.match.currentGame, { home: 10, away: 0 });
  data = await ok(await post(app, scorer, id, "undo", {}, key("u3")));
  assert.deepEqual(data.match.currentGame, { home: 9, away: 0 });
});

storeTest("[api] POST undo takes back points and corrections in the order they were made", async (store) => {
  const { app, scorer, id } = await setup(store);
  let rev = (await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }))).revision;
  rev = await score(app, scorer, id, "home", 11, rev);
  rev = (await ok(await post(app, scorer, id, "correct", { game: 1, home: 11, away: 8, revision: rev })))
    .revision;
  rev = (await ok(await post(app, scorer, id, "correct", { game: 1, home: 11, away: 9, revision: rev })))
    .revision;
  rev = await score(app, scorer, id, "away", 2, rev);
  const undo = async () => {
    const data = await ok(await post(app, scorer, id, "undo", { revision: rev }));
    rev = data.revision;
    return data.match;
  };
  assert.deepEqual((await undo()).currentGame, { home: 0, away: 1 });
  assert.deepEqual((await undo()).currentGame, { home: 0, away: 0 });
  // Both corrections, in the order made and placed among the points: what the umpire's page undoes offline.
  assert.deepEqual(
    (await ok(await app.request(`/api/manage/matches/${id}`, call(scorer, "GET")))).match.correctionLog,
    [
      { game: 1, home: 11, away: 8, afterPoints: 11 },
      { game: 1, home: 11, away: 9, afterPoints: 11 },
    ],
  );
  // The second correction goes first and the first one is in force again; then the first one goes.
  let match = await undo();
  assert.deepEqual(match.gameScores, [{ home: 11, away: 8 }]);
  assert.deepEqual(match.corrections, [{ game: 1, home: 11, away: 8 }]);
  assert.deepEqual(match.correctionLog, [{ game: 1, home: 11, away: 8, afterPoints: 11 }]);
  match = await undo();
  assert.deepEqual(match.gameScores, [{ home: 11, away: 0 }]);
  assert.deepEqual(match.corrections, []);
  match = await undo();
  assert.deepEqual(match.currentGame, { home: 10, away: 0 });
});

storeTest("[api] POST undo with nothing recorded is a 409 that names the undo", async (store) => {
  const { app, scorer, id } = await setup(store);
  await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }));
  const p = await problem(await post(app, scorer, id, "undo", { revision: 1 }), 409);
  assert.equal(p.code, "scoring");
  assert.match(p.detail, /^Cannot undo the last point or correction: /);
});

storeTest(
  "[api] POST correct refuses game points an import would refuse, naming the field",
  async (store) => {
    const { app, scorer, id } = await setup(store);
    let rev = (await ok(await post(app, scorer, id, "start", { firstServer: "home", revision: 0 }))).revision;
    rev = await score(app, scorer, id, "home", 11, rev);
    const cases: [unknown, string][] = [
      [{ game: 1, home: 9007199254740991, away: 9007199254740989 }, "home"],
      [{ game: 1, home: 100, away: 98 }, "home"],
      [{ game: 1, home: 98, away: 100 }, "away"],
      [{ game: 1, home: 11, away: 1e300 }, "away"],
    ];
    for (const [body, field] of cases) {
      const p = await problem(
        await post(app, scorer, id, "correct", { ...body as object, revision: rev }),
        400,
      );
      assert.equal(p.code, "invalid-body");
      assert.equal(p.field, field, JSON.stringify(body));
      assert.match(p.detail, new RegExp(`^Invalid "${field}": expected .* from 0 to 99`));
    }
    // Two digits, as an import takes them (event_file/parse.ts parseScore), and a finished game.
    assert.deepEqual(parseScore("99-97"), { home: 99, away: 97 });
    assert.equal(parseScore("100-98"), null);
    const data = await ok(
      await post(app, scorer, id, "correct", { game: 1, home: 99, away: 97, revision: rev }),
    );
    assert.deepEqual(data.match.gameScores, [{ home: 99, away: 97 }]);
  },
);

storeTest("[api] a reused Idempotency-Key with another request is a 422 naming the key", async (store) => {
  const { app, admin, id } = await setup(store);
  await ok(await post(app, admin, id, "start", { firstServer: "home" }, { "Idempotency-Key": "s" }));
  const first = await ok(await post(app, admin, id, "point", { side: "home" }, { "Idempotency-Key": "K" }));
  const reuses: [string, unknown][] = [
    ["point", { side: "away" }],
    ["undo", {}],
    ["walkover", { winner: "away" }],
    ["correct", { game: 1, home: 11, away: 9 }],
    ["assign", { tableNo: 3 }],
  ];
  for (const [action, body] of reuses) {
    const res = await post(app, admin, id, action, body, { "Idempotency-Key": "K" });
    assert.equal(res.headers.get("Idempotency-Replayed"), null);
    const p = await problem(res, 422);
    assert.equal(p.code, "idempotency-key-reused", action);
    assert.equal(p.field, "Idempotency-Key");
    assert.match(p.detail, /^Cannot reuse "Idempotency-Key" "K": /);
    assert.match(p.detail, /first sent with another request \(\{"type":"point","side":"home"\}\)/);
    assert.equal(p.type, "/docs/operator.md#problem-idempotency-key-reused");
  }
  // Nothing was written by the refused requests; the same request is still answered again.
  const again = await post(app, admin, id, "point", { side: "home" }, { "Idempotency-Key": "K" });
  assert.equal(again.headers.get("Idempotency-Replayed"), "true");
  const data = await ok(again);
  assert.equal(data.revision, first.revision);
  assert.deepEqual(data.match.points, ["home"]);
  assert.equal(data.match.status, "in_progress");
  assert.equal(data.match.tableNo, 1);
});

storeTest("[api] POST assign refuses what the importer refuses, naming the field", async (store) => {
  const { app, admin, id } = await setup(store);
  const cases: [unknown, string][] = [
    [{ scheduledAt: "2026-02-30T10:00:00Z" }, "scheduledAt"],
    [{ scheduledAt: "2026-11-27T10:00:00" }, "scheduledAt"],
    [{ scheduledAt: "0000-01-01T00:00:00Z" }, "scheduledAt"],
    [{ scheduledAt: "2026-11-27T24:00:00Z" }, "scheduledAt"],
    [{ scheduledAt: "2026-11-27T10:00:00+25:00" }, "scheduledAt"],
    // In UTC the year 10000, which would be served as "+010000-01-01T13:59:59.000Z".
    [{ scheduledAt: "9999-12-31T23:59:59-14:00" }, "scheduledAt"],
    [{ scheduledAt: "0001-01-01T00:30:00+01:00" }, "scheduledAt"],
    [{ tableNo: 99999999999 }, "tableNo"],
    [{ tableNo: 1000 }, "tableNo"],
  ];
  for (const [body, field] of cases) {
    const p = await problem(await post(app, admin, id, "assign", { ...body as object, revision: 0 }), 400);
    assert.equal(p.code, "invalid-body");
    assert.equal(p.field, field, JSON.stringify(body));
    assert.match(p.detail, new RegExp(`^Invalid "${field}": expected `));
  }
  const data = await ok(
    await post(app, admin, id, "assign", {
      tableNo: 999,
      scheduledAt: "2026-11-28T15:00+01:00",
      revision: 0,
    }),
  );
  assert.equal(data.match.tableNo, 999);
  assert.equal(data.match.scheduledAt, "2026-11-28T14:00:00.000Z");
  const late = await problem(
    await post(app, admin, id, "assign", {
      scheduledAt: "9999-12-31T23:59:59-14:00",
      revision: data.revision,
    }),
    400,
  );
  assert.match(late.detail, /in the years 0001 to 9999 \(UTC\)/);
  // The years 1 to 99 are dates like any other (not 1901 to 1999).
  const early = await ok(
    await post(app, admin, id, "assign", { scheduledAt: "0099-01-01T10:00:00Z", revision: data.revision }),
  );
  assert.equal(early.match.scheduledAt, "0099-01-01T10:00:00.000Z");
  const last = await ok(
    await post(app, admin, id, "assign", { scheduledAt: "9999-12-31T23:59:59Z", revision: early.revision }),
  );
  assert.equal(last.match.scheduledAt, "9999-12-31T23:59:59.000Z");
});

storeTest(
  "[api] POST reopen takes a walkover imported with a first server back to scheduled",
  async (store) => {
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store);
    // The import accepts "firstServer" on a walkover (docs/import-format.md: it only defaults for a started
    // match), and /manage then offers "Take back the result" ("The match goes back to in progress.").
    const file = {
      format: "tt-event/1",
      event: {
        slug: "wo-open",
        name: "WO Open",
        venue: "Hall",
        startDate: "2026-11-28",
        endDate: "2026-11-28",
        status: "published",
        description: "x",
        posterUrl: null,
      },
      players: [{ id: "a", displayName: "Ana" }, { id: "b", displayName: "Bea" }],
      categories: [{
        id: "WS",
        name: "Women's singles",
        kind: "singles",
        format: "knockout",
        bestOf: 3,
        entries: [{ id: "e1", players: ["a"] }, { id: "e2", players: ["b"] }],
        draw: { state: "locked", size: 2, slots: ["e1", "e2"] },
        matches: [firstMatchWonByE1("F", { resultReason: "walkover", firstServer: "home" })],
      }],
    };
    await ok(await app.request("/api/manage/events/import", call(admin, "POST", file)), 201);
    const overview = await ok(await app.request("/api/manage/events/wo-open", call(admin, "GET")));
    const match = overview.matches[0];
    assert.equal(match.resultReasonCode, "walkover");
    const res = await app.request(
      `/api/manage/matches/${match.id}/reopen`,
      call(admin, "POST", { revision: match.revision }),
    );
    const data = await ok(res);
    assert.equal(data.match.status, "scheduled");
  },
);

storeTest(
  "[api] POST result enters a score sheet's games; a bad game or an unknown field is a 400",
  async (store) => {
    const { app, admin, id } = await setup(store);
    const games = [{ home: 11, away: 4 }, { home: 3, away: 11 }, { home: 12, away: 10 }];
    const data = await ok(await post(app, admin, id, "result", { games, revision: 0 }));
    assert.deepEqual([data.match.status, data.match.winnerSide, data.match.gameScores], [
      "completed",
      "home",
      games,
    ]);
    for (
      const [body, field] of [
        [{ games: [], revision: 1 }, "games"],
        [{ games: [{ home: 11, away: 100 }], revision: 1 }, "games.0.away"],
        [{ games: [{ home: 11 }], revision: 1 }, "games.0.away"],
        [{ games: games, revision: 1, winner: "home" }, "winner"],
      ] as const
    ) {
      const res = await post(app, admin, id, "result", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((await res.json()).field, field, JSON.stringify(body));
    }
  },
);
