/**
 * The umpire's rules, one law or regulation at a time, through the replay of a match's record
 * (domain/match_replay.ts): ends (Law 2.13.7), game and match point, the doubles order of service (Laws 2.13.4 to
 * 2.13.6), time-outs (Regulation 3.4.4.2), cards and penalty points (Regulation 3.5.2) and the expedite system
 * (Law 2.15).
 */
import assert from "node:assert/strict";
import {
  type PlacedIncident,
  replayUmpire,
  type UmpireFormat,
  undoLastAction,
} from "../../domain/match_replay.ts";
import { expediteDue, receiverWinsRally } from "../../domain/expedite.ts";
import { gamePointOf } from "../../domain/game_point.ts";
import { ScoringError, type Side } from "../../domain/scoring.ts";
import { runningTimeout } from "../../domain/timeouts.ts";
import { A, H } from "../support/points.ts";

const singles: UmpireFormat = { bestOf: 5, firstServer: "home", leftInGameOne: "home" };
const doubles: UmpireFormat = {
  bestOf: 5,
  firstServer: "home",
  doubles: true,
  order: { server: "home1", receiver: "away1" },
};

/** `n` points to `side`. */
const times = (side: Side, n: number): Side[] => Array.from({ length: n }, () => side);
/** A game won 11-0 by `side`. */
const game = (side: Side): Side[] => times(side, 11);
/** Points that bring a running game to `home`-`away` (home's first, then away's). */
const score = (home: number, away: number): Side[] => [...times(H, home), ...times(A, away)];
/** The expedite system brought in after `afterPoints` points, on the time limit unless told otherwise. */
const expediteAfter = (
  afterPoints: number,
  o: { rallyInterrupted?: boolean; byRequest?: boolean } = {},
): PlacedIncident => ({
  kind: "expedite",
  rallyInterrupted: o.rallyInterrupted ?? false,
  byRequest: o.byRequest ?? false,
  afterPoints,
});

/** Who serves to whom at each point of the record's running game, from replaying it one point at a time. */
function servicePath(points: Side[], format: UmpireFormat, incidents: PlacedIncident[] = []) {
  const out: string[] = [];
  for (let k = 0; k <= points.length; k += 1) {
    const s = replayUmpire({
      points: points.slice(0, k),
      incidents: incidents.filter((i) => i.afterPoints! <= k),
    }, format);
    out.push(`${s.serverPlayer}>${s.receiverPlayer}`);
  }
  return out;
}

/** Each server-to-receiver pair twice, as service changes every two points before 10-10 (Law 2.13.3). */
const twoEach = (...pairs: string[]): string[] => pairs.flatMap((p) => [p, p]);

// ---- Ends (Law 2.13.7) -----------------------------------------------------------------------------------

Deno.test("ends: the sides change ends after each game (Law 2.13.7)", () => {
  assert.equal(replayUmpire({ points: [] }, singles).left, "home");
  assert.equal(replayUmpire({ points: game(H) }, singles).left, "away");
  assert.equal(replayUmpire({ points: [...game(H), ...game(A)] }, singles).left, "home");
  assert.equal(replayUmpire({ points: [] }, { ...singles, leftInGameOne: "away" }).left, "away");
});

Deno.test("ends: in the deciding game the sides change ends when one first reaches 5 points, once", () => {
  const fourGames = [...game(H), ...game(A), ...game(H), ...game(A)];
  const at44 = replayUmpire({ points: [...fourGames, ...score(4, 4)] }, singles);
  assert.equal(at44.gameNumber, 5);
  assert.equal(at44.left, "home");
  assert.equal(at44.endsChangedAt, null);
  const at54 = replayUmpire({ points: [...fourGames, ...score(4, 4), H] }, singles);
  assert.equal(at54.left, "away");
  assert.deepEqual(at54.endsChangedAt, { home: 5, away: 4 });
  // Away's fifth point does not change ends again.
  const at55 = replayUmpire({ points: [...fourGames, ...score(4, 4), H, A] }, singles);
  assert.equal(at55.left, "away");
  assert.deepEqual(at55.endsChangedAt, { home: 5, away: 4 });
});

