import assert from "node:assert/strict";
import { type ClashMatch, type ClashPlayer, findClashes, startClashes } from "../../domain/clashes.ts";

const anna: ClashPlayer = { id: "p-anna", name: "Anna Schmidt" };
const ben: ClashPlayer = { id: "p-ben", name: "Ben Okafor" };
const cleo: ClashPlayer = { id: "p-cleo", name: "Cleo Martin" };
const dan: ClashPlayer = { id: "p-dan", name: "Dan Wu" };
const eva: ClashPlayer = { id: "p-eva", name: "Eva Novak" };
const finn: ClashPlayer = { id: "p-finn", name: "Finn Berg" };

const TEN = "2026-11-28T10:00:00.000Z";
const ELEVEN = "2026-11-28T11:00:00.000Z";

function makeMatch(overrides: Partial<ClashMatch> & { id: string }): ClashMatch {
  return { status: "scheduled", tableNo: null, scheduledAt: null, players: [], ...overrides };
}

Deno.test("findClashes() is empty for an event whose tables and players are each in one match at a time", () => {
  assert.deepEqual(
    findClashes([
      makeMatch({ id: "m1", status: "in_progress", tableNo: 1, players: [anna, ben] }),
      makeMatch({ id: "m2", status: "in_progress", tableNo: 2, players: [cleo, dan] }),
      makeMatch({ id: "m3", tableNo: 1, scheduledAt: TEN, players: [anna, cleo] }),
      makeMatch({ id: "m4", tableNo: 1, scheduledAt: ELEVEN, players: [ben, dan] }),
      makeMatch({ id: "m5", status: "completed", tableNo: 1, players: [anna, ben] }),
    ]),
    [],
  );
});

Deno.test("findClashes() names a table with two matches in progress", () => {
  assert.deepEqual(
    findClashes([
      makeMatch({ id: "m1", status: "in_progress", tableNo: 3, players: [anna, ben] }),
      makeMatch({ id: "m2", status: "in_progress", tableNo: 3, players: [cleo, dan] }),
      makeMatch({ id: "m3", status: "in_progress", tableNo: null, players: [eva, finn] }),
    ]),
    [{ kind: "table-busy", tableNo: 3, matchIds: ["m1", "m2"] }],
  );
});

Deno.test("findClashes() names a player in two matches in progress, doubles included", () => {
  assert.deepEqual(
    findClashes([
      makeMatch({ id: "singles", status: "in_progress", tableNo: 1, players: [anna, ben] }),
      makeMatch({ id: "mixed", status: "in_progress", tableNo: 4, players: [anna, dan, cleo, finn] }),
    ]),
    [{ kind: "player-busy", player: anna, matchIds: ["singles", "mixed"] }],
  );
});

Deno.test("findClashes() names two scheduled matches on one table, or with one player, at the same time", () => {
  assert.deepEqual(
    findClashes([
      makeMatch({ id: "m1", tableNo: 2, scheduledAt: TEN, players: [anna, ben] }),
      makeMatch({ id: "m2", tableNo: 2, scheduledAt: TEN, players: [cleo, dan] }),
      makeMatch({ id: "m3", tableNo: 5, scheduledAt: TEN, players: [anna, eva] }),
      makeMatch({ id: "m4", tableNo: 2, scheduledAt: ELEVEN, players: [anna, finn] }),
    ]),
    [
      { kind: "table-double-booked", tableNo: 2, scheduledAt: TEN, matchIds: ["m1", "m2"] },
      { kind: "player-double-booked", player: anna, scheduledAt: TEN, matchIds: ["m1", "m3"] },
    ],
  );
});

Deno.test("findClashes() leaves out a late match in progress and unscheduled matches", () => {
  assert.deepEqual(
    findClashes([
      // Running late into the next slot of its table: that is what "next" on the table card is for.
      makeMatch({ id: "late", status: "in_progress", tableNo: 1, scheduledAt: TEN, players: [anna, ben] }),
      makeMatch({ id: "next", tableNo: 1, scheduledAt: TEN, players: [cleo, dan] }),
      makeMatch({ id: "u1", tableNo: 1, players: [eva, finn] }),
      makeMatch({ id: "u2", tableNo: 1, players: [eva, cleo] }),
    ]),
    [],
  );
});

Deno.test("findClashes() counts a player listed twice in one match once", () => {
  assert.deepEqual(
    findClashes([makeMatch({ id: "m1", status: "in_progress", tableNo: 1, players: [anna, anna] })]),
    [],
  );
});

Deno.test("startClashes() names, per scheduled match, the match on its table and those its players are in", () => {
  const matches = [
    makeMatch({ id: "w", tableNo: 1, players: [anna, ben] }),
    makeMatch({ id: "t1", status: "in_progress", tableNo: 1, players: [cleo, dan] }),
    makeMatch({ id: "b", status: "in_progress", tableNo: 6, players: [ben, eva, finn, dan] }),
    makeMatch({ id: "old", status: "completed", tableNo: 1, players: [anna, ben] }),
    makeMatch({ id: "free", tableNo: 2, players: [anna] }),
    makeMatch({ id: "nowhere", players: [] }),
  ];
  assert.deepEqual(
    startClashes(matches),
    new Map([["w", [
      { kind: "table-busy", tableNo: 1, matchIds: ["t1"] },
      { kind: "player-busy", player: ben, matchIds: ["b"] },
    ]]]),
  );
});
