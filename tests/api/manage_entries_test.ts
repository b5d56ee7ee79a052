import assert from "node:assert/strict";
import type { Hono } from "hono";
import { listAudit } from "../../db/audit.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { CategoryFormat } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { makePlayer } from "../support/fixtures.ts";
import { makeRatedCategory } from "../support/rated_category.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, T0 } from "./manage_fixtures.ts";

/** A published event with a category of `entries` rated players, an admin token ("Desk") and the API. */
async function setup(store: Store, o: { format?: CategoryFormat; entries: number; doubles?: boolean }) {
  const slug = `day-${crypto.randomUUID().slice(0, 8)}`;
  const category = { code: "MS", name: "Men's singles" };
  return {
    c: await makeRatedCategory(store, { ...o, event: { status: "published", slug }, category }),
    admin: await makeToken(store.db, "admin", { label: "Desk" }),
    app: manageApp(store),
  };
}

/** The answer's `data` once its status is checked; for a problem (`code` given), the problem itself. */
async function answer(res: Response, status: number, code?: string) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  const type = res.headers.get("Content-Type") ?? "";
  const body = JSON.parse(text);
  if (code === undefined) {
    assert.match(type, /^application\/json/);
    return body.data;
  }
  assert.equal(type, "application/problem+json");
  assert.equal(body.code, code);
  return body;
}

const ok = (res: Response, status = 200) => answer(res, status);
const problem = (res: Response, status: number, code: string) => answer(res, status, code);

const entriesUrl = (id: string) => `/api/manage/subevents/${id}/entries`;
const withdrawUrl = (id: string, entryId: string) =>
  `/api/manage/subevents/${id}/entries/${entryId}/withdraw`;

async function drawAndLock(app: Hono, admin: string, id: string, body: Record<string, unknown> = {}) {
  await ok(
    await app.request(`/api/manage/subevents/${id}/draw`, call(admin, "POST", { lotSeed: "x", ...body })),
    201,
  );
  await ok(await app.request(`/api/manage/subevents/${id}/lock`, call(admin, "POST")));
  return await ok(await app.request(`/api/manage/subevents/${id}/draw`, call(admin, "GET")));
}

storeTest(
  "[api] POST /api/manage/subevents/:id/entries adds a late entry that the draw then takes",
  async (store) => {
    const { c, admin, app } = await setup(store, { entries: 4 });
    const added = await ok(
      await app.request(
        entriesUrl(c.categoryId),
        call(admin, "POST", { players: [{ name: "Late Comer", association: "Westbrook", rating: 1650 }] }),
      ),
      201,
    );
    assert.equal(added.entry.name, "Late Comer");
    assert.equal(added.entry.association, "Westbrook");
    assert.equal(added.inDraw, false);
    const listed = await ok(await app.request(entriesUrl(c.categoryId), call(admin, "GET")));
    assert.equal(listed.category.entries.length, 5);
    const late = listed.category.entries.find((e: { id: string }) => e.id === added.entry.id);
    assert.equal(late.players[0].rating, 1650);
    // The same player again, and a pair in a singles category, are refused.
    const again = { players: [{ playerId: late.players[0].id }] };
    await problem(
      await app.request(entriesUrl(c.categoryId), call(admin, "POST", again)),
      409,
      "duplicate-entry",
    );
    const pair = { players: [{ name: "A" }, { name: "B" }] };
    const refused = await problem(
      await app.request(entriesUrl(c.categoryId), call(admin, "POST", pair)),
      400,
      "invalid-body",
    );
    assert.equal(refused.field, "players");
    await problem(
      await app.request(entriesUrl(c.categoryId), call(admin, "POST", { players: [{ name: "" }] })),
      400,
      "invalid-body",
    );
    await problem(
      await app.request(entriesUrl(crypto.randomUUID()), call(admin, "POST", pair)),
      404,
      "not-found",
    );
    const draw = await drawAndLock(app, admin, c.categoryId);
    const drawn = JSON.stringify(draw.draw.bracket);
    assert.ok(drawn.includes(added.entry.id), "the late entry is in the draw");
    const audit = await listAudit(store.db, { actions: ["entry.add"] });
    assert.equal(audit.length, 1);
    assert.equal(audit[0]?.actor, "Desk");
  },
);

storeTest("[api] a withdrawal before the draw: the entry leaves the category", async (store) => {
  const { c, admin, app } = await setup(store, { entries: 4 });
  const done = await ok(await app.request(withdrawUrl(c.categoryId, c.entryIds[3]!), call(admin, "POST")));
  assert.equal(done.withdrawal.outcome, "left");
  const listed = await ok(await app.request(entriesUrl(c.categoryId), call(admin, "GET")));
  assert.equal(listed.category.entries.length, 3);
  await problem(
    await app.request(withdrawUrl(c.categoryId, c.entryIds[3]!), call(admin, "POST")),
    404,
    "not-found",
  );
});