Deno.test("ends: a game that is not the last possible one never changes ends at 5", () => {
  const s = replayUmpire({ points: score(5, 0) }, singles);
  assert.equal(s.left, "home");
  assert.equal(s.endsChangedAt, null);
});

// ---- Game point and match point ------------------------------------------------------------------------

Deno.test("gamePointOf(): game point at 10-8, none at 10-10, the leader's at 11-10, match point with the deciding game", () => {
  assert.deepEqual(gamePointOf({ home: 10, away: 8 }, { home: 0, away: 0 }, 5, false), {
    side: "home",
    match: false,
  });
  assert.equal(gamePointOf({ home: 10, away: 10 }, { home: 2, away: 2 }, 5, false), null);
  assert.deepEqual(gamePointOf({ home: 10, away: 11 }, { home: 0, away: 0 }, 5, false), {
    side: "away",
    match: false,
  });
  assert.deepEqual(gamePointOf({ home: 10, away: 3 }, { home: 2, away: 1 }, 5, false), {
    side: "home",
    match: true,
  });
  assert.deepEqual(gamePointOf({ home: 3, away: 10 }, { home: 2, away: 1 }, 5, false), {
    side: "away",
    match: false,
  });
  assert.equal(gamePointOf({ home: 9, away: 3 }, { home: 2, away: 1 }, 5, false), null);
  assert.equal(gamePointOf({ home: 0, away: 0 }, { home: 3, away: 1 }, 5, true), null);
});

Deno.test("replayUmpire(): the state names the game point and the match point at every score", () => {
  const s = replayUmpire({ points: [...game(H), ...game(H), ...score(10, 4)] }, singles);
  assert.deepEqual(s.gamePoint, { side: "home", match: true });
  assert.equal(replayUmpire({ points: score(10, 4) }, singles).gamePoint?.match, false);
});

// ---- Doubles order of service (Laws 2.13.4 to 2.13.6) --------------------------------------------------

Deno.test("doubles: at each change of service the receiver serves and the server's partner receives (Law 2.13.5)", () => {
  // home1>away1 for 2 points, away1>home2, home2>away2, away2>home1, then round again.
  const path = servicePath(score(5, 5), doubles);
  assert.deepEqual(path.slice(0, 11), [
    ...twoEach("home1>away1", "away1>home2", "home2>away2", "away2>home1", "home1>away1"),
    "away1>home2",
  ]);
});

Deno.test("doubles: a later game begins with its first receiver serving, to the player who served to them (Law 2.13.4)", () => {
  const s = replayUmpire({ points: game(H) }, doubles);
  assert.equal(s.server, "away");
  assert.deepEqual(s.order, { server: "away1", receiver: "home1" });
  assert.equal(s.serverPlayer, "away1");
  assert.equal(s.receiverPlayer, "home1");
});

Deno.test("doubles: the pair serving first chooses its server, and the first receiver follows (Law 2.13.4)", () => {
  const chosen = replayUmpire({
    points: game(H),
    incidents: [{ kind: "order", game: 2, server: "away2", afterPoints: 11 }],
  }, doubles);
  // away2 received from home2 in game 1 (home2>away2), so home2 receives first.
  assert.deepEqual(chosen.order, { server: "away2", receiver: "home2" });
  assert.throws(
    () =>
      replayUmpire({
        points: game(H),
        incidents: [{ kind: "order", game: 2, server: "home1", afterPoints: 11 }],
      }, doubles),
    (e) => e instanceof ScoringError && /must be a player of the away pair/.test(e.message),
  );
  assert.throws(
    () =>
      replayUmpire({
        points: game(H),
        incidents: [{ kind: "order", game: 2, server: "away2", receiver: "home1", afterPoints: 11 }],
      }, doubles),
    /the first receiver is "home2"/,
  );
  // Once a point of the game is played its order is set.
  assert.throws(
    () =>
      replayUmpire({
        points: [...game(H), A],
        incidents: [{ kind: "order", game: 2, server: "away2", afterPoints: 12 }],
      }, doubles),
    /before the first point/,
  );
});

