import assert from "node:assert/strict";
import { rankGroup } from "../../domain/standings.ts";
import { apiClient } from "../support/api_client.ts";
import {
  bump,
  games,
  makeCategory,
  makeDrawSlot,
  makeEntry,
  makeEvent,
  makeGroup,
  makeGroupMember,
  makeGroupOf,
  makeMatch,
  makePlayer,
  seedTournament,
} from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { tournamentTest } from "../support/tournament_test.ts";

type Side = { kind: string; label: string; entry: { id: string } | null };
type DrawMatch = { bracketPos: number; home: Side; away: Side; match: { id: string; status: string } | null };

storeTest(
  "[api] GET /api/v1/subevents/:id/draw serves every slot, round and label of a locked draw",
  async (store) => {
    const s = await seedTournament(store.db);
    const { status, body } = await apiClient(store).request(`/api/v1/subevents/${s.knockout.id}/draw`);
    assert.equal(status, 200);
    const draw = body.data.draw;
    assert.equal(draw.subeventId, s.knockout.id);
    assert.equal(draw.size, 8);
    assert.deepEqual(draw.slots.map((x: Side) => x.kind), [
      "entry",
      "bye",
      "entry",
      "entry",
      "entry",
      "entry",
      "bye",
      "entry",
    ]);
    assert.deepEqual(draw.slots.map((x: { position: number }) => x.position), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.equal(draw.slots[0].entry.seed, 1);
    assert.deepEqual(draw.rounds.map((r: { label: string }) => r.label), [
      "Quarter-final",
      "Semi-final",
      "Final",
    ]);
    assert.deepEqual(draw.rounds.map((r: { matches: unknown[] }) => r.matches.length), [4, 2, 1]);
    const [qf, sf, final] = draw.rounds.map((r: { matches: DrawMatch[] }) => r.matches) as DrawMatch[][];
    // A bye: no match, the entry goes through.
    assert.equal(qf![0]!.away.kind, "bye");
    assert.equal(qf![0]!.match, null);
    assert.equal(qf![1]!.match!.id, s.matches.r1Done);
    assert.equal(qf![2]!.match!.status, "in_progress");
    assert.equal(sf![0]!.match!.id, s.matches.semiScheduled);
    // The running quarter-final feeds the second semi-final: open, with a label.
    assert.equal(sf![1]!.home.kind, "open");
    assert.equal(sf![1]!.home.label, "Winner of Quarter-final 3");
    assert.equal(sf![1]!.away.entry!.id, s.knockout.entries[5]);
    assert.equal(sf![1]!.match, null);
    assert.equal(final![0]!.home.label, "Winner of Semi-final 1");
    assert.equal(final![0]!.away.label, "Winner of Semi-final 2");
  },
);

storeTest("[api] GET /api/v1/subevents/:id/draw labels group qualifiers still to be known", async (store) => {
  const s = await seedTournament(store.db);
  const { body } = await apiClient(store).request(`/api/v1/subevents/${s.groups.id}/draw`);
  const draw = body.data.draw;
  assert.deepEqual(draw.slots.map((x: Side) => x.label), [
    "1st Group A",
    "2nd Group B",
    "1st Group B",
    "2nd Group A",
  ]);
  assert.deepEqual(draw.slots[1].qualifier, { groupId: s.groups.groupB, groupName: "B", place: 2 });
  assert.deepEqual(draw.rounds.map((r: { label: string }) => r.label), ["Semi-final", "Final"]);
});

tournamentTest(
  "[api] GET /api/v1/subevents/:id/draw is null for a draft draw and for a groups-only category",
  async ({ s, api }) => {
    for (const id of [s.draftKnockout.id, s.doubles.id]) {
      const { status, body } = await api.request(`/api/v1/subevents/${id}/draw`);
      assert.equal(status, 200);
      assert.deepEqual(body.data, { draw: null });
    }
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/draw passes a bye's opponent through and two byes as a bye",
  async (store) => {
    const event = await makeEvent(store.db);
    const sub = await makeCategory(store.db, { event_id: event.id, draw_state: "locked", draw_size: 8 });
    const p = await makePlayer(store.db, { display_name: "Solo" });
    const e = await makeEntry(store.db, { subevent_id: sub.id, player1_id: p.id });
    // Slots: Solo, bye, two open slots, four byes.
    for (let position = 0; position < 8; position++) {
      await makeDrawSlot(store.db, {
        subevent_id: sub.id,
        position,
        entry_id: position === 0 ? e.id : null,
        is_bye: position === 1 || position >= 4 ? 1 : 0,
      });
    }
    const { body } = await apiClient(store).request(`/api/v1/subevents/${sub.id}/draw`);
    const rounds = body.data.draw.rounds as { matches: DrawMatch[] }[];
    assert.equal(rounds[1]!.matches[0]!.home.label, "Solo", "the bye's opponent goes through");
    assert.equal(rounds[1]!.matches[0]!.away.label, "Winner of Quarter-final 2");
    assert.equal(rounds[1]!.matches[1]!.home.kind, "bye", "two byes send nobody");
    assert.equal(rounds[0]!.matches[1]!.home.label, "To be decided");
    assert.equal(rounds[2]!.matches[0]!.away.kind, "bye");
  },
);

tournamentTest(
  "[api] GET /api/v1/subevents/:id/standings ranks each group by rankGroup on each read",
  async ({ s, api, store }) => {
    const { status, body } = await api.request(`/api/v1/subevents/${s.groups.id}/standings`);
    assert.equal(status, 200);
    const standings = body.data.standings;
    assert.deepEqual(standings.map((g: { name: string }) => g.name), ["A", "B"]);
    const [a1, a2, a3] = s.groups.entries;
    const expected = rankGroup([a1!, a2!, a3!], [
      { home: a1!, away: a2!, games: [[11, 7], [9, 11], [11, 8], [11, 9]], status: "completed", winner: a1! },
      { home: a2!, away: a3!, games: [], status: "walkover", winner: a2! },
    ]);
    assert.deepEqual(
      standings[0].rows.map((
        r: { entry: { id: string }; position: number; matchPoints: number; decidedBy: string },
      ) => [
        r.entry.id,
        r.position,
        r.matchPoints,
        r.decidedBy,
      ]),
      expected.map((r) => [r.player, r.position, r.matchPoints, r.decidedBy]),
    );
    assert.equal(standings[0].complete, false);
    const row = standings[0].rows.find((r: { entry: { id: string } }) => r.entry.id === a1);
    assert.deepEqual({ ...row, entry: undefined }, {
      position: 2,
      entry: undefined,
      played: 1,
      won: 1,
      lost: 0,
      matchPoints: 2,
      gamesWon: 3,
      gamesLost: 1,
      pointsWon: 42,
      pointsLost: 35,
      tied: false,
      decidedBy: "match_points",
      decidedByLot: false,
    });
    // A result changes the next read.
    await store.db.updateTable("matches").set({
      status: "completed",
      winner_entry_id: a3!,
      games: games([11, 1], [11, 2], [11, 3]),
    }).where("group_id", "=", s.groups.groupA).where("round_no", "=", 3).execute();
    await bump(store.db); // as every write does
    const after = await api.request(`/api/v1/subevents/${s.groups.id}/standings`);
    assert.equal(after.body.data.standings[0].complete, true);
    assert.ok(after.body.data.standings[0].rows.every((r: { tied: boolean }) => r.tied === false));
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/standings names doubles entries A / B and uses the stored lots",
  async (store) => {
    const event = await makeEvent(store.db);
    const sub = await makeCategory(store.db, { event_id: event.id, format: "groups", kind: "doubles" });
    const group = await makeGroup(store.db, { subevent_id: sub.id, name: "A" });
    const players = [];
    for (const name of ["Ann", "Bob", "Cid", "Dee"]) {
      players.push(
        await makePlayer(store.db, { display_name: name, association: name === "Bob" ? "Other" : "Same" }),
      );
    }
    const e1 = await makeEntry(store.db, {
      subevent_id: sub.id,
      player1_id: players[0]!.id,
      player2_id: players[1]!.id,
    });
    const e2 = await makeEntry(store.db, {
      subevent_id: sub.id,
      player1_id: players[2]!.id,
      player2_id: players[3]!.id,
    });
    await makeGroupMember(store.db, { group_id: group.id, entry_id: e1.id, position: 0, lot: 2 });
    await makeGroupMember(store.db, { group_id: group.id, entry_id: e2.id, position: 1, lot: 1 });
    const { body } = await apiClient(store).request(`/api/v1/subevents/${sub.id}/standings`);
    const rows = body.data.standings[0].rows;
    // Nothing played: level everywhere, so the lot order places them.
    assert.deepEqual(rows.map((r: { entry: { name: string } }) => r.entry.name), ["Cid / Dee", "Ann / Bob"]);
    assert.deepEqual(rows.map((r: { decidedBy: string }) => r.decidedBy), ["lot", "lot"]);
    assert.equal(rows[1].entry.association, "Same / Other");
    assert.equal(rows[0].entry.association, "Same");
    assert.equal(rows[0].entry.players.length, 2);
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/standings reports players level after every step as tied",
  async (store) => {
    const { category: sub } = await makeGroupOf(store.db, [{}, {}]);
    const { body } = await apiClient(store).request(`/api/v1/subevents/${sub.id}/standings`);
    assert.deepEqual(
      body.data.standings[0].rows.map((r: { position: number; tied: boolean }) => [r.position, r.tied]),
      [
        [1, true],
        [1, true],
      ],
    );
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/standings is an empty array for a category without groups",
  async (store) => {
    const s = await seedTournament(store.db);
    const { body } = await apiClient(store).request(`/api/v1/subevents/${s.knockout.id}/standings`);
    assert.deepEqual(body.data, { standings: [] });
  },
);

tournamentTest(
  "[api] GET /api/v1/subevents/:id/matches lists matches with both sides known, group stage first",
  async ({ s, api }) => {
    const ko = await api.request(`/api/v1/subevents/${s.knockout.id}/matches`);
    assert.deepEqual(ko.body.data.matches.map((m: { id: string }) => m.id), [
      s.matches.r1Done,
      s.matches.r1Running,
      s.matches.semiScheduled,
    ]);
    const groups = await api.request(`/api/v1/subevents/${s.groups.id}/matches`);
    const list = groups.body.data.matches as {
      stage: string;
      roundNo: number;
      groupName: string;
      homeName: string;
    }[];
    assert.equal(list.length, 5);
    assert.ok(list.every((m) => m.stage === "group"));
    assert.deepEqual(list.map((m) => [m.roundNo, m.groupName]), [[1, "A"], [1, "B"], [2, "A"], [2, "B"], [
      3,
      "A",
    ]]);
    const doubles = await api.request(`/api/v1/subevents/${s.doubles.id}/matches`);
    assert.match(doubles.body.data.matches[0].homeName, /^.+ \/ .+$/);
  },
);

tournamentTest(
  "[api] GET /api/v1/subevents/:id/matches serves the same Match object as /matches/:id",
  async ({ s, api }) => {
    const { body } = await api.request(`/api/v1/subevents/${s.groups.id}/matches`);
    for (const m of body.data.matches) {
      const one = await api.request(`/api/v1/matches/${m.id}`);
      assert.deepEqual(one.body.data.match, m);
    }
  },
);

storeTest("[api] GET /api/v1/subevents/:id/matches hides knockout matches of a draft draw", async (store) => {
  const s = await seedTournament(store.db);
  const { body } = await apiClient(store).request(`/api/v1/subevents/${s.draftKnockout.id}/matches`);
  assert.deepEqual(body.data.matches, []);
});

tournamentTest(
  "[api] GET /api/v1/subevents/:id/... answers 404 for unknown, malformed and unpublished categories",
  async ({ s, api, store }) => {
    const ids = [crypto.randomUUID(), s.draft.categoryId, "not-a-uuid", "%27%20OR%201=1--", "1".repeat(300)];
    for (const id of ids) {
      for (const what of ["draw", "standings", "matches"]) {
        const { status, body } = await api.request(`/api/v1/subevents/${id}/${what}`);
        assert.equal(status, 404, `${what} ${id}`);
        assert.equal(body.title, "Not found");
      }
    }
    // A category of an event unpublished after the fact disappears with it.
    await store.db.updateTable("events").set({ status: "draft" }).where("id", "=", s.event.id).execute();
    assert.equal((await api.request(`/api/v1/subevents/${s.knockout.id}/matches`)).status, 404);
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/matches keeps knockout rounds in order after group rounds",
  async (store) => {
    const event = await makeEvent(store.db);
    const sub = await makeCategory(store.db, {
      event_id: event.id,
      format: "groups_knockout",
      draw_state: "locked",
    });
    const group = await makeGroup(store.db, { subevent_id: sub.id });
    const e = [];
    for (let i = 0; i < 2; i++) {
      const p = await makePlayer(store.db);
      e.push(await makeEntry(store.db, { subevent_id: sub.id, player1_id: p.id }));
    }
    const both = {
      event_id: event.id,
      subevent_id: sub.id,
      home_entry_id: e[0]!.id,
      away_entry_id: e[1]!.id,
    };
    const ko = await makeMatch(store.db, { ...both, round_no: 1, label: "Final" });
    const g2 = await makeMatch(store.db, { ...both, stage: "group", group_id: group.id, round_no: 2 });
    const g1 = await makeMatch(store.db, { ...both, stage: "group", group_id: group.id, round_no: 1 });
    const { body } = await apiClient(store).request(`/api/v1/subevents/${sub.id}/matches`);
    assert.deepEqual(body.data.matches.map((m: { id: string }) => m.id), [g1.id, g2.id, ko.id]);
    assert.equal(body.data.matches[0].stageLabel, "Group A", "an empty stored label falls back to the group");
  },
);

storeTest(
  "[api] GET /api/v1/subevents/:id/matches serves knockout matches imported without a draw",
  async (store) => {
    const event = await makeEvent(store.db);
    const sub = await makeCategory(store.db, { event_id: event.id, format: "knockout", draw_state: "none" });
    const [p1, p2] = [await makePlayer(store.db), await makePlayer(store.db)];
    const e1 = await makeEntry(store.db, { subevent_id: sub.id, player1_id: p1.id });
    const e2 = await makeEntry(store.db, { subevent_id: sub.id, player1_id: p2.id });
    const m = await makeMatch(store.db, {
      event_id: event.id,
      subevent_id: sub.id,
      label: "Final",
      home_entry_id: e1.id,
      away_entry_id: e2.id,
    });
    const api = apiClient(store);
    const { body } = await api.request(`/api/v1/subevents/${sub.id}/matches`);
    assert.deepEqual(body.data.matches.map((x: { id: string }) => x.id), [m.id]);
    assert.equal((await api.request(`/api/v1/matches/${m.id}`)).status, 200);
    assert.deepEqual((await api.request(`/api/v1/subevents/${sub.id}/draw`)).body.data, { draw: null });
  },
);

tournamentTest(
  "[api] GET /api/v1/subevents/:id/matches?status= keeps the matches with those statuses, in the list's order",
  async ({ s, api }) => {
    const path = `/api/v1/subevents/${s.groups.id}/matches`;
    const all: { id: string; status: string }[] = (await api.request(path)).body.data.matches;
    for (
      const filter of ["in_progress", "scheduled,in_progress", "completed", "completed&status=scheduled"]
    ) {
      const wanted = filter.replace("&status=", ",").split(",");
      const { status, body } = await api.request(`${path}?status=${filter}`);
      assert.equal(status, 200, filter);
      assert.deepEqual(body.data.matches, all.filter((m) => wanted.includes(m.status)), filter);
    }
    // Every status is no filter: the same answer, the same ETag.
    const every = await api.request(`${path}?status=completed,scheduled,in_progress`);
    const plain = await api.request(path);
    assert.equal(every.res.headers.get("ETag"), plain.res.headers.get("ETag"));
    const bad = await api.request(`${path}?status=finished`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, "status");
    assert.match(bad.body.detail, /expected one or more of scheduled, in_progress, completed/);
  },
);