storeTest(
  "[api] a withdrawal from a group after the draw: walkovers, results disregarded, placed last",
  async (store) => {
    const { c, admin, app } = await setup(store, { format: "groups", entries: 4 });
    const draw = await drawAndLock(app, admin, c.categoryId, { groupSize: 4 });
    const group = draw.draw.groups[0];
    const [first] = group.matches;
    // One match played by the entry that then withdraws: it won it.
    const leaving = first.homeId;
    await writeMatch(store, first.id, {
      type: "result",
      games: [{ home: 11, away: 3 }, { home: 11, away: 4 }],
    }, {
      actor: "test",
      now: T0,
    });
    const done = await ok(await app.request(withdrawUrl(c.categoryId, leaving), call(admin, "POST", {})));
    assert.equal(done.withdrawal.outcome, "withdrawn");
    assert.equal(done.withdrawal.walkovers.length, 2);
    const after = await ok(
      await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "GET")),
    );
    const rows = after.draw.standings[0].rows;
    const last = rows.at(-1);
    assert.equal(last.entry.id, leaving);
    assert.equal(last.entry.withdrawn, true);
    assert.equal(last.decidedBy, "withdrawn");
    assert.equal(last.played, 0);
    // The loser of the match played against it counts nothing of it.
    const loser = rows.find((r: { entry: { id: string } }) => r.entry.id === first.awayId);
    assert.equal(loser.played, 0);
    const walkovers = after.draw.groups[0].matches.filter((m: { resultReasonCode: string | null }) =>
      m.resultReasonCode === "walkover"
    );
    assert.equal(walkovers.length, 2);
    // Withdrawing again changes nothing.
    const again = await ok(await app.request(withdrawUrl(c.categoryId, leaving), call(admin, "POST")));
    assert.equal(again.withdrawal.changed, false);
    const audit = await listAudit(store.db, { actions: ["entry.withdraw"] });
    assert.equal(audit.length, 1);
  },
);

storeTest(
  "[api] a withdrawal from a knockout: a reserve takes the place, or the opponent a walkover",
  async (store) => {
    const { c, admin, app } = await setup(store, { entries: 4 });
    const draw = await drawAndLock(app, admin, c.categoryId);
    const firstRound = draw.draw.bracket.rounds[0].matches;
    const reserve = await ok(
      await app.request(
        entriesUrl(c.categoryId),
        call(admin, "POST", { players: [{ name: "Reserve One" }] }),
      ),
      201,
    );
    const out = firstRound[0].home.entry.id;
    const swapped = await ok(
      await app.request(
        withdrawUrl(c.categoryId, out),
        call(admin, "POST", { reserveEntryId: reserve.entry.id }),
      ),
    );
    assert.equal(swapped.withdrawal.reserve.name, "Reserve One");
    assert.deepEqual(swapped.withdrawal.walkovers, []);
    const now = await ok(await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "GET")));
    assert.equal(now.draw.bracket.rounds[0].matches[0].home.entry.id, reserve.entry.id);
    // The reserve now has a place: it cannot take another.
    const other = firstRound[1].home.entry.id;
    await problem(
      await app.request(
        withdrawUrl(c.categoryId, other),
        call(admin, "POST", { reserveEntryId: reserve.entry.id }),
      ),
      409,
      "reserve-refused",
    );
    const gone = await ok(await app.request(withdrawUrl(c.categoryId, other), call(admin, "POST")));
    assert.equal(gone.withdrawal.walkovers.length, 1);
    const later = await ok(
      await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "GET")),
    );
    const final = later.draw.bracket.rounds[1].matches[0];
    assert.equal(final.away.entry.id, firstRound[1].away.entry.id, "the opponent went through");
  },
);

storeTest("[api] a withdrawal is refused while a match is in play or the draw is a draft", async (store) => {
  const { c, admin, app } = await setup(store, { entries: 4 });
  await ok(
    await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "POST", { lotSeed: "y" })),
    201,
  );
  const draft = await ok(await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "GET")));
  const m = draft.draw.bracket.rounds[0].matches[0];
  const body = await problem(
    await app.request(withdrawUrl(c.categoryId, m.home.entry.id), call(admin, "POST")),
    409,
    "draw-draft",
  );
  assert.match(body.detail, /is a draft/);
  await ok(await app.request(`/api/manage/subevents/${c.categoryId}/lock`, call(admin, "POST")));
  await writeMatch(store, m.match.id, { type: "start", firstServer: "home" }, {
    actor: "test",
    now: T0,
  });
  const inPlay = await problem(
    await app.request(withdrawUrl(c.categoryId, m.home.entry.id), call(admin, "POST")),
    409,
    "match-in-play",
  );
  assert.match(inPlay.detail, /record the retirement there first/);
});