Deno.test("doubles: game 1's order can be named after the start, server and receiver both", () => {
  const s = replayUmpire({
    points: [],
    incidents: [{ kind: "order", game: 1, server: "home2", receiver: "away2", afterPoints: 0 }],
  }, { ...doubles, order: null });
  assert.equal(s.serverPlayer, "home2");
  assert.equal(s.receiverPlayer, "away2");
  assert.throws(
    () =>
      replayUmpire({ points: [], incidents: [{ kind: "order", game: 1, server: "home2", afterPoints: 0 }] }, {
        ...doubles,
        order: null,
      }),
    /name the first receiver too/,
  );
});

Deno.test("doubles: in the deciding game the receiving pair changes its order when one pair first reaches 5 (Law 2.13.6)", () => {
  const four = [...game(H), ...game(A), ...game(H), ...game(A)];
  // Game 5: home serves first; the order goes round as in game 1 (the default order of each game).
  const before = replayUmpire({ points: four }, doubles);
  assert.deepEqual(before.order, { server: "home1", receiver: "away1" });
  // First half: 8 points to 4-4, home1>away1, away1>home2, home2>away2, away2>home1.
  const path = servicePath([...four, ...score(4, 4), H, A, A, H, H, H], doubles).slice(four.length);
  assert.deepEqual(path.slice(0, 9), [
    ...twoEach("home1>away1", "away1>home2", "home2>away2", "away2>home1"),
    "home1>away1",
  ]);
  // Home reaches 5 on point 9 (5-4): home1 serves its second point, now to away2; then away2 serves to home2.
  assert.deepEqual(path.slice(9, 15), [
    "home1>away2",
    ...twoEach("away2>home2", "home2>away1"),
    "away1>home1",
  ]);
  const s = replayUmpire({ points: [...four, ...score(4, 4), H] }, doubles);
  assert.deepEqual(s.receiversChangedAt, { home: 5, away: 4 });
  assert.deepEqual(s.endsChangedAt, { home: 5, away: 4 });
});

Deno.test("doubles: with no order named, the serving side is known and the players are not", () => {
  const s = replayUmpire({ points: score(1, 0) }, { ...doubles, order: null });
  assert.equal(s.server, "home");
  assert.equal(s.serverPlayer, null);
  assert.equal(s.receiverPlayer, null);
});

Deno.test("singles: the serving and receiving player are the sides' players", () => {
  const s = replayUmpire({ points: score(1, 1) }, singles);
  assert.equal(s.serverPlayer, "away1");
  assert.equal(s.receiverPlayer, "home1");
  assert.equal(replayUmpire({ points: [...game(H), ...game(H), ...game(H)] }, singles).serverPlayer, null);
});

// ---- Time-outs (Regulation 3.4.4.2) -------------------------------------------------------------------

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 10, 0, seconds)).toISOString();

Deno.test("timeouts: one per side per match, recorded with the game and score at which it was taken", () => {
  const s = replayUmpire({
    points: [...game(H), ...score(3, 2)],
    incidents: [{ kind: "timeout", side: "away", afterPoints: 16, at: at(0) }],
  }, singles);
  assert.deepEqual(s.timeouts, [{
    side: "away",
    gameNumber: 2,
    score: { home: 3, away: 2 },
    at: at(0),
    endsAt: at(60),
  }]);
  assert.throws(
    () =>
      replayUmpire({
        points: [...game(H), ...score(3, 2)],
        incidents: [
          { kind: "timeout", side: "away", afterPoints: 2 },
          { kind: "timeout", side: "away", afterPoints: 16 },
        ],
      }, singles),
    /Cannot call a time-out for away: it was taken in game 1 at 2-0 \(one per side per match, Regulation 3\.4\.4\.2\)/,
  );
  // Both sides may take theirs, even at once (Regulation 3.4.4.2.4).
  const both = replayUmpire({
    points: score(1, 1),
    incidents: [{ kind: "timeout", side: "away", afterPoints: 2 }, {
      kind: "timeout",
      side: "home",
      afterPoints: 2,
    }],
  }, singles);
  assert.equal(both.timeouts.length, 2);
});

