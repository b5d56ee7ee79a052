/** How the umpire's page names matches, sides, cards, tokens and states. */
import assert from "node:assert/strict";
import { matchState, whoamiText } from "../../../../../pages/operator/client/score/match_list.ts";
import {
  names,
  sideName,
  startClashWords,
  versus,
} from "../../../../../pages/operator/client/score/match_names.ts";
import type { ListMatch } from "../../../../../pages/operator/client/score/page.ts";
import { cardChoice } from "../../../../../pages/operator/client/score/rules_tools.ts";
import { sideMarks } from "../../../../../pages/operator/client/score/side_buttons.ts";
import { heldElsewhere } from "../../../../../pages/operator/client/score/takeover.ts";
import { projected, rallies, scoringMatch } from "./fixtures.ts";

Deno.test("sideName(), versus() and names() name the sides, '?' while unknown, and doubles players by slot", () => {
  const m = scoringMatch({ awayName: null });
  assert.equal(sideName(m, "home"), "Anna Berg");
  assert.equal(versus(m), "Anna Berg v ?");
  const doubles = scoringMatch({
    homeName: "Berg / Fox",
    homePlayers: [{ id: "1", name: "Anna Berg" }, { id: "2", name: "Ella Fox" }],
  } as never);
  assert.deepEqual(names(doubles), {
    home: "Berg / Fox",
    away: "Ella Fox",
    players: { home1: "Anna Berg", home2: "Ella Fox", away1: "Ella Fox" },
  });
});

Deno.test("startClashWords() names the matches a start clashes with, as the answer cited them", () => {
  const others = [{ id: "x", homeName: "Karl Lund", awayName: "Anna Berg", tableNo: 3 }];
  assert.equal(
    startClashWords(
      { kind: "player-busy", player: { id: "p1", name: "Anna Berg" }, matchIds: ["x", "y"] },
      others,
    ),
    "Anna Berg is playing now: Karl Lund v Anna Berg (table 3), another match",
  );
});

Deno.test("cardChoice() says what a card gives and refuses the cards the regulation does not allow now", () => {
  const m = scoringMatch();
  const card = (c: string) => [{ side: "home", target: "player", card: c, penaltyPoints: 0 }] as never;
  const cases: [Parameters<typeof cardChoice>, string, boolean][] = [
    [[m, [], "home", "player", "yellow"], "Yellow card (warning)", true],
    [[m, card("yellow"), "home", "player", "yellow_red"], "Yellow and red card: 1 point to Ella Fox", true],
    [[m, [], "home", "player", "yellow_red"], "Yellow and red card (not now)", false],
    [[m, [], "away", "coach", "red"], "Red card (to the referee)", true],
    [[m, card("red"), "home", "player", "yellow_red"], "Yellow and red card (not now)", false],
  ];
  for (const [args, words, ok] of cases) assert.deepEqual(cardChoice(...args), { words, ok }, words);
});

Deno.test("sideMarks() lists a side's cards and time-out in words", () => {
  const { p } = projected(rallies("ha"), {
    incidents: [
      { kind: "card", side: "home", target: "player", card: "yellow", afterPoints: 0 },
      { kind: "card", side: "home", target: "coach", card: "yellow", afterPoints: 1 },
      { kind: "timeout", side: "home", afterPoints: 2, at: "2026-11-28T10:05:00.000Z" },
    ],
  } as never);
  assert.deepEqual(sideMarks(p.state, "home"), [
    ["card-yellow", "yellow"],
    ["card-yellow", "Coach: yellow"],
    ["timeout", "time-out"],
  ]);
  assert.deepEqual(sideMarks(p.state, "away"), []);
});

Deno.test("sideMarks() shows no time-out once the match is over; the cards stay", () => {
  const incidents = [
    { kind: "card", side: "away", target: "player", card: "yellow", afterPoints: 0 },
    { kind: "timeout", side: "away", afterPoints: 2, at: "2026-11-28T10:05:00.000Z" },
  ];
  // Best of 5: three games to love for home, the away side's time-out taken in the first.
  const game = "h".repeat(11);
  const playing = projected(rallies(game + game + "h".repeat(10)), { incidents } as never).p.state;
  assert.equal(playing.finished, false);
  assert.deepEqual(sideMarks(playing, "away"), [["card-yellow", "yellow"], ["timeout", "time-out"]]);
  const over = projected(rallies(game + game + game), { incidents } as never).p.state;
  assert.equal(over.finished, true);
  assert.deepEqual(sideMarks(over, "away"), [["card-yellow", "yellow"]]);
  assert.deepEqual(sideMarks(over, "home"), []);
});

Deno.test("whoamiText() and matchState() say who scores and where a listed match stands", () => {
  assert.equal(
    whoamiText({ label: "Table 3 umpire", role: "scorer", eventSlug: "city-open", tableNo: 3 }),
    "Table 3 umpire (scorer, city-open, table 3)",
  );
  assert.equal(whoamiText({ label: "Desk", role: "admin", eventSlug: null, tableNo: null }), "Desk (admin)");
  const listed = (o: Partial<ListMatch>) =>
    ({ subeventName: "Women's Singles", stageLabel: "Group B", scheduledAt: null, ...o }) as ListMatch;
  assert.equal(
    matchState(
      listed({ status: "in_progress", gamesWon: { home: 1, away: 0 }, currentGame: { home: 3, away: 4 } }),
    ),
    "Women's Singles · Group B · Live 1-0 (3-4)",
  );
  assert.equal(matchState(listed({ status: "scheduled" })), "Women's Singles · Group B · Scheduled");
});

Deno.test("heldElsewhere() tells a match another phone scores", () => {
  assert.equal(heldElsewhere({ scorer: null }), false);
  assert.equal(
    heldElsewhere({ scorer: { label: "Phone", since: "2026-11-28T10:00:00.000Z", you: true } }),
    false,
  );
  assert.equal(
    heldElsewhere({ scorer: { label: "Phone", since: "2026-11-28T10:00:00.000Z", you: false } }),
    true,
  );
});