storeTest(
  "[api] PATCH /api/manage/players/:id edits a player's name, club and prior, audited",
  async (store) => {
    const { c, admin, app } = await setup(store, { entries: 4 });
    const id = c.playerIds[0]!;
    const edited = await ok(
      await app.request(
        `/api/manage/players/${id}`,
        call(admin, "PATCH", { name: "Anna Jones", association: "Eastfield", rating: 1800 }),
      ),
    );
    assert.deepEqual(edited.player, {
      id,
      displayName: "Anna Jones",
      association: "Eastfield",
      rating: 1800,
      changed: true,
    });
    const listed = await ok(await app.request(entriesUrl(c.categoryId), call(admin, "GET")));
    assert.ok(listed.category.entries.some((e: { name: string }) => e.name === "Anna Jones"));
    const audit = await listAudit(store.db, { actions: ["player.update"] });
    assert.equal(audit.length, 1);
    assert.equal(audit[0]?.eventId, c.eventId);
    const bad = await problem(
      await app.request(`/api/manage/players/${id}`, call(admin, "PATCH", { rating: -3 })),
      400,
      "invalid-body",
    );
    assert.equal(bad.field, "rating");
    await problem(
      await app.request(`/api/manage/players/${crypto.randomUUID()}`, call(admin, "PATCH", { name: "X" })),
      404,
      "not-found",
    );
    const scorer = await makeToken(store.db, "scorer", { label: "Table 1", tableNo: 1 });
    await problem(
      await app.request(`/api/manage/players/${id}`, call(scorer, "PATCH", { name: "X" })),
      403,
      "forbidden",
    );
  },
);

storeTest("[api] a pair joins a doubles category: one player of the store, one new", async (store) => {
  const { c, admin, app } = await setup(store, { entries: 2, doubles: true });
  const body = { players: [{ playerId: c.playerIds[0]! }, { name: "New Partner" }] };
  // That player already plays in an entry of the category.
  await problem(
    await app.request(entriesUrl(c.categoryId), call(admin, "POST", body)),
    409,
    "duplicate-entry",
  );
  const other = await makePlayer(store.db, { display_name: "Old Hand", association: "Eastfield" });
  const pair = {
    players: [{ playerId: other.id }, { name: "New Partner", association: "Westbrook" }],
    seed: 3,
  };
  const added = await ok(await app.request(entriesUrl(c.categoryId), call(admin, "POST", pair)), 201);
  assert.equal(added.entry.name, "Old Hand / New Partner");
  assert.equal(added.entry.association, "Eastfield / Westbrook");
  assert.equal(added.entry.seed, 3);
  const single = await problem(
    await app.request(entriesUrl(c.categoryId), call(admin, "POST", { players: [{ name: "Alone" }] })),
    400,
    "invalid-body",
  );
  assert.match(single.detail, /doubles category, so an entry has 2 players, not 1/);
});

storeTest(
  "[api] a withdrawal completes a group feeding a knockout: the others qualify, it does not",
  async (store) => {
    const { c, admin, app } = await setup(store, { format: "groups_knockout", entries: 4 });
    const draw = await drawAndLock(app, admin, c.categoryId, { groupSize: 4, qualifiersPerGroup: 2 });
    const leaving = c.entryIds[0]!;
    const theirs = (m: { homeId: string; awayId: string }) => m.homeId === leaving || m.awayId === leaving;
    for (
      const m of draw.draw.groups[0].matches.filter((m: { homeId: string; awayId: string }) => !theirs(m))
    ) {
      await writeMatch(
        store,
        m.id,
        { type: "result", games: [{ home: 11, away: 5 }, { home: 11, away: 6 }] },
        {
          actor: "test",
          now: T0,
        },
      );
    }
    const done = await ok(await app.request(withdrawUrl(c.categoryId, leaving), call(admin, "POST")));
    assert.equal(done.withdrawal.walkovers.length, 3);
    const after = await ok(
      await app.request(`/api/manage/subevents/${c.categoryId}/draw`, call(admin, "GET")),
    );
    assert.equal(after.draw.standings[0].complete, true);
    const final = after.draw.bracket.rounds.at(-1).matches[0];
    const placed = [final.home.entry?.id, final.away.entry?.id];
    assert.ok(placed.every((id) => typeof id === "string"), JSON.stringify(final));
    assert.ok(!placed.includes(leaving));
  },
);
