import assert from "node:assert/strict";
import { Hono } from "hono";
import { silentLogger } from "../../lib/log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { CategoryFormat } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import { makeDrawSlot, makeEntry } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, T0 } from "./manage_fixtures.ts";
import { makeRatedCategory, openDraftDraw } from "../support/rated_category.ts";

/** A published event with one category of `entries` rated players (the first `seeds` seeded). */
function makeCategory(store: Store, o: { format?: CategoryFormat; entries: number; seeds?: number }) {
  return makeRatedCategory(store, {
    ...o,
    event: { status: "published", slug: `cup-${crypto.randomUUID().slice(0, 8)}` },
    category: { code: "WS", name: "Women's singles" },
    player: () => ({ prior_deviation: 80, prior_match_count: 10 }),
  });
}

async function setup(store: Store, o: Parameters<typeof makeCategory>[1]) {
  const c = await makeCategory(store, o);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  return { c, admin, app: manageApp(store) };
}

async function ok(res: Response, status = 200) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  return (await res.json()).data;
}

async function problem(res: Response, status: number, code: string) {
  assert.equal(res.status, status, await res.clone().text());
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  const body = await res.json();
  assert.equal(body.code, code);
  return body;
}

const drawUrl = (id: string) => `/api/manage/subevents/${id}/draw`;

/** Draws the category with the lot seed `lotSeed` and gives the 201 answer's data. */
const drawWithSeed = async (app: Hono, admin: string, categoryId: string, lotSeed: string) =>
  await ok(await app.request(drawUrl(categoryId), call(admin, "POST", { lotSeed })), 201);

interface Side {
  kind: string;
  label: string;
  entry: { id: string } | null;
}

storeTest(
  "[api] POST /api/manage/subevents/:id/draw draws a knockout; GET shows the draft",
  async (store) => {
    const { c, admin, app } = await setup(store, { entries: 6, seeds: 2 });
    const made = await drawWithSeed(app, admin, c.categoryId, "api-1");
    assert.deepEqual(
      [made.generated.lotSeed, made.generated.size, made.generated.drawState, made.generated.matchCount],
      ["api-1", 8, "draft", 5],
    );
    const draw = made.draw;
    assert.deepEqual([draw.drawState, draw.lotSeed, draw.size, draw.format], [
      "draft",
      "api-1",
      8,
      "knockout",
    ]);
    assert.deepEqual(draw.unassigned, []);
    assert.equal(draw.bracket.slots.filter((s: Side) => s.kind === "bye").length, 2);
    const first = draw.bracket.rounds[0];
    assert.equal(first.label, "Quarter-final");
    assert.deepEqual([first.matches[0].home.entry.id, first.matches[0].away.kind], [c.entryIds[0], "bye"]);
    assert.equal(first.matches[0].match, null, "no match for a bye");
    assert.equal(
      draw.bracket.rounds[1].matches[0].home.entry.id,
      c.entryIds[0],
      "the bye's player is in round 2",
    );
    assert.equal(draw.bracket.rounds[2].label, "Final");

    const shown = await ok(await app.request(drawUrl(c.categoryId), call(admin, "GET")));
    assert.deepEqual(shown.draw, draw);

    // The same seed again: the same draw; without a seed: a new lot.
    const again = await drawWithSeed(app, admin, c.categoryId, "api-1");
    assert.deepEqual(again.draw.bracket.slots, draw.bracket.slots);
    const fresh = await ok(await app.request(drawUrl(c.categoryId), call(admin, "POST")), 201);
    assert.match(fresh.generated.lotSeed, /^[0-9a-f]{32}$/);
  },
);