Deno.test("timeouts: a time-out ends after a minute, when play resumes, or at the next point, whichever first", () => {
  const taken: PlacedIncident = { kind: "timeout", side: "home", afterPoints: 1, at: at(0) };
  const running = replayUmpire({ points: [H], incidents: [taken] }, singles).timeouts;
  assert.equal(runningTimeout(running, new Date(at(30)))?.side, "home");
  assert.equal(runningTimeout(running, new Date(at(60))), null);
  const resumed = replayUmpire({
    points: [H],
    incidents: [taken, { kind: "resume", afterPoints: 1, at: at(40) }],
  }, singles).timeouts;
  assert.equal(resumed[0]!.endsAt, at(40));
  assert.equal(runningTimeout(resumed, new Date(at(45))), null);
  const played =
    replayUmpire({ points: [H, A], pointTimes: [at(-5), at(50)], incidents: [taken] }, singles).timeouts;
  assert.equal(played[0]!.endsAt, at(50));
  assert.throws(
    () => replayUmpire({ points: [H], incidents: [{ kind: "resume", afterPoints: 1 }] }, singles),
    /no time-out is running/,
  );
});

// ---- Cards and penalty points (Regulation 3.5.2) -------------------------------------------------------

const card = (
  side: Side,
  c: "yellow" | "yellow_red" | "red",
  afterPoints: number,
  target: "player" | "coach" = "player",
) => ({ kind: "card", side, target, card: c, afterPoints }) as PlacedIncident;

Deno.test("cards: a yellow warns; then yellow-red gives 1 penalty point, again 2, then only the red card", () => {
  const points = score(2, 1);
  const s = replayUmpire({
    points,
    incidents: [card(A, "yellow", 3), card(A, "yellow_red", 3), card(A, "yellow_red", 3), card(A, "red", 3)],
  }, singles);
  assert.deepEqual(s.cards.map((c) => [c.card, c.penaltyPoints]), [["yellow", 0], ["yellow_red", 1], [
    "yellow_red",
    2,
  ], ["red", 0]]);
  // 1 + 2 penalty points to home, on top of 2-1.
  assert.deepEqual(s.currentGame, { home: 5, away: 1 });
  assert.deepEqual(s.cards[1]!.score, { home: 2, away: 1 });
  assert.throws(
    () =>
      replayUmpire({
        points,
        incidents: [
          card(A, "yellow", 3),
          card(A, "yellow_red", 3),
          card(A, "yellow_red", 3),
          card(A, "yellow_red", 3),
        ],
      }, singles),
    /already has 3; a further offence is reported to the referee with a red card \(Regulation 3\.5\.2\.4\)/,
  );
  assert.throws(
    () => replayUmpire({ points, incidents: [card(A, "yellow_red", 3)] }, singles),
    /has not been warned/,
  );
  assert.throws(
    () => replayUmpire({ points, incidents: [card(A, "yellow", 3), card(A, "yellow", 3)] }, singles),
    /second yellow card/,
  );
  assert.throws(
    () => replayUmpire({ points, incidents: [card(A, "red", 3), card(A, "yellow", 3)] }, singles),
    /already shown the red card/,
  );
  // A serious offence: red at once.
  assert.equal(replayUmpire({ points, incidents: [card(H, "red", 3)] }, singles).cards[0]!.card, "red");
});

Deno.test("cards: a coach is warned with yellow and sent away with red, never with penalty points", () => {
  const s = replayUmpire({
    points: [],
    incidents: [card(H, "yellow", 0, "coach"), card(H, "red", 0, "coach")],
  }, singles);
  assert.deepEqual(s.cards.map((c) => [c.target, c.card, c.penaltyPoints]), [["coach", "yellow", 0], [
    "coach",
    "red",
    0,
  ]]);
  assert.deepEqual(s.currentGame, { home: 0, away: 0 });
  assert.throws(
    () =>
      replayUmpire({
        points: [],
        incidents: [card(H, "yellow", 0, "coach"), card(H, "yellow_red", 0, "coach")],
      }, singles),
    /coach/,
  );
  // The player's and the coach's cards are counted apart.
  const apart = replayUmpire(
    { points: [], incidents: [card(H, "yellow", 0, "coach"), card(H, "yellow", 0)] },
    singles,
  );
  assert.equal(apart.cards.length, 2);
});

