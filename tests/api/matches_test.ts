import assert from "node:assert/strict";
import { apiClient } from "../support/api_client.ts";
import {
  bump,
  games,
  makeCategory,
  makeEntry,
  makeEvent,
  makeMatch,
  makePlayer,
  seedTournament,
} from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { tournamentTest } from "../support/tournament_test.ts";

storeTest(
  "[api] GET /api/v1/matches/:id serves a running match with its live block and prediction",
  async (store) => {
    const s = await seedTournament(store.db);
    const { status, res, body } = await apiClient(store).request(`/api/v1/matches/${s.matches.r1Running}`);
    assert.equal(status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    const { match, live, prediction } = body.data;
    assert.equal(match.status, "in_progress");
    assert.equal(match.matchKind, "tournament");
    assert.equal(match.stage, "knockout");
    assert.equal(match.stageLabel, "Quarter-final");
    assert.equal(match.roundNo, 1);
    assert.equal(match.bracketPos, 2);
    assert.equal(match.subeventId, s.knockout.id);
    assert.equal(match.eventId, s.event.id);
    assert.equal(match.groupId, null);
    assert.equal(match.groupName, null);
    assert.equal(match.tableNo, 3);
    assert.equal(match.bestOf, 5);
    assert.equal(match.homeName, "Karl Lund");
    assert.equal(match.awayName, "Leo Moss");
    assert.equal(match.winnerId, null);
    assert.equal(match.completedAt, null);
    assert.deepEqual(match.gameScores, [{ home: 8, away: 11 }, { home: 11, away: 4 }]);
    assert.deepEqual(match.gamesWon, { home: 1, away: 1 });
    assert.deepEqual(match.currentGame, { home: 10, away: 10 });
    assert.deepEqual(live, {
      started: true,
      gamesWon: { home: 1, away: 1 },
      currentGame: { home: 10, away: 10 },
      currentServer: "home",
      bestOf: 5,
    });
    assert.deepEqual(prediction, {
      pHome: 0.5,
      ciLow: 0.2,
      ciHigh: 0.8,
      confidenceLabel: "insufficient",
      createdAt: "2026-11-28T08:55:00.000Z",
      outcome: null,
    });
  },
);

storeTest(
  "[api] GET /api/v1/matches/:id serves a scheduled match with currentServer null and no prediction",
  async (store) => {
    const s = await seedTournament(store.db);
    const { body } = await apiClient(store).request(`/api/v1/matches/${s.matches.groupScheduled}`);
    assert.equal(body.data.match.status, "scheduled");
    assert.equal(body.data.match.scheduledAt, "2026-11-28T10:00:00.000Z");
    assert.deepEqual(body.data.live, {
      started: false,
      gamesWon: { home: 0, away: 0 },
      currentGame: { home: 0, away: 0 },
      currentServer: null,
      bestOf: 5,
    });
    assert.equal(body.data.prediction, null);
  },
);

tournamentTest(
  "[api] GET /api/v1/matches/:id serves a group match with its group and a finished match's result",
  async ({ s, api }) => {
    const done = (await api.request(`/api/v1/matches/${s.matches.groupDone}`)).body.data;
    assert.equal(done.match.stage, "group");
    assert.equal(done.match.groupId, s.groups.groupA);
    assert.equal(done.match.groupName, "A");
    assert.equal(done.match.winnerId, done.match.homeId);
    assert.deepEqual(done.match.gamesWon, { home: 3, away: 1 });
    assert.equal(done.live.currentServer, null);
    const walkover = (await api.request(`/api/v1/matches/${s.matches.groupWalkover}`)).body.data;
    assert.equal(walkover.match.resultReasonCode, "walkover");
    assert.deepEqual(walkover.match.gameScores, []);
    assert.equal(walkover.live.started, false, "a walkover was never played");
    const decided = (await api.request(`/api/v1/matches/${s.matches.r1Done}`)).body.data;
    assert.equal(decided.prediction.outcome, "home");
  },
);

storeTest("[api] GET /api/v1/matches/:id serves a retirement with its game count", async (store) => {
  const event = await makeEvent(store.db);
  const sub = await makeCategory(store.db, { event_id: event.id, draw_state: "locked" });
  const [p1, p2] = [await makePlayer(store.db), await makePlayer(store.db)];
  const [e1, e2] = [
    await makeEntry(store.db, { subevent_id: sub.id, player1_id: p1.id }),
    await makeEntry(store.db, { subevent_id: sub.id, player1_id: p2.id }),
  ];
  const m = await makeMatch(store.db, {
    event_id: event.id,
    subevent_id: sub.id,
    home_entry_id: e1.id,
    away_entry_id: e2.id,
    status: "completed",
    result_reason: "retired",
    retirement_after_game: 1,
    winner_entry_id: e2.id,
    games: games([11, 9]),
    current_home: 4,
    current_away: 2,
    started_at: "2026-11-28T09:00:00.000Z",
    completed_at: "2026-11-28T09:20:00.000Z",
  });
  const { body } = await apiClient(store).request(`/api/v1/matches/${m.id}`);
  assert.equal(body.data.match.resultReasonCode, "retired");
  assert.equal(body.data.match.retirementAfterGame, 1);
  assert.equal(body.data.match.winnerId, e2.id);
  assert.deepEqual(body.data.match.gamesWon, { home: 1, away: 0 });
});

tournamentTest(
  "[api] GET /api/v1/matches/:id answers 404 for open, draft-draw, unpublished, unknown and malformed ids",
  async ({ s, api, store }) => {
    const draftDrawMatch = await store.db.selectFrom("matches").select("id").where(
      "subevent_id",
      "=",
      s.draftKnockout.id,
    )
      .executeTakeFirstOrThrow();
    for (
      const id of [
        s.matches.semiOpen,
        s.matches.final,
        draftDrawMatch.id,
        s.draft.matchId,
        crypto.randomUUID(),
        "not-a-uuid",
        "00000000-0000-0000-0000-00000000000g",
        "%27%20OR%201=1--",
        "%E0%A4%A",
      ]
    ) {
      const { status, body } = await api.request(`/api/v1/matches/${id}`);
      assert.equal(status, 404, id);
      assert.equal(body.type, "/api#problem-not-found");
      assert.equal(body.instance, `/api/v1/matches/${id}`);
    }
  },
);

tournamentTest("[api] GET /api/v1/matches/:id shows a point to the next poll", async ({ s, api, store }) => {
  const first = await api.request(`/api/v1/matches/${s.matches.r1Running}`);
  const etag = first.res.headers.get("etag")!;
  assert.equal(
    (await api.request(`/api/v1/matches/${s.matches.r1Running}`, { headers: { "If-None-Match": etag } }))
      .status,
    304,
  );
  await store.db.updateTable("matches").set({ current_home: 11, current_away: 10, server: "away" })
    .where("id", "=", s.matches.r1Running).execute();
  await bump(store.db);
  const next = await api.request(`/api/v1/matches/${s.matches.r1Running}`, {
    headers: { "If-None-Match": etag },
  });
  assert.equal(next.status, 200);
  assert.deepEqual(next.body.data.live.currentGame, { home: 11, away: 10 });
  assert.equal(next.body.data.live.currentServer, "away");
  assert.notEqual(next.res.headers.get("etag"), etag);
});

storeTest(
  "[api] live.started is true for a completed match whose games were played, with no start time stored",
  async (store) => {
    const db = store.db;
    const event = await makeEvent(db);
    const sub = await makeCategory(db, { event_id: event.id });
    const a = await makePlayer(db, { display_name: "Ann Home" });
    const b = await makePlayer(db, { display_name: "Bea Away" });
    const home = await makeEntry(db, { subevent_id: sub.id, player1_id: a.id });
    const away = await makeEntry(db, { subevent_id: sub.id, player1_id: b.id });
    const match = await makeMatch(db, {
      event_id: event.id,
      subevent_id: sub.id,
      stage: "group",
      label: "Group A",
      home_entry_id: home.id,
      away_entry_id: away.id,
      status: "completed",
      winner_entry_id: home.id,
      games: games([8, 11], [11, 9], [12, 10], [11, 13], [11, 4]),
      started_at: null,
      completed_at: "2026-11-28T09:40:00.000Z",
    });
    const { status, body } = await apiClient(store).request(`/api/v1/matches/${match.id}`);
    assert.equal(status, 200);
    assert.deepEqual(body.data.match.gamesWon, { home: 3, away: 2 });
    assert.equal(body.data.live.started, true, "five games were played: play has begun");
  },
);