storeTest(
  "[api] a locked service draw is public with its byes as the management API showed it",
  async (store) => {
    const { c, admin, app } = await setup(store, { entries: 5, seeds: 2 });
    const made = await drawWithSeed(app, admin, c.categoryId, "pub");
    const publicApp = new Hono();
    publicApp.route("/", createApp({ store, log: silentLogger, clock: () => T0 }));
    const before = await publicApp.request(`/api/v1/subevents/${c.categoryId}/draw`);
    assert.equal(before.status, 200);
    assert.equal((await before.json()).data.draw, null, "a draft is not public");
    await ok(await app.request(`/api/manage/subevents/${c.categoryId}/lock`, call(admin, "POST")));
    const res = await publicApp.request(`/api/v1/subevents/${c.categoryId}/draw`);
    assert.equal(res.status, 200);
    const pub = (await res.json()).data.draw;
    const strip = (rounds: { matches: { home: Side; away: Side }[] }[]) =>
      rounds.map((r) => r.matches.map((m) => [m.home.kind, m.home.label, m.away.kind, m.away.label]));
    assert.deepEqual(strip(pub.rounds), strip(made.draw.bracket.rounds));
    assert.deepEqual(pub.slots.map((s: Side) => s.kind), made.draw.bracket.slots.map((s: Side) => s.kind));
  },
);

storeTest("[api] POST draw for groups feeding a knockout; a final group fills the bracket", async (store) => {
  const { c, admin, app } = await setup(store, { format: "groups_knockout", entries: 8, seeds: 2 });
  const made = await ok(
    await app.request(drawUrl(c.categoryId), call(admin, "POST", { groupSize: 4, qualifiersPerGroup: 2 })),
    201,
  );
  assert.equal(made.draw.groups.length, 2);
  assert.equal(made.draw.groups[0].label, "Group A");
  assert.equal(made.draw.groups[0].matches.length, 6);
  assert.ok(made.draw.bracket.slots.every((s: Side) => s.kind === "qualifier"));
  // Advancing from a group with undecided matches is refused.
  const p = await problem(
    await app.request(`${drawUrl(c.categoryId)}/advance`, call(admin, "POST", { group: "A" })),
    409,
    "group-not-complete",
  );
  assert.match(
    p.detail,
    /Cannot advance from "Group A": Player \d+ v Player \d+ \(.+, Group A\) is not decided yet/,
  );
  for (const m of made.draw.groups[0].matches) {
    await writeMatch(store, m.id, { type: "walkover", winner: "home" }, { actor: "t", now: T0 });
  }
  const shown = (await ok(await app.request(drawUrl(c.categoryId), call(admin, "GET")))).draw;
  const winner = made.draw.groups[0].members[0].entry.id;
  const slot = shown.bracket.slots.find((
    s: Side & { qualifier: { place: number; groupName: string } | null },
  ) => s.qualifier?.groupName === "A" && s.qualifier.place === 1);
  assert.deepEqual([slot.kind, slot.entry.id], ["entry", winner]);
  assert.equal(shown.standings[0].complete, true);
  const advanced = await ok(
    await app.request(`${drawUrl(c.categoryId)}/advance`, call(admin, "POST", { group: "A" })),
  );
  assert.equal(advanced.changed, false, "already placed when the last result was written");
  assert.deepEqual(advanced.placements.map((x: { state: string }) => x.state), ["placed", "placed"]);
});

storeTest("[api] draw routes refuse bad bodies with 400 naming the field", async (store) => {
  const { c, admin, app } = await setup(store, { format: "groups", entries: 6 });
  const cases: [unknown, string, RegExp][] = [
    [{ groupSize: 17 }, "groupSize", /Invalid "groupSize": expected a group size of 3 to 16, got 17/],
    [{ groupSize: 2 }, "groupSize", /got 2/],
    [{ qualifiersPerGroup: 3 }, "qualifiersPerGroup", /expected 1 or 2 qualifiers per group, got 3/],
    [{ lotSeed: "" }, "lotSeed", /Invalid "lotSeed": expected a lot seed of 1 to 200 characters/],
    [{ seed: "x" }, "seed", /unknown field "seed"/],
  ];
  for (const [body, field, message] of cases) {
    const p = await problem(
      await app.request(drawUrl(c.categoryId), call(admin, "POST", body)),
      400,
      "invalid-body",
    );
    assert.equal(p.field, field);
    assert.match(p.detail, message);
  }
  const ko = await makeCategory(store, { entries: 4 });
  const p = await problem(
    await app.request(drawUrl(ko.categoryId), call(admin, "POST", { groupSize: 4 })),
    400,
    "invalid-body",
  );
  assert.equal(p.field, "groupSize");
  const sub = await store.db.selectFrom("subevents").select("draw_state").where("id", "=", c.categoryId)
    .executeTakeFirstOrThrow();
  assert.equal(sub.draw_state, "none", "nothing written");
});