Deno.test("cards: penalty points are points: they move the score, the service and the ends", () => {
  // 0-0, home serves 2: a penalty point to home is the first point of home's turn; the next is home's second.
  const s = replayUmpire(
    { points: [], incidents: [card(A, "yellow", 0), card(A, "yellow_red", 0)] },
    singles,
  );
  assert.deepEqual(s.currentGame, { home: 1, away: 0 });
  assert.equal(s.server, "home");
  const two = replayUmpire({
    points: [H],
    incidents: [card(A, "yellow", 1), card(A, "yellow_red", 1), card(A, "yellow_red", 1)],
  }, singles);
  // 1 rally and 3 penalty points: home served 1-2, away 3-4, home serves the 5th.
  assert.deepEqual(two.currentGame, { home: 4, away: 0 });
  assert.equal(two.server, "home");
  // In the deciding game a penalty point that brings a side to 5 changes ends.
  const four = [...game(H), ...game(A), ...game(H), ...game(A)];
  const ends = replayUmpire({
    points: [...four, ...score(4, 0)],
    incidents: [card(A, "yellow", 44), card(A, "yellow_red", 48)],
  }, singles);
  assert.deepEqual(ends.endsChangedAt, { home: 5, away: 0 });
  assert.equal(ends.left, "away");
});

Deno.test("cards: a penalty point left over when a game ends counts in the next game; cards carry over", () => {
  // The first penalty point at 0-0 (1-0), then 9-9 rallies: 10-9; the second offence's 2 points at 10-9.
  const incidents = [card(A, "yellow", 0), card(A, "yellow_red", 0), card(A, "yellow_red", 18)];
  const s = replayUmpire({ points: score(9, 9), incidents }, singles);
  // 10-9 + 1 = 11-9 ends game 1; the other penalty point opens game 2.
  assert.deepEqual(s.gameScores, [{ home: 11, away: 9 }]);
  assert.deepEqual(s.currentGame, { home: 1, away: 0 });
  assert.equal(s.cards.length, 3);
  // In game 2 the player has had 3 penalty points: a further offence is the red card only.
  assert.throws(
    () =>
      replayUmpire({ points: score(9, 9), incidents: [...incidents, card(A, "yellow_red", 18)] }, singles),
    /already has 3/,
  );
  assert.throws(
    () => replayUmpire({ points: score(9, 9), incidents: [...incidents, card(A, "yellow", 18)] }, singles),
    /second yellow card/,
  );
});

Deno.test("cards: a penalty point that wins the match ends it; what is left of it is not counted", () => {
  // Two games to home, then 9-0: 1 penalty point (10-0), then 2 more: the first wins the match.
  const s = replayUmpire({
    points: [...game(H), ...game(H), ...score(9, 0)],
    incidents: [card(A, "yellow", 0), card(A, "yellow_red", 31), card(A, "yellow_red", 31)],
  }, singles);
  assert.equal(s.finished, true);
  assert.equal(s.winner, "home");
  assert.deepEqual(s.gameScores.at(-1), { home: 11, away: 0 });
});

Deno.test("cards: undo takes a card back with its penalty points", () => {
  const record = { points: score(2, 1), incidents: [card(A, "yellow", 3), card(A, "yellow_red", 3)] };
  const undo = undoLastAction(record, singles);
  assert.equal(undo.undone, "card");
  assert.deepEqual(undo.state.currentGame, { home: 2, away: 1 });
  assert.equal(undo.state.cards.length, 1);
});

// ---- The expedite system (Law 2.15) --------------------------------------------------------------------

