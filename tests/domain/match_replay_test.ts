/**
 * Properties of the umpire's replay (domain/match_replay.ts) where the rules combine: random matches of rallies,
 * time-outs, cards, the expedite system and doubles orders, each action kept only when the rules accept it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type MatchRecord,
  type PlacedIncident,
  replayUmpire,
  type UmpireFormat,
  undoLastAction,
} from "../../domain/match_replay.ts";
import { isFinishedGame, ScoringError, serverAt, type Side } from "../../domain/scoring.ts";
import { sideOfSlot } from "../../domain/service_order.ts";

const side = fc.constantFrom<Side>("home", "away");

/** One thing an umpire might try; `order` tries the first receiver of the game before as the server. */
const attempt = fc.oneof(
  { weight: 12, arbitrary: side.map((s) => ({ t: "point" as const, side: s })) },
  { weight: 1, arbitrary: side.map((s) => ({ t: "timeout" as const, side: s })) },
  { weight: 1, arbitrary: fc.constant({ t: "resume" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("card" as const),
      side,
      target: fc.constantFrom("player" as const, "coach" as const),
      card: fc.constantFrom("yellow" as const, "yellow_red" as const, "red" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("expedite" as const),
      rallyInterrupted: fc.boolean(),
      byRequest: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("home1", "home2", "away1", "away2").map((p) => ({
      t: "order" as const,
      server: p,
    })),
  },
);

const formatArb = fc.record({
  bestOf: fc.constantFrom(3, 5, 7),
  firstServer: side,
  doubles: fc.boolean(),
  leftInGameOne: side,
}).map((f): UmpireFormat => ({
  ...f,
  order: f.doubles
    ? {
      server: f.firstServer === "home" ? "home1" : "away2",
      receiver: f.firstServer === "home" ? "away1" : "home2",
    }
    : null,
}));

/** What `attempt` generates. */
type Attempt = typeof attempt extends fc.Arbitrary<infer T> ? T : never;

/** The records a match goes through when the umpire tries these actions, keeping those the rules accept. */
function history(format: UmpireFormat, attempts: Attempt[]): MatchRecord[] {
  let record: MatchRecord = { points: [], incidents: [] };
  const out = [record];
  for (const a of attempts) {
    const state = replayUmpire(record, format);
    if (state.finished) break;
    let next: MatchRecord;
    if (a.t === "point") next = { ...record, points: [...record.points, a.side] };
    else {
      const afterPoints = record.points.length;
      const incident: PlacedIncident = a.t === "order"
        ? { kind: "order", game: state.gameNumber, server: a.server, afterPoints }
        : a.t === "resume"
        ? { kind: "resume", afterPoints }
        : a.t === "timeout"
        ? { kind: "timeout", side: a.side, afterPoints }
        : a.t === "card"
        ? { kind: "card", side: a.side, target: a.target, card: a.card, afterPoints }
        : { kind: "expedite", rallyInterrupted: a.rallyInterrupted, byRequest: a.byRequest, afterPoints };
      next = { ...record, incidents: [...record.incidents!, incident] };
    }
    try {
      replayUmpire(next, format);
    } catch (e) {
      if (e instanceof ScoringError) continue;
      throw e;
    }
    record = next;
    out.push(record);
  }
  return out;
}

Deno.test("replayUmpire(): with rallies only, the server is the one the count of Law 2.13.3 gives", () => {
  fc.assert(
    fc.property(formatArb, fc.array(side, { maxLength: 200, size: "max" }), (format, raw) => {
      const h = history(format, raw.map((s) => ({ t: "point", side: s })));
      const s = replayUmpire(h.at(-1)!, format);
      if (!s.finished) assert.equal(s.server, serverAt(format.firstServer, s.gameNumber, s.currentGame));
    }),
    { numRuns: 300 },
  );
});

Deno.test("replayUmpire(): whatever the umpire does, games are legal, the server and receiver face each other, penalty points stop at 3", () => {
  fc.assert(
    fc.property(formatArb, fc.array(attempt, { maxLength: 240, size: "max" }), (format, attempts) => {
      for (const record of history(format, attempts)) {
        const s = replayUmpire(record, format);
        for (const g of s.gameScores) assert.ok(isFinishedGame(g.home, g.away));
        if (s.serverPlayer !== null) {
          assert.equal(sideOfSlot(s.serverPlayer), s.server);
          assert.notEqual(sideOfSlot(s.receiverPlayer!), s.server);
        }
        for (const offender of ["home", "away"] as const) {
          const penalties = s.cards.filter((c) => c.side === offender).reduce(
            (n, c) => n + c.penaltyPoints,
            0,
          );
          assert.ok(penalties <= 3);
        }
        assert.ok(s.timeouts.filter((t) => t.side === "home").length <= 1);
        assert.ok(s.timeouts.filter((t) => t.side === "away").length <= 1);
        if (s.gamePoint) assert.equal(s.finished, false);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("undoLastAction(): takes any match back through its history, one action at a time", () => {
  fc.assert(
    fc.property(formatArb, fc.array(attempt, { maxLength: 200, size: "max" }), (format, attempts) => {
      const h = history(format, attempts);
      for (let k = h.length - 1; k > 0; k -= 1) {
        const undo = undoLastAction(h[k]!, format);
        assert.deepEqual(undo.record, h[k - 1]);
        assert.deepEqual(undo.state, replayUmpire(h[k - 1]!, format));
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("replayUmpire(): in doubles each player serves to the same opponent all game, except after 5 in the deciding game", () => {
  fc.assert(
    fc.property(
      formatArb.filter((f) => f.doubles === true),
      fc.array(side, { maxLength: 300, size: "max" }),
      (format, raw) => {
        const h = history(format, raw.map((s) => ({ t: "point", side: s })));
        const pairs = new Map<string, string>();
        let game = 1;
        for (const record of h) {
          const s = replayUmpire(record, format);
          if (s.finished || s.serverPlayer === null) continue;
          if (s.gameNumber !== game) {
            pairs.clear();
            game = s.gameNumber;
          }
          if (s.receiversChangedAt) continue;
          const to = pairs.get(s.serverPlayer);
          if (to !== undefined) assert.equal(s.receiverPlayer, to);
          pairs.set(s.serverPlayer, s.receiverPlayer!);
        }
      },
    ),
    { numRuns: 200 },
  );
});
