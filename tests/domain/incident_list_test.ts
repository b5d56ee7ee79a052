import assert from "node:assert/strict";
import { alertsReferee, eventIncidents, type IncidentMatch } from "../../domain/incident_list.ts";

const match = (over: Partial<IncidentMatch> = {}): IncidentMatch => ({
  id: "m1",
  label: "R1",
  categoryId: "c1",
  categoryName: "Men's singles",
  tableNo: 3,
  homeName: "Ana Lopez",
  awayName: "Ben Okafor",
  resultReason: null,
  retirementAfterGame: null,
  completedAt: null,
  officiating: null,
  ...over,
});

Deno.test("alertsReferee() alerts on a red or a yellow and red card (Regulation 3.5.2.3, 3.5.2.4)", () => {
  assert.equal(alertsReferee("yellow"), false);
  assert.equal(alertsReferee("yellow_red"), true);
  assert.equal(alertsReferee("red"), true);
});

Deno.test("eventIncidents() lists the latest first with the match, table, game and score", () => {
  const m = match({
    officiating: {
      cards: [{
        side: "away",
        target: "player",
        card: "red",
        penaltyPoints: 0,
        gameNumber: 2,
        score: { home: 5, away: 3 },
        at: "2026-12-05T10:05:00.000Z",
      }],
      timeouts: [{
        side: "home",
        gameNumber: 1,
        score: { home: 9, away: 9 },
        at: "2026-12-05T10:01:00.000Z",
        endsAt: null,
      }],
      expedite: null,
    },
  });
  const list = eventIncidents([m], [], [{
    matchId: "m1",
    side: "home",
    gameNumber: 3,
    startedAt: "2026-12-05T10:10:00.000Z",
    endedAt: "2026-12-05T10:16:00.000Z",
    reason: "cut hand",
  }]);
  assert.deepEqual(list.map((i) => i.text), [
    "Medical break: Ana Lopez (cut hand), 6 min",
    "Red card: Ben Okafor",
    "Time-out: Ana Lopez",
  ]);
  assert.equal(list[1]!.match, "Ana Lopez v Ben Okafor (Men's singles, R1)");
  assert.equal(list[1]!.score, "5-3");
  assert.equal(list[1]!.tableNo, 3);
  assert.deepEqual(list.map((i) => i.alert), [false, true, false]);
  assert.equal(new Set(list.map((i) => i.key)).size, 3);
});

Deno.test("eventIncidents() gives each line the words its text is made of: match, kind, who, reason, minutes", () => {
  const list = eventIncidents(
    [match({
      resultReason: "retired",
      retirementAfterGame: 2,
      completedAt: "2026-12-05T11:00:00.000Z",
      officiating: {
        cards: [{
          side: "home",
          target: "coach",
          card: "yellow_red",
          penaltyPoints: 1,
          gameNumber: 2,
          score: { home: 5, away: 3 },
          at: "2026-12-05T10:05:00.000Z",
        }],
        timeouts: [],
        expedite: {
          byRequest: true,
          gameNumber: 3,
          score: { home: 1, away: 1 },
          at: "2026-12-05T10:20:00.000Z",
        },
      },
    })],
    [{
      matchId: "m1",
      at: "2026-12-05T10:40:00.000Z",
      actor: "Desk",
      kind: "result",
      games: [{ home: 11, away: 9 }],
    }],
    [{
      matchId: "m1",
      side: "away",
      gameNumber: 3,
      startedAt: "2026-12-05T10:30:00.000Z",
      endedAt: "2026-12-05T10:34:00.000Z",
      reason: "bleeding",
    }],
  );
  const match1 = { home: "Ana Lopez", away: "Ben Okafor", category: "Men's singles", stage: "R1" };
  assert.deepEqual(list.map((i) => i.words), [
    { kind: "retired", afterGame: 2, match: match1 },
    { kind: "result", by: "Desk", games: ["11-9"], match: match1 },
    { kind: "medical", side: "away", player: "Ben Okafor", reason: "bleeding", minutes: 4, match: match1 },
    { kind: "expedite", byRequest: true, match: match1 },
    {
      kind: "card",
      card: "yellow_red",
      side: "home",
      player: "Ana Lopez",
      coach: true,
      penaltyPoints: 1,
      match: match1,
    },
  ]);
  assert.equal(list[4]!.text, "Yellow and red card: Ana Lopez's coach, 1 penalty point");
});

Deno.test("eventIncidents() names a game corrected with the score it replaced, and a disqualification", () => {
  const list = eventIncidents(
    [match({ resultReason: "disqualified", completedAt: "2026-12-05T11:00:00.000Z" })],
    [{
      matchId: "m1",
      at: "2026-12-05T10:30:00.000Z",
      actor: "Desk",
      kind: "correct",
      game: 2,
      score: { home: 11, away: 9 },
      was: { home: 11, away: 7 },
    }],
    [],
  );
  assert.deepEqual(list.map((i) => [i.category, i.text]), [
    ["disqualified", "Disqualified"],
    ["correction", "Game 2 corrected by Desk to 11-9 (was 11-7)"],
  ]);
  assert.deepEqual(list[1]!.words, {
    kind: "correct",
    by: "Desk",
    game: 2,
    score: "11-9",
    was: "11-7",
    match: { home: "Ana Lopez", away: "Ben Okafor", category: "Men's singles", stage: "R1" },
  });
});

Deno.test("eventIncidents() says the reason the umpire's phone asked, and marks an undone card that alerts no one", () => {
  const list = eventIncidents(
    [match({})],
    [],
    [{
      matchId: "m1",
      side: "away",
      gameNumber: 2,
      startedAt: "2026-12-05T10:10:00.000Z",
      endedAt: null,
      reason: "accident",
    }],
    [{
      matchId: "m1",
      seq: 2,
      incident: { kind: "card", side: "home", target: "player", card: "red" },
      gameNumber: 1,
      score: { home: 4, away: 2 },
      at: "2026-12-05T10:05:00.000Z",
      undoneAt: "2026-12-05T10:05:30.000Z",
      undoneBy: "Table 3 phone",
    }],
  );
  assert.deepEqual(list.map((i) => [i.text, i.alert, i.undone]), [
    ["Medical break: Ben Okafor (injury from an accident), under way", false, null],
    ["Red card: Ana Lopez (undone)", false, { at: "2026-12-05T10:05:30.000Z", by: "Table 3 phone" }],
  ]);
  assert.equal(list[1]!.key, "undone:m1:2");
  assert.deepEqual(list[0]!.words, {
    kind: "medical",
    side: "away",
    player: "Ben Okafor",
    reason: "accident",
    minutes: null,
    match: { home: "Ana Lopez", away: "Ben Okafor", category: "Men's singles", stage: "R1" },
  });
  assert.equal(list[1]!.words.kind, "card");
  assert.equal(list[1]!.score, "4-2");
});
