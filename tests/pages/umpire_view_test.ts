import assert from "node:assert/strict";
import {
  atScore,
  cardLine,
  expediteLine,
  lastEnd,
  type Officiating,
  pointFlag,
  servingPlayer,
  timedAttributes,
  timedTimeouts,
} from "../../pages/umpire_view.ts";
import type { Match } from "../../pages/view_types.ts";
import { makeMatchView, makeOfficiating } from "../support/match_view.ts";

const END = "2026-11-28T10:01:00.000Z";

const umpire: (o?: Partial<Officiating>) => Officiating = makeOfficiating;

const playing = (o: Partial<Officiating>, m: Partial<Match> = {}) =>
  makeMatchView({
    status: "in_progress",
    homeName: "Anna Berg",
    awayName: "Cleo Dubois",
    umpire: umpire(o),
    ...m,
  });

Deno.test("pointFlag() words game and match point for the side, only while the match is in play", () => {
  assert.deepEqual(pointFlag(playing({ gamePoint: { side: "away", match: false } })), {
    side: "away",
    match: false,
    text: "GAME POINT",
  });
  assert.equal(pointFlag(playing({ gamePoint: { side: "home", match: true } }))?.text, "MATCH POINT");
  assert.equal(pointFlag(playing({})), null);
  assert.equal(
    pointFlag(playing({ gamePoint: { side: "home", match: true } }, { status: "completed" })),
    null,
  );
  assert.equal(pointFlag(makeMatchView()), null, "no umpire block");
});

Deno.test("timedTimeouts() gives the dated time-outs of a match in play, none otherwise", () => {
  const timeouts: Officiating["timeouts"] = [
    { side: "home", gameNumber: 1, score: { home: 2, away: 5 }, at: null, endsAt: null },
    {
      side: "away",
      gameNumber: 3,
      score: { home: 6, away: 10 },
      at: "2026-11-28T10:00:00.000Z",
      endsAt: END,
    },
  ];
  assert.deepEqual(timedTimeouts(playing({ timeouts })), [{ side: "away", endsAt: END }]);
  assert.deepEqual(timedTimeouts(playing({ timeouts }, { status: "completed" })), []);
  assert.equal(lastEnd([{ endsAt: "2026-11-28T09:00:00.000Z" }, { endsAt: END }]), END);
  assert.equal(lastEnd([]), undefined);
});

Deno.test("timedAttributes() carries the times for the browser and hides by the render's clock", () => {
  const before = Date.parse(END) - 1000;
  assert.deepEqual(timedAttributes({ until: END }, before), { hidden: false, "data-until": END });
  assert.deepEqual(timedAttributes({ until: END }, Date.parse(END)), { hidden: true, "data-until": END });
  assert.deepEqual(timedAttributes({ after: END }, before), { hidden: true, "data-after": END });
  assert.deepEqual(timedAttributes({}, before), { hidden: false });
});

Deno.test("servingPlayer() names the serving player of a pair whose name is its players' names", () => {
  const players = [{ id: "p1", displayName: "Anna Berg" }, { id: "p2", displayName: "Hugo Ives" }];
  const pair = { homeName: "Anna Berg / Hugo Ives" };
  const serving = (playerId: string | null) => umpire({ server: { side: "home", playerId } });
  assert.equal(servingPlayer(playing(serving("p2"), pair), "home", players), "p2");
  assert.equal(servingPlayer(playing(serving("p2"), pair), "away", players), null, "the other side");
  assert.equal(servingPlayer(playing(serving(null), pair), "home", players), null, "order not recorded");
  assert.equal(servingPlayer(playing(serving("p9"), pair), "home", players), null, "not of the pair");
  assert.equal(servingPlayer(playing(serving("p1"), { homeName: "Renamed" }), "home", players), null);
  assert.equal(servingPlayer(playing(serving("p1"), { homeName: "Anna Berg" }), "home", [players[0]!]), null);
  assert.equal(
    servingPlayer(playing(serving("p1"), { ...pair, status: "completed" }), "home", players),
    null,
  );
});

Deno.test("cardLine() says the card, whom to, the penalty points to the opponent and what a red card means", () => {
  const m = playing({});
  const card = (o: Partial<Officiating["cards"][number]>): Officiating["cards"][number] => ({
    side: "home",
    target: "player",
    card: "yellow",
    penaltyPoints: 0,
    gameNumber: 2,
    score: { home: 3, away: 4 },
    at: null,
    ...o,
  });
  assert.equal(cardLine(m, card({})), "Yellow card to Anna Berg (warning)");
  assert.equal(
    cardLine(m, card({ card: "yellow_red", penaltyPoints: 1 })),
    "Yellow and red card to Anna Berg: 1 penalty point to Cleo Dubois",
  );
  assert.equal(
    cardLine(m, card({ side: "away", card: "yellow_red", penaltyPoints: 2 })),
    "Yellow and red card to Cleo Dubois: 2 penalty points to Anna Berg",
  );
  assert.equal(cardLine(m, card({ card: "red" })), "Red card to Anna Berg: referred to the referee");
  assert.equal(
    cardLine(m, card({ target: "coach", card: "red" })),
    "Red card to Anna Berg's coach: sent away",
  );
  assert.equal(atScore(card({})), "game 2 at 3–4");
});

Deno.test("expediteLine() says since when the expedite system is in operation, and how it came", () => {
  const expedite = { gameNumber: 3, score: { home: 4, away: 6 }, byRequest: false, at: null };
  assert.equal(expediteLine(playing({ expedite })), "Expedite system in operation since game 3 at 4–6");
  assert.equal(
    expediteLine(playing({ expedite: { ...expedite, byRequest: true } })),
    "Expedite system in operation since game 3 at 4–6, at both sides' request",
  );
  assert.equal(
    expediteLine(playing({ expedite }, { status: "completed" })),
    "Expedite system from game 3 at 4–6",
  );
  assert.equal(expediteLine(playing({})), null);
});
