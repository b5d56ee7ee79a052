/**
 * A team event for the screens' tests (the tie overlay, the venue TV, a tie's page): national teams as at a world
 * team championships, imported through the event file (docs/teams.md) with their line-ups published. The men's
 * semi-final China v Japan stands at 2–1 with its fourth singles in play on table 1; Germany beat Sweden 3–1; the
 * mixed teams' final, between the two nations with the longest names, plays its opening doubles on table 3.
 */
import { importEvent } from "../../event_file/import.ts";
import type { EventFile, PlayerInput } from "../../event_file/format.ts";
import { matchIdFor } from "../../db/ids.ts";
import type { Store } from "../../db/store.ts";

export const SCREENS_SLUG = "world-teams-2026";

/** The teams: code, name and three players (A/X, B/Y, C/Z in the line-ups). */
const TEAMS: Record<string, { name: string; players: [string, string, string] }> = {
  CHN: { name: "China", players: ["Zhou Mingxuan", "Lin Haoran", "Chen Yufeng"] },
  JPN: { name: "Japan", players: ["Haruto Ishikawa", "Ren Kobayashi", "Sota Morimoto"] },
  GER: { name: "Germany", players: ["Jonas Falkenberg", "Lukas Oberhauser", "Felix Brandstätter"] },
  SWE: { name: "Sweden", players: ["Anton Lindqvist", "Elias Bergström", "Viktor Sandell"] },
  PRK: {
    name: "Democratic People's Republic of Korea",
    players: ["Kim Kum-yong Pyon", "Ri Jong-sik Han", "Pak Su-gyong Choe"],
  },
  BIH: {
    name: "Bosnia and Herzegovina",
    players: ["Emina Hadžihalilović-Karahasanović", "Dženan Mehmedbašić", "Lejla Kovačević-Softić"],
  },
};

const key = (team: string, n: number) => `${team.toLowerCase()}${n}`;

function players(): PlayerInput[] {
  return Object.entries(TEAMS).flatMap(([code, t], i) =>
    t.players.map((displayName, j) => ({
      id: key(code, j + 1),
      displayName,
      association: code,
      prior: { rating: 2400 - 60 * i - 20 * j, matchCount: 60 },
    }))
  );
}

const team = (code: string, i: number) => ({
  id: code,
  name: TEAMS[code]!.name,
  association: code,
  players: [1, 2, 3].map((n) => key(code, n)),
  seed: i + 1,
});

/** Both line-ups of a tie: the home team's players 1, 2, 3 at A, B, C, the away team's at X, Y, Z. */
const lineups = (home: string, away: string) => ({
  home: { positions: { A: key(home, 1), B: key(home, 2), C: key(home, 3) } },
  away: { positions: { X: key(away, 1), Y: key(away, 2), Z: key(away, 3) } },
  published: true,
});

/** The event file. */
export function screensEventFile(): EventFile {
  const start = "2026-05-02T10:00:00Z";
  return {
    format: "tt-event/1",
    event: {
      slug: SCREENS_SLUG,
      name: "World Team Championships 2026",
      venue: "London",
      startDate: "2026-04-28",
      endDate: "2026-05-03",
      status: "published",
    },
    players: players(),
    categories: [
      {
        id: "MT",
        name: "Men's Teams",
        kind: "team",
        teamFormat: "wttc",
        format: "knockout",
        bestOf: 5,
        entries: ["CHN", "JPN", "GER", "SWE"].map(team),
        draw: { state: "locked", size: 4, slots: ["CHN", "JPN", "GER", "SWE"] },
        matches: [
          {
            id: "SF1",
            stage: "knockout",
            round: 1,
            position: 0,
            home: "CHN",
            away: "JPN",
            table: 1,
            scheduledAt: start,
            status: "in_progress",
            tie: {
              ...lineups("CHN", "JPN"),
              matches: [
                { order: 1, status: "completed", games: ["11-7", "9-11", "11-6", "11-8"], winner: "home" },
                {
                  order: 2,
                  status: "completed",
                  games: ["8-11", "11-9", "7-11", "11-5", "9-11"],
                  winner: "away",
                },
                { order: 3, status: "completed", games: ["11-4", "11-9", "13-11"], winner: "home" },
                { order: 4, table: 1, status: "in_progress", games: ["11-9", "8-11"], current: "7-5" },
              ],
            },
          },
          {
            id: "SF2",
            stage: "knockout",
            round: 1,
            position: 1,
            home: "GER",
            away: "SWE",
            table: 2,
            scheduledAt: start,
            status: "completed",
            winner: "GER",
            tie: {
              ...lineups("GER", "SWE"),
              matches: [
                { order: 1, status: "completed", games: ["11-8", "11-7", "11-9"], winner: "home" },
                { order: 2, status: "completed", games: ["9-11", "11-13", "11-8", "6-11"], winner: "away" },
                { order: 3, status: "completed", games: ["11-5", "11-3", "11-8"], winner: "home" },
                { order: 4, status: "completed", games: ["11-9", "5-11", "11-7", "11-9"], winner: "home" },
              ],
            },
          },
          { id: "F", stage: "knockout", round: 2, position: 0, status: "scheduled" },
        ],
      },
      {
        id: "XT",
        name: "Mixed Teams",
        kind: "team",
        teamFormat: "olympic",
        format: "knockout",
        bestOf: 5,
        entries: ["PRK", "BIH"].map(team),
        draw: { state: "locked", size: 2, slots: ["PRK", "BIH"] },
        matches: [
          {
            id: "XF",
            stage: "knockout",
            round: 1,
            position: 0,
            home: "PRK",
            away: "BIH",
            table: 3,
            scheduledAt: start,
            status: "in_progress",
            tie: {
              ...lineups("PRK", "BIH"),
              matches: [{ order: 1, table: 3, status: "in_progress", games: ["11-8"], current: "9-9" }],
            },
          },
        ],
      },
    ],
  };
}

/** The ties and matches the tests look at, by id. */
export interface ScreensSeeded {
  slug: string;
  /** China v Japan, 2–1, its fourth match (`liveSingles`) in play. */
  menSemi: string;
  liveSingles: string;
  /** Germany v Sweden, over: 3–1. */
  menSemiOver: string;
  /** The men's final: Germany against the winner of China v Japan, not known yet. */
  menFinal: string;
  /** The mixed teams' final, its doubles (`liveDoubles`) in play. */
  mixedFinal: string;
  liveDoubles: string;
}

/** Imports the team event; the ids of its ties and of the matches in play. */
export async function seedTeamScreens(store: Store): Promise<ScreensSeeded> {
  await importEvent(store, screensEventFile(), () => new Date("2026-05-02T10:30:00Z"));
  const tie = (category: string, id: string) => matchIdFor(SCREENS_SLUG, category, id);
  const matchOf = async (tieId: string, order: number) =>
    (await store.db.selectFrom("matches").select("id").where("tie_id", "=", tieId).where(
      "tie_order",
      "=",
      order,
    )
      .executeTakeFirstOrThrow()).id;
  const menSemi = tie("MT", "SF1"), mixedFinal = tie("XT", "XF");
  return {
    slug: SCREENS_SLUG,
    menSemi,
    liveSingles: await matchOf(menSemi, 4),
    menSemiOver: tie("MT", "SF2"),
    menFinal: tie("MT", "F"),
    mixedFinal,
    liveDoubles: await matchOf(mixedFinal, 1),
  };
}