storeTest("[api] draw routes refuse what cannot be drawn or locked with 409 problems", async (store) => {
  const { c, admin, app } = await setup(store, { entries: 1 });
  let p = await problem(
    await app.request(drawUrl(c.categoryId), call(admin, "POST")),
    409,
    "too-few-entries",
  );
  assert.match(p.detail, /Cannot draw "Women's singles": it has 1 entry, at least 2 are needed/);

  const dup = await makeCategory(store, { entries: 3 });
  const player = await store.db.selectFrom("entries").select("player1_id").where("id", "=", dup.entryIds[0]!)
    .executeTakeFirstOrThrow();
  await makeEntry(store.db, { subevent_id: dup.categoryId, player1_id: player.player1_id });
  p = await problem(await app.request(drawUrl(dup.categoryId), call(admin, "POST")), 409, "duplicate-entry");
  assert.match(p.detail, /a player is entered twice/);

  const holes = await makeCategory(store, { entries: 2 });
  await openDraftDraw(store, holes.categoryId, 2);
  await makeDrawSlot(store.db, { subevent_id: holes.categoryId, position: 0, entry_id: holes.entryIds[0]! });
  await makeDrawSlot(store.db, { subevent_id: holes.categoryId, position: 1 });
  p = await problem(
    await app.request(`/api/manage/subevents/${holes.categoryId}/lock`, call(admin, "POST")),
    409,
    "draw-incomplete",
  );
  assert.match(p.detail, /Cannot lock the draw of "Women's singles": position 2 is assigned to nothing/);
  const shown = (await ok(await app.request(drawUrl(holes.categoryId), call(admin, "GET")))).draw;
  assert.deepEqual(shown.unassigned, [1]);

  const ready = await makeCategory(store, { entries: 4 });
  await ok(await app.request(drawUrl(ready.categoryId), call(admin, "POST")), 201);
  await ok(await app.request(`/api/manage/subevents/${ready.categoryId}/lock`, call(admin, "POST")));
  p = await problem(await app.request(drawUrl(ready.categoryId), call(admin, "POST")), 409, "draw-locked");
  assert.match(p.detail, /the draw is locked \(unlock first\)/);

  p = await problem(
    await app.request(`${drawUrl(ready.categoryId)}/advance`, call(admin, "POST", {})),
    409,
    "no-qualifiers",
  );
  await problem(await app.request(drawUrl("nope"), call(admin, "GET")), 404, "not-found");
  await problem(await app.request(drawUrl("nope"), call(admin, "POST")), 404, "not-found");
});

storeTest("[api] draw routes need an admin token", async (store) => {
  const { c, app } = await setup(store, { entries: 4 });
  const scorer = await makeToken(store.db, "scorer", { label: "Table 1" });
  for (
    const [method, url] of [["GET", drawUrl(c.categoryId)], ["POST", drawUrl(c.categoryId)], [
      "POST",
      `${drawUrl(c.categoryId)}/advance`,
    ]] as const
  ) {
    const p = await problem(await app.request(url, call(scorer, method)), 403, "forbidden");
    assert.match(p.detail, /needs an admin token/);
  }
  await problem(await app.request(drawUrl(c.categoryId), call(null, "GET")), 401, "unauthorized");
});

