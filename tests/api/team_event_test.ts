/**
 * A team event from the event file to the end through the management API (docs/teams.md): a group of four teams
 * and a knockout of eight, each tie's line-ups entered and published, each match scored as any match, the ties
 * following their matches, and the public resources of ties.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { importEvent } from "../../event_file/import.ts";
import { entryIdFor, matchIdFor, playerIdFor } from "../../db/ids.ts";
import { playerIdKey } from "../../db/player_id_key.ts";
import type { Store } from "../../db/store.ts";
import { apiClient } from "../support/api_client.ts";
import { predictTie, tieWinProbability } from "../../domain/tie_probability.ts";
import { storeTest } from "../support/stores.ts";
import { TEAM_SLUG, teamEventFile, teamPlayers } from "../support/team_event.ts";
import { call, makeToken, manageApp, T0 } from "./manage_fixtures.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

interface Ctx {
  store: Store;
  app: Hono;
  token: string;
  player: (key: string) => string;
}

async function setUp(store: Store): Promise<Ctx> {
  await importEvent(store, teamEventFile(2), () => T0);
  const key = await playerIdKey(store.db);
  return {
    store,
    app: manageApp(store, () => T0),
    token: await makeToken(store.db, "admin"),
    player: (p) => playerIdFor(TEAM_SLUG, p, undefined, key),
  };
}

const tieId = (category: string, key: string) => matchIdFor(TEAM_SLUG, category, key);
const teamId = (category: string, key: string) => entryIdFor(TEAM_SLUG, category, key);

async function manage(ctx: Ctx, method: string, path: string, body?: unknown) {
  const res = await ctx.app.request(`/api/manage${path}`, call(ctx.token, method, body));
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() as Json };
}

/** A line-up of a team: its players 1, 2, 3 at the side's positions. */
function lineup(ctx: Ctx, team: string, side: "home" | "away") {
  const [p1, p2, p3] = teamPlayers(team).map(ctx.player);
  return { positions: side === "home" ? { A: p1, B: p2, C: p3 } : { X: p1, Y: p2, Z: p3 } };
}

/** Publishes both line-ups of a tie between these teams; returns its matches' ids. */
async function publish(ctx: Ctx, id: string, home: string, away: string): Promise<string[]> {
  const put = await manage(ctx, "PUT", `/ties/${id}/lineups`, {
    home: lineup(ctx, home, "home"),
    away: lineup(ctx, away, "away"),
    publish: true,
  });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  return put.body.data.matchIds;
}