Deno.test("expedite: between rallies, the receiver of the last rally serves, then 1 point each (Law 2.15.3)", () => {
  // 3-2: home served points 1, 2 and 5; home would serve point 6.
  const points = score(3, 2);
  const expedite = expediteAfter(5);
  const servers = [0, 1, 2, 3].map((n) =>
    replayUmpire({ points: [...points, ...times(H, n)], incidents: [expedite] }, singles).server
  );
  assert.deepEqual(servers, ["away", "home", "away", "home"]);
  const s = replayUmpire({ points, incidents: [expedite] }, singles);
  assert.deepEqual(s.expedite, { gameNumber: 1, score: { home: 3, away: 2 }, byRequest: false, at: null });
});

Deno.test("expedite: an interrupted rally is served again by its server, then 1 point each (Law 2.15.3)", () => {
  const expedite = expediteAfter(5, { rallyInterrupted: true });
  const servers = [0, 1, 2].map((n) =>
    replayUmpire({ points: [...score(3, 2), ...times(A, n)], incidents: [expedite] }, singles).server
  );
  assert.deepEqual(servers, ["home", "away", "home"]);
});

Deno.test("expedite: it stays to the end of the match; later games keep the order of Law 2.13.6 (Law 2.15.5)", () => {
  const expedite = expediteAfter(5, { byRequest: true });
  const points = [...score(3, 2), ...times(H, 8)]; // game 1 won 11-2
  const servers = [0, 1, 2].map((n) =>
    replayUmpire({ points: [...points, ...times(A, n)], incidents: [expedite] }, singles).server
  );
  // Game 2: away serves first, then 1 point each.
  assert.deepEqual(servers, ["away", "home", "away"]);
  assert.throws(
    () => replayUmpire({ points, incidents: [expedite, { ...expedite, afterPoints: 13 }] }, singles),
    /in operation since game 1 at 3-2 \(to the end of the match, Law 2\.15\.6\)/,
  );
});

Deno.test("expedite: not introduced once 18 points are scored in the game, on time or by request (Law 2.15.2)", () => {
  for (const byRequest of [false, true]) {
    assert.throws(
      () => replayUmpire({ points: score(10, 8), incidents: [expediteAfter(18, { byRequest })] }, singles),
      /18 points or more have been scored in the game \(Law 2\.15\.2\)/,
    );
  }
  const asked = replayUmpire({
    points: score(10, 7),
    incidents: [expediteAfter(17, { byRequest: true })],
  }, singles);
  assert.equal(asked.expedite?.byRequest, true);
  assert.equal(expediteDue(600_000, { home: 9, away: 8 }, false), true);
  assert.equal(expediteDue(599_999, { home: 2, away: 3 }, false), false);
  assert.equal(expediteDue(700_000, { home: 9, away: 9 }, false), false);
  assert.equal(expediteDue(700_000, { home: 1, away: 1 }, true), false);
});

Deno.test("expedite: the receiver's 13th good return wins the rally (Law 2.15.4)", () => {
  assert.equal(receiverWinsRally(12), false);
  assert.equal(receiverWinsRally(13), true);
});

Deno.test("expedite: in doubles the service goes round one point at a time", () => {
  const expedite = expediteAfter(0, { rallyInterrupted: true, byRequest: true });
  const path = servicePath(score(2, 2), doubles, [expedite]);
  assert.deepEqual(path, ["home1>away1", "away1>home2", "home2>away2", "away2>home1", "home1>away1"]);
});

// ---- Undo ---------------------------------------------------------------------------------------------

Deno.test("undoLastAction(): takes back incidents and rallies in the order made", () => {
  const record = {
    points: score(2, 0),
    incidents: [
      { kind: "timeout", side: "away", afterPoints: 1 } as PlacedIncident,
      expediteAfter(2, { byRequest: true }),
    ],
  };
  const first = undoLastAction(record, singles);
  assert.equal(first.undone, "expedite");
  const second = undoLastAction(first.record, singles);
  assert.equal(second.undone, "point");
  const third = undoLastAction(second.record, singles);
  assert.equal(third.undone, "timeout");
  assert.equal(undoLastAction(third.record, singles).undone, "point");
});
