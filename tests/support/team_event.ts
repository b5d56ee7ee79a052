/**
 * A team event like the World Team Championships (docs/teams.md): a group of four teams ("WTG", format
 * "wttc") and a knockout of eight ("WTK"), three players a team, as an event file. `played` ties of the group
 * come with their line-ups and matches, home winning 3-1.
 */
import type { EventFile, MatchInput, PlayerInput } from "../../event_file/format.ts";

export const TEAM_SLUG = "team-worlds-2026";

const GROUP_TEAMS = ["CHN", "JPN", "GER", "FRA"];
const KNOCKOUT_TEAMS = ["KOR", "SWE", "BRA", "EGY", "TPE", "POR", "IND", "USA"];

/** The player keys of a team: its code and 1, 2, 3. */
export function teamPlayers(team: string): string[] {
  return [1, 2, 3].map((n) => `${team.toLowerCase()}${n}`);
}

function players(teams: string[]): PlayerInput[] {
  return teams.flatMap((t, i) =>
    teamPlayers(t).map((id, j) => ({
      id,
      displayName: `${t} Player ${j + 1}`,
      association: t,
      prior: { rating: 2000 - 40 * i - 10 * j, matchCount: 40 },
    }))
  );
}

/** A tie of the group: home A, B, C against away X, Y, Z; `played` with home winning 3-1. */
function groupTie(id: string, home: string, away: string, played: boolean, position: number): MatchInput {
  const [a, b, c] = teamPlayers(home);
  const [x, y, z] = teamPlayers(away);
  const base: MatchInput = {
    id,
    stage: "group",
    group: "A",
    round: 1,
    position,
    home,
    away,
    status: "scheduled",
  };
  if (!played) return base;
  const win = ["11-5", "11-6", "11-7"];
  const loss = ["5-11", "6-11", "7-11"];
  return {
    ...base,
    status: "completed",
    winner: home,
    tie: {
      home: { positions: { A: a!, B: b!, C: c! } },
      away: { positions: { X: x!, Y: y!, Z: z! } },
      published: true,
      matches: [
        { order: 1, status: "completed", games: win, winner: "home" },
        { order: 2, status: "completed", games: loss, winner: "away" },
        { order: 3, status: "completed", games: win, winner: "home" },
        { order: 4, status: "completed", games: win, winner: "home" },
      ],
    },
  };
}

/** The event file; `played` says how many of the group's six ties are over (0 to 6). */
export function teamEventFile(played = 2): EventFile {
  const pairs = [["CHN", "FRA"], ["JPN", "GER"], ["CHN", "GER"], ["JPN", "FRA"], ["CHN", "JPN"], [
    "GER",
    "FRA",
  ]];
  const team = (code: string, i: number) => ({
    id: code,
    name: `Team ${code}`,
    association: code,
    players: teamPlayers(code),
    seed: i + 1,
  });
  const knockoutMatches: MatchInput[] = [];
  for (let round = 1, count = 4; count >= 1; round++, count /= 2) {
    for (let position = 0; position < count; position++) {
      knockoutMatches.push({
        id: `K${round}-${position}`,
        stage: "knockout",
        round,
        position,
        ...(round === 1
          ? { home: KNOCKOUT_TEAMS[2 * position], away: KNOCKOUT_TEAMS[2 * position + 1] }
          : {}),
        status: "scheduled",
      });
    }
  }
  return {
    format: "tt-event/1",
    event: {
      slug: TEAM_SLUG,
      name: "Team Worlds 2026",
      venue: "Arena",
      startDate: "2026-05-01",
      endDate: "2026-05-03",
      status: "published",
    },
    players: players([...GROUP_TEAMS, ...KNOCKOUT_TEAMS]),
    categories: [
      {
        id: "WTG",
        name: "Men's Teams, groups",
        kind: "team",
        teamFormat: "wttc",
        format: "groups",
        bestOf: 5,
        groupSize: 4,
        entries: GROUP_TEAMS.map(team),
        groups: [{ name: "A", entries: GROUP_TEAMS }],
        matches: pairs.map(([h, a], i) => groupTie(`G${i + 1}`, h!, a!, i < played, i)),
      },
      {
        id: "WTK",
        name: "Men's Teams, knockout",
        kind: "team",
        teamFormat: "wttc",
        format: "knockout",
        bestOf: 5,
        entries: KNOCKOUT_TEAMS.map(team),
        draw: { state: "locked", size: 8, slots: KNOCKOUT_TEAMS },
        matches: knockoutMatches,
      },
    ],
  };
}
