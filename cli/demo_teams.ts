/**
 * A small team event for demonstrations and the screens (docs/teams.md): a group of four national teams playing
 * the World Team Championships format, four ties over, one being played (its line-ups published, its first match
 * won, its second under way) and one still to come (line-ups not published yet), times around now. Not part of
 * the demo tournament, which the simulation plays through: written as an event file to import,
 * `deno run cli/demo_teams.ts > team-cup.json && deno task import team-cup.json`.
 */
import type { EventFile, MatchInput, PlayerInput, TieMatchInput } from "../event_file/format.ts";
import { hallDay } from "../lib/hall_day.ts";

export const DEMO_TEAMS_SLUG = "demo-team-cup-2026";

const TEAMS: readonly { code: string; name: string; players: readonly string[]; rating: number }[] = [
  {
    code: "BEL",
    name: "Belgium",
    players: ["Cédric Nuytinck", "Martin Allegro", "Adrien Rassenfosse"],
    rating: 2150,
  },
  {
    code: "NED",
    name: "Netherlands",
    players: ["Bas Verhoeven", "Thijs de Boer", "Ruud Smit"],
    rating: 2100,
  },
  {
    code: "LUX",
    name: "Luxembourg",
    players: ["Luka Mladenovic", "Eric Glod", "Gilles Michely"],
    rating: 2000,
  },
  { code: "FRA", name: "France", players: ["Théo Girard", "Lucas Moreau", "Simon Lefort"], rating: 2200 },
];

/** A tie's matches: `winners` ("H" home, "A" away) in order, each 3-1 in games, played one after the other. */
function played(winners: string, start: number, minutes: (m: number) => string): TieMatchInput[] {
  return [...winners].map((w, i) => ({
    order: i + 1,
    status: "completed" as const,
    games: w === "H" ? ["11-7", "9-11", "11-8", "11-6"] : ["7-11", "11-9", "8-11", "6-11"],
    winner: w === "H" ? "home" as const : "away" as const,
    startedAt: minutes(start + 25 * i),
    completedAt: minutes(start + 25 * i + 22),
  }));
}

/** The demo's team event, its times around `now`. */
export function buildTeamDemoEvent(now: Date): EventFile {
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  const key = (team: string, i: number) => `${team.toLowerCase()}${i + 1}`;
  const players: PlayerInput[] = TEAMS.flatMap((t) =>
    t.players.map((name, i) => ({
      id: key(t.code, i),
      displayName: name,
      association: t.name,
      prior: { rating: t.rating - 40 * i, matchCount: 60 },
    }))
  );
  const lineup = (team: string, positions: readonly string[]) => ({
    positions: Object.fromEntries(positions.map((p, i) => [p, key(team, i)])),
  });
  const tie = (
    n: number,
    home: string,
    away: string,
    rest: Partial<MatchInput>,
  ): MatchInput => ({
    id: `T${n}`,
    stage: "group",
    group: "A",
    round: Math.ceil(n / 2),
    position: n - 1,
    home,
    away,
    table: (n % 2) + 1,
    status: "scheduled",
    ...rest,
  });
  const over = (n: number, home: string, away: string, winners: string, start: number): MatchInput => {
    const homeWins = [...winners].filter((w) => w === "H").length >= 3;
    return tie(n, home, away, {
      status: "completed",
      winner: homeWins ? home : away,
      tie: {
        home: lineup(home, ["A", "B", "C"]),
        away: lineup(away, ["X", "Y", "Z"]),
        published: true,
        matches: played(winners, start, minutes),
      },
    });
  };
  const running: MatchInput = tie(5, "FRA", "BEL", {
    status: "in_progress",
    startedAt: minutes(-30),
    tie: {
      home: lineup("FRA", ["A", "B", "C"]),
      away: lineup("BEL", ["X", "Y", "Z"]),
      published: true,
      matches: [
        ...played("H", -30, minutes),
        {
          order: 2,
          status: "in_progress",
          games: ["9-11", "11-8"],
          current: "6-4",
          table: 2,
          startedAt: minutes(-6),
        },
      ],
    },
  });
  return {
    format: "tt-event/1",
    event: {
      slug: DEMO_TEAMS_SLUG,
      name: "Demo Team Cup 2026",
      venue: "Sporthal De Kouter, Ghent",
      // The hall's days (its time zone is the server's) from the first tie, five hours ago, to the last, in one.
      startDate: hallDay(new Date(minutes(-300))),
      endDate: hallDay(new Date(minutes(60))),
      status: "published",
      description:
        "A demonstration team event: four national teams in a group, each tie five singles at most (the World " +
        "Team Championships format), one tie being played.",
      posterUrl: null,
    },
    players,
    categories: [{
      id: "MT",
      name: "Men's Teams",
      kind: "team",
      teamFormat: "wttc",
      format: "groups",
      bestOf: 5,
      groupSize: 4,
      entries: TEAMS.map((t, i) => ({
        id: t.code,
        name: t.name,
        association: t.name,
        players: t.players.map((_, j) => key(t.code, j)),
        seed: i + 1,
      })),
      groups: [{ name: "A", entries: TEAMS.map((t) => t.code) }],
      matches: [
        over(1, "BEL", "LUX", "HHAH", -300),
        over(2, "FRA", "NED", "HHH", -300),
        over(3, "BEL", "NED", "AHAHH", -180),
        over(4, "FRA", "LUX", "HAHH", -180),
        running,
        tie(6, "NED", "LUX", { scheduledAt: minutes(60) }),
      ],
    }],
  };
}

if (import.meta.main) {
  // The event file on standard output, as the import reads it.
  await Deno.stdout.write(
    new TextEncoder().encode(JSON.stringify(buildTeamDemoEvent(new Date()), null, 2) + "\n"),
  );
}