storeTest(
  "[api] POST /api/manage/subevents/:id/draw/advance records a lot by names; standings mark it",
  async (store) => {
    const { c, admin, app } = await setup(store, { format: "groups_knockout", entries: 6, seeds: 2 });
    await ok(
      await app.request(drawUrl(c.categoryId), call(admin, "POST", { groupSize: 3, qualifiersPerGroup: 1 })),
      201,
    );
    let draw = (await ok(await app.request(drawUrl(c.categoryId), call(admin, "GET")))).draw;
    const groupA = draw.groups[0];
    const ids: string[] = groupA.members.map((m: { entry: { id: string } }) => m.entry.id);
    const names = new Map<string, string>(
      groupA.members.map((m: { entry: { id: string; name: string } }) => [m.entry.id, m.entry.name]),
    );
    // A cycle of walkovers: level after every step of ITTF 3.7.5.
    const beats = new Map([[ids[0], ids[1]], [ids[1], ids[2]], [ids[2], ids[0]]]);
    for (const m of groupA.matches) {
      const homeWins = beats.get(m.homeId) === m.awayId;
      await writeMatch(store, m.id, { type: "walkover", winner: homeWins ? "home" : "away" }, {
        actor: "desk",
        now: T0,
      });
    }
    draw = (await ok(await app.request(drawUrl(c.categoryId), call(admin, "GET")))).draw;
    assert.equal(draw.standings[0].awaitingLot, true, "the console is told a lot is needed");
    assert.ok(draw.standings[0].rows.every((r: { tied: boolean }) => r.tied));

    const url = `${drawUrl(c.categoryId)}/advance`;
    let p = await problem(
      await app.request(url, call(admin, "POST", { group: "A", lots: ["Nobody Known"] })),
      400,
      "invalid-body",
    );
    assert.equal(p.field, "lots");
    assert.match(
      p.detail,
      /Invalid "lots\[0\]": "Nobody Known" is not a player of the group \(players: ".+"/,
    );
    const order = [ids[2]!, ids[0]!, ids[1]!].map((id) => names.get(id)!);
    p = await problem(
      await app.request(url, call(admin, "POST", { group: "A", lots: [order[0], order[0]!.toUpperCase()] })),
      400,
      "invalid-body",
    );
    assert.match(p.detail, /Invalid "lots\[1\]": ".+" is listed twice/);
    const advanced = await ok(
      await app.request(
        url,
        call(admin, "POST", { group: "Group A", lots: [` ${order[0]} `, ...order.slice(1)] }),
      ),
    );
    assert.deepEqual(
      advanced.placements.map((x: { state: string; entryId: string }) => [x.state, x.entryId]),
      [
        ["placed", ids[2]],
      ],
    );
    const rows = advanced.draw.standings[0].rows;
    assert.deepEqual(rows.map((r: { entry: { name: string } }) => r.entry.name), order);
    assert.ok(
      rows.every((r: { decidedByLot: boolean; decidedBy: string }) =>
        r.decidedByLot && r.decidedBy === "lot"
      ),
    );
    assert.equal(advanced.draw.standings[0].awaitingLot, false);

    // The public standings say so too, once the draw is locked.
    await ok(await app.request(`/api/manage/subevents/${c.categoryId}/lock`, call(admin, "POST")));
    const pub = createApp({ store, log: silentLogger, clock: () => T0 });
    const res = await pub.request(`/api/v1/subevents/${c.categoryId}/standings`);
    assert.equal(res.status, 200);
    const standings = (await res.json()).data.standings;
    assert.deepEqual(standings[0].rows.map((r: { decidedByLot: boolean }) => r.decidedByLot), [
      true,
      true,
      true,
    ]);
    assert.equal(standings[0].awaitingLot, false);
    assert.equal(standings[1].awaitingLot, false);
  },
);
