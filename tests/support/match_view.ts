/** A factory of matches in the public API's shape (views/schemas.ts `Match`), for tests of the pages' helpers. */
import type { Match } from "../../pages/view_types.ts";

let n = 0;

/** A scheduled match numbered anew each call ("Home 3" against "Away 3"), with the overrides given. */
export function makeMatchView(o: Partial<Match> = {}): Match {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    eventId: "e",
    subeventId: "s",
    status: "scheduled",
    matchKind: "tournament",
    stage: "group",
    groupId: null,
    groupName: null,
    roundNo: 1,
    bracketPos: 0,
    stageLabel: "Group A",
    tableNo: null,
    scheduledAt: null,
    calledAt: null,
    estimatedStart: null,
    bestOf: 5,
    homeId: "h",
    awayId: "a",
    homeName: `Home ${n}`,
    awayName: `Away ${n}`,
    winnerId: null,
    resultReasonCode: null,
    retirementAfterGame: null,
    gamesWon: { home: 0, away: 0 },
    currentGame: { home: 0, away: 0 },
    gameScores: [],
    startedAt: null,
    completedAt: null,
    updatedAt: "2026-11-28T08:00:00.000Z",
    umpire: null,
    ...o,
  };
}

/** An umpire block with nothing recorded, and the overrides given. */
export function makeOfficiating(o: Partial<NonNullable<Match["umpire"]>> = {}): NonNullable<Match["umpire"]> {
  return {
    gamePoint: null,
    server: null,
    receiver: null,
    ends: null,
    expedite: null,
    timeouts: [],
    cards: [],
    ...o,
  };
}