/** Scores a match of a tie by its whole result: `winner` wins 3-0. */
async function score(ctx: Ctx, matchId: string, winner: "home" | "away") {
  const read = await manage(ctx, "GET", `/matches/${matchId}`);
  assert.equal(read.status, 200, JSON.stringify(read.body));
  const game = winner === "home" ? { home: 11, away: 5 } : { home: 5, away: 11 };
  const res = await manage(ctx, "POST", `/matches/${matchId}/result`, {
    games: [game, game, game],
    revision: read.body.data.revision,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** Plays a tie: publishes the line-ups and scores its matches in order with these winners until it is decided. */
async function playTie(ctx: Ctx, id: string, home: string, away: string, winners: string): Promise<void> {
  const ids = await publish(ctx, id, home, away);
  assert.equal(ids.length, 5);
  for (const [i, w] of [...winners].entries()) await score(ctx, ids[i]!, w === "H" ? "home" : "away");
}

storeTest("[api] a team event is played through the management API to its final", async (store) => {
  const ctx = await setUp(store);
  const client = apiClient(store);

  // The group: two ties came with the file, four are played here.
  const g3 = tieId("WTG", "G3");
  const before = await manage(ctx, "GET", `/ties/${g3}`);
  assert.equal(before.status, 200);
  assert.equal(before.body.data.tie.status, "scheduled");
  assert.deepEqual(before.body.data.tie.matches.map((m: Json) => m.match), [null, null, null, null, null]);

  // A line-up with a player of another team is refused, naming the side.
  const wrong = await manage(ctx, "PUT", `/ties/${g3}/lineups`, {
    home: { positions: { A: ctx.player("fra1"), B: ctx.player("chn2"), C: ctx.player("chn3") } },
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.type, "application/problem+json");
  assert.match(wrong.body.detail, /^Invalid "home": player ".+" is not a player of the team$/);
  // Publishing without both line-ups is refused.
  const early = await manage(ctx, "POST", `/ties/${g3}/publish`);
  assert.equal(early.status, 409);
  assert.match(early.body.detail, /both line-ups are needed/);

  const g3Matches = await publish(ctx, g3, "CHN", "GER");
  await score(ctx, g3Matches[0]!, "home");
  // Once the tie has begun its line-ups stay.
  const late = await manage(ctx, "PUT", `/ties/${g3}/lineups`, { home: lineup(ctx, "CHN", "home") });
  assert.equal(late.status, 409);
  assert.equal(late.type, "application/problem+json");
  assert.match(late.body.detail, /^Cannot change the line-ups of tie ".+": the tie has begun$/);
  await score(ctx, g3Matches[1]!, "home");
  await score(ctx, g3Matches[2]!, "home");
  // 3-0: the tie is decided, its last two matches are not played.
  const decided = await client.request(`/api/v1/ties/${g3}`);
  assert.equal(decided.status, 200);
  assert.equal(decided.res.headers.get("content-type"), "application/json");
  assert.match(decided.res.headers.get("cache-control") ?? "", /s-maxage=10/);
  const tie = decided.body.data.tie;
  assert.equal(tie.status, "completed");
  assert.deepEqual(tie.score, { home: 3, away: 0 });
  assert.equal(tie.winnerId, teamId("WTG", "CHN"));
  assert.equal(tie.home.name, "Team CHN");
  assert.deepEqual(tie.lineups.home.positions.A, ctx.player("chn1"));
  assert.deepEqual(tie.matches.map((m: Json) => m.status), [
    "completed",
    "completed",
    "completed",
    "not_needed",
    "not_needed",
  ]);
  assert.equal(tie.matches[0].match.tieId, g3);
  assert.equal(tie.matches[0].match.stage, "group");
  assert.equal(tie.matches[0].match.homeName, "CHN Player 1");
  assert.equal(
    (await store.db.selectFrom("matches").select("id").where("tie_id", "=", g3).execute()).length,
    3,
  );
  // The tie is the group match between the teams: the category's matches list it, decided.
  const groupMatch = await client.request(`/api/v1/matches/${g3}`);
  assert.equal(groupMatch.body.data.match.status, "completed");
  assert.equal(groupMatch.body.data.match.winnerId, teamId("WTG", "CHN"));
  // The tie itself has no match prediction (the rows that stand for the teams have no rating of their own);
  // its matches have theirs.
  assert.equal(groupMatch.body.data.prediction, null);
  // A match of the tie names it.
  const single = await client.request(`/api/v1/matches/${g3Matches[0]}`);
  assert.equal(single.body.data.match.tieId, g3);
  assert.equal(single.body.data.match.tieOrder, 1);
  assert.ok(single.body.data.prediction);

  await playTie(ctx, tieId("WTG", "G4"), "JPN", "FRA", "HAHH");
  await playTie(ctx, tieId("WTG", "G5"), "CHN", "JPN", "AHHAH");
  await playTie(ctx, tieId("WTG", "G6"), "GER", "FRA", "AAA");
  // The standings count ties: CHN won 3, JPN 2, FRA 1 (G6), GER 0.
  const standings = await client.request(`/api/v1/subevents/${await categoryId(store, "WTG")}/standings`);
  assert.equal(standings.status, 200);
  const rows = standings.body.data.standings[0].rows as Json[];
  assert.deepEqual(rows.map((r) => [r.entry.name, r.won, r.matchPoints]), [
    ["Team CHN", 3, 6],
    ["Team JPN", 2, 5],
    ["Team FRA", 1, 4],
    ["Team GER", 0, 3],
  ]);

  // The knockout: the home team of each tie wins; each winner goes on like a match winner.
  const ko = ["KOR", "SWE", "BRA", "EGY", "TPE", "POR", "IND", "USA"];
  for (let p = 0; p < 4; p++) {
    await playTie(ctx, tieId("WTK", `K1-${p}`), ko[2 * p]!, ko[2 * p + 1]!, "HHH");
  }
  const semi = await client.request(`/api/v1/ties/${tieId("WTK", "K2-0")}`);
  assert.equal(semi.status, 200);
  assert.equal(semi.body.data.tie.home.name, "Team KOR");
  assert.equal(semi.body.data.tie.away.name, "Team BRA");
  assert.equal(semi.body.data.tie.status, "scheduled");
  await playTie(ctx, tieId("WTK", "K2-0"), "KOR", "BRA", "AAHA");
  await playTie(ctx, tieId("WTK", "K2-1"), "TPE", "IND", "HHAH");
  await playTie(ctx, tieId("WTK", "K3-0"), "BRA", "TPE", "HAHAH");
  const final = await client.request(`/api/v1/ties/${tieId("WTK", "K3-0")}`);
  assert.equal(final.body.data.tie.stageLabel, "Final");
  assert.equal(final.body.data.tie.winnerId, teamId("WTK", "BRA"));
  assert.deepEqual(final.body.data.tie.score, { home: 3, away: 2 });

  // The category lists its ties and says where they are.
  const wtk = await categoryId(store, "WTK");
  const list = await client.request(`/api/v1/subevents/${wtk}/ties`);
  assert.equal(list.status, 200);
  assert.equal(list.body.data.ties.length, 7);
  assert.ok(list.body.data.ties.every((t: Json) => t.status === "completed"));
  const event = await client.request(`/api/v1/events/${TEAM_SLUG}`);
  const category = (event.body.data.subevents ?? event.body.data.event.subevents).find((s: Json) =>
    s.id === wtk
  );
  assert.equal(category.kind, "team");
  assert.equal(category.ties, `/api/v1/subevents/${wtk}/ties`);
  assert.equal(category.entryCount, 8);

  // The event's players are the teams' players, not the teams.
  const people = await client.request(`/api/v1/events/${TEAM_SLUG}/players?limit=100`);
  assert.equal(people.status, 200);
  const names = (people.body.data.players as Json[]).map((p) => p.displayName as string);
  assert.ok(names.includes("CHN Player 1"));
  assert.ok(!names.some((n) => n.startsWith("Team ")));

  // Unknown ties are a 404 in problem JSON.
  const missing = await client.request(`/api/v1/ties/${crypto.randomUUID()}`);
  assert.equal(missing.status, 404);
  assert.equal(missing.res.headers.get("content-type"), "application/problem+json");

  // Every change was audited.
  const audit = await store.db.selectFrom("audit_log").select("action").where("action", "like", "tie.%")
    .execute();
  assert.equal(audit.filter((a) => a.action === "tie.publish").length, 4 + 7);
});

async function categoryId(store: Store, code: string): Promise<string> {
  const row = await store.db.selectFrom("subevents").select("id").where("code", "=", code)
    .executeTakeFirstOrThrow();
  return row.id;
}

storeTest(
  "[api] a tie itself is not scored: its matches are, and only they are on the umpire's list",
  async (store) => {
    const ctx = await setUp(store);
    const g3 = tieId("WTG", "G3");
    const read = await manage(ctx, "GET", `/matches/${g3}`);
    assert.equal(read.status, 200);
    const point = await manage(ctx, "POST", `/matches/${g3}/start`, {
      firstServer: "home",
      revision: read.body.data.revision,
    });
    assert.equal(point.status, 409);
    assert.equal(point.type, "application/problem+json");
    assert.match(point.body.detail, /it is a tie of a team event, whose matches are scored one by one/);
    const ids = await publish(ctx, g3, "CHN", "GER");
    const list = await manage(ctx, "GET", "/matches");
    const listed = (list.body.data.matches as Json[]).map((m) => m.id);
    assert.ok(ids.every((id) => listed.includes(id)));
    assert.ok(!listed.includes(g3));
  },
);

storeTest(
  "[api] a tie with no line-up row yet (a draw made on the day) takes its line-ups",
  async (store) => {
    const ctx = await setUp(store);
    const id = tieId("WTK", "K1-0");
    await store.db.deleteFrom("ties").where("match_id", "=", id).execute();
    const before = await apiClient(store).request(`/api/v1/ties/${id}`);
    assert.equal(before.status, 200);
    assert.equal(before.body.data.tie.format.id, "wttc");
    // What each line-up names, for a client that builds the line-ups form (domain/team_formats.ts positionsOf).
    assert.deepEqual(before.body.data.tie.format.sides, {
      home: { positions: ["A", "B", "C"], pair: false },
      away: { positions: ["X", "Y", "Z"], pair: false },
    });
    assert.equal(before.body.data.tie.lineups, null);
    assert.equal((await publish(ctx, id, "KOR", "SWE")).length, 5);
  },
);

storeTest(
  "[api] an Olympic tie opens with the doubles B&C against Y&Z, scored as a doubles",
  async (store) => {
    const file = teamEventFile(0);
    file.categories[1]!.teamFormat = "olympic";
    await importEvent(store, file, () => T0);
    const key = await playerIdKey(store.db);
    const ctx: Ctx = {
      store,
      app: manageApp(store, () => T0),
      token: await makeToken(store.db, "admin"),
      player: (p) => playerIdFor(TEAM_SLUG, p, undefined, key),
    };
    const id = tieId("WTK", "K1-0");
    const ids = await publish(ctx, id, "KOR", "SWE");
    const tie = (await apiClient(store).request(`/api/v1/ties/${id}`)).body.data.tie;
    assert.deepEqual(tie.matches.map((m: Json) => m.type), [
      "doubles",
      "singles",
      "singles",
      "singles",
      "singles",
    ]);
    assert.deepEqual(tie.format.sides.home, { positions: ["B", "C", "A"], pair: false });
    assert.equal(tie.matches[0].match.homeName, "KOR Player 2 / KOR Player 3");
    assert.equal(tie.matches[0].match.awayName, "SWE Player 2 / SWE Player 3");
    assert.equal(tie.matches[1].match.homeName, "KOR Player 1");
    // The doubles is started as a doubles: the order of service names its players.
    const read = await manage(ctx, "GET", `/matches/${ids[0]}`);
    const start = await manage(ctx, "POST", `/matches/${ids[0]}/start`, {
      firstServer: "home",
      server: "home1",
      receiver: "away1",
      revision: read.body.data.revision,
    });
    assert.equal(start.status, 200, JSON.stringify(start.body));
    for (const i of [1, 2, 3]) await score(ctx, ids[i]!, "home");
    const after = (await apiClient(store).request(`/api/v1/ties/${id}`)).body.data.tie;
    assert.deepEqual(after.score, { home: 3, away: 0 });
    assert.equal(after.status, "completed");
    // The doubles still running when the tie was decided is not needed.
    assert.equal(after.matches[0].status, "in_progress");
    assert.equal(after.matches[4].status, "not_needed");
  },
);

storeTest(
  "[api] a correction that reopens a decided tie brings its matches back and its winner out",
  async (store) => {
    const ctx = await setUp(store);
    const id = tieId("WTK", "K1-0");
    const ids = await publish(ctx, id, "KOR", "SWE");
    for (const i of [0, 1, 2]) await score(ctx, ids[i]!, "home");
    const semi = tieId("WTK", "K2-0");
    assert.equal((await manage(ctx, "GET", `/ties/${semi}`)).body.data.tie.home.name, "Team KOR");
    // The third match's score sheet was wrong: SWE won it. The tie is 2-1 and goes on.
    await score(ctx, ids[2]!, "away");
    const tie = (await manage(ctx, "GET", `/ties/${id}`)).body.data.tie;
    assert.equal(tie.status, "in_progress");
    assert.deepEqual(tie.score, { home: 2, away: 1 });
    assert.deepEqual(tie.matches.map((m: Json) => m.match?.status ?? null), [
      "completed",
      "completed",
      "completed",
      "scheduled",
      "scheduled",
    ]);
    assert.equal((await manage(ctx, "GET", `/ties/${semi}`)).body.data.tie.home, null);
    await score(ctx, ids[3]!, "home");
    assert.equal((await manage(ctx, "GET", `/ties/${semi}`)).body.data.tie.home.name, "Team KOR");
  },
);

storeTest(
  "[api] a team category drawn again on the day draws its teams, and its ties take line-ups",
  async (store) => {
    const ctx = await setUp(store);
    const wtk = await categoryId(store, "WTK");
    const roster = await manage(ctx, "GET", `/subevents/${wtk}/entries`);
    assert.equal(roster.status, 200);
    assert.equal(roster.body.data.category.entries.length, 8);
    assert.equal((await manage(ctx, "POST", `/subevents/${wtk}/unlock`)).status, 200);
    const drawn = await manage(ctx, "POST", `/subevents/${wtk}/draw`, { lotSeed: "again" });
    assert.equal(drawn.status, 201, JSON.stringify(drawn.body));
    assert.equal((await manage(ctx, "POST", `/subevents/${wtk}/lock`)).status, 200);
    const first = await store.db.selectFrom("matches").select(["id", "home_entry_id", "away_entry_id"])
      .where("subevent_id", "=", wtk).where("stage", "=", "knockout").where("round_no", "=", 1)
      .where("bracket_pos", "=", 0).executeTakeFirstOrThrow();
    const teams = await store.db.selectFrom("teams").select(["entry_id", "code"]).where(
      "subevent_id",
      "=",
      wtk,
    )
      .execute();
    const code = (id: string | null) => teams.find((t) => t.entry_id === id)!.code;
    const ids = await publish(ctx, first.id, code(first.home_entry_id), code(first.away_entry_id));
    assert.equal(ids.length, 5);
    const tie = await apiClient(store).request(`/api/v1/ties/${first.id}`);
    assert.equal(tie.status, 200);
    assert.equal(tie.body.data.tie.matches[0].match.tieId, first.id);
  },
);

storeTest(
  "[api] a tie's prediction is frozen from its matches' when the line-ups are published, and its live chance moves with each result",
  async (store) => {
    const ctx = await setUp(store);
    const client = apiClient(store);
    const g3 = tieId("WTG", "G3");
    const tieNow = async () => (await client.request(`/api/v1/ties/${g3}`)).body.data.tie;
    assert.equal((await tieNow()).prediction, null, "no line-ups yet: no prediction");

    const ids = await publish(ctx, g3, "CHN", "GER");
    const matchPredictions = await Promise.all(
      ids.map(async (id) => (await client.request(`/api/v1/matches/${id}`)).body.data.prediction),
    );
    const expected = predictTie(matchPredictions, 3);
    const before = (await tieNow()).prediction;
    assert.ok(before, "published: a prediction");
    assert.equal(before.pHome, expected.pHome);
    assert.deepEqual([before.ciLow, before.ciHigh, before.confidenceLabel], [
      expected.ciLow,
      expected.ciHigh,
      expected.confidenceLabel,
    ]);
    assert.ok(before.ciLow <= before.pHome && before.pHome <= before.ciHigh);
    assert.equal(before.live, before.pHome, "before the first match, the live chance is the frozen one");

    await score(ctx, ids[0]!, "away");
    const after1 = (await tieNow()).prediction;
    assert.equal(after1.pHome, before.pHome, "the frozen prediction stays");
    const rest = matchPredictions.slice(1).map((p) => p.pHome as number);
    assert.equal(after1.live, tieWinProbability(rest, 0, 1, 3), "0-1: from the four matches left");
    assert.ok(after1.live < before.live);

    for (const id of ids.slice(1, 4)) await score(ctx, id, "home");
    const decided = await tieNow();
    assert.deepEqual([decided.score, decided.prediction.live], [{ home: 3, away: 1 }, 1]);
  },
);

storeTest(
  "[api] a team group's standings count ties, then individual matches (ITTF 3.7.5 for team events)",
  async (store) => {
    await importEvent(store, teamEventFile(6), () => T0);
    const res = await apiClient(store).request(
      `/api/v1/subevents/${await categoryId(store, "WTG")}/standings`,
    );
    assert.equal(res.status, 200);
    const [group] = res.body.data.standings as Json[];
    assert.equal(group!.complete, true);
    // Every tie was won 3-1 by its home team: CHN three ties, JPN two, GER one, FRA none.
    assert.deepEqual(
      (group!.rows as Json[]).map((r) => [
        r.entry.name,
        r.played,
        r.won,
        r.matchPoints,
        r.matchesWon,
        r.matchesLost,
        r.decidedBy,
      ]),
      [
        ["Team CHN", 3, 3, 6, 9, 3, "match_points"],
        ["Team JPN", 3, 2, 5, 7, 5, "match_points"],
        ["Team GER", 3, 1, 4, 5, 7, "match_points"],
        ["Team FRA", 3, 0, 3, 3, 9, "match_points"],
      ],
    );
  },
);
