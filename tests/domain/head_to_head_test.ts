import assert from "node:assert/strict";
import fc from "fast-check";
import { type Meeting, tallyMeetings } from "../../domain/head_to_head.ts";

Deno.test("tallyMeetings() counts wins, games and points from each player's side", () => {
  const meetings: Meeting[] = [
    {
      aIsHome: true,
      winner: "home",
      games: [{ home: 11, away: 9 }, { home: 8, away: 11 }, { home: 11, away: 5 }],
    },
    { aIsHome: false, winner: "home", games: [{ home: 11, away: 3 }] },
    { aIsHome: true, winner: null, games: [{ home: 11, away: 0 }] },
  ];
  assert.deepEqual(tallyMeetings(meetings), {
    a: { wins: 1, games: 2, points: 33 },
    b: { wins: 1, games: 2, points: 36 },
  });
});

Deno.test("tallyMeetings() gives the same record seen from either player", () => {
  const game = fc.record({ home: fc.nat(30), away: fc.nat(30) });
  const meeting = fc.record({
    aIsHome: fc.boolean(),
    winner: fc.constantFrom("home" as const, "away" as const, null),
    games: fc.array(game, { maxLength: 7 }),
  });
  fc.assert(fc.property(fc.array(meeting, { maxLength: 10 }), (meetings) => {
    const seen = tallyMeetings(meetings);
    const flipped = tallyMeetings(meetings.map((m) => ({ ...m, aIsHome: !m.aIsHome })));
    assert.deepEqual(flipped, { a: seen.b, b: seen.a });
    assert.equal(seen.a.wins + seen.b.wins, meetings.filter((m) => m.winner !== null).length);
  }));
});
