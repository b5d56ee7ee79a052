/**
 * Small event files (tt-event/1) for tests of what an import does to players and ratings: one singles category
 * in one group, a player per entry, completed matches with their results and scheduled ones to play.
 */
import type { EventFile, MatchInput, PlayerInput } from "../../event_file/format.ts";

/** What a small event is made of. */
export interface SmallEvent {
  slug: string;
  status: "draft" | "published" | "archived";
  players: PlayerInput[];
  /** Completed matches by player key, the winner first. */
  results?: [winner: string, loser: string][];
  /** Matches still to play, by player key. */
  scheduled?: [home: string, away: string][];
  /** When the first result was completed; the others follow a minute apart. */
  start?: string;
}

/**
 * The event as an import file: category "S" (singles, groups, best of 3), group "A" of every player (entry
 * key = player key).
 * @example groupEvent({ slug: "x", status: "draft", players: [{ id: "a", displayName: "A" }] }).categories[0].id // "S"
 */
export function groupEvent(o: SmallEvent): EventFile {
  const keys = o.players.map((p) => p.id);
  const start = Date.parse(o.start ?? "2026-06-01T09:00:00.000Z");
  const results = o.results ?? [];
  return {
    format: "tt-event/1",
    event: {
      slug: o.slug,
      name: `Event ${o.slug}`,
      venue: "Hall",
      startDate: "2026-06-01",
      endDate: "2026-06-01",
      status: o.status,
      description: "",
      posterUrl: null,
    },
    players: o.players,
    categories: [{
      id: "S",
      name: "Singles",
      kind: "singles",
      format: "groups",
      bestOf: 3,
      groupSize: Math.max(2, keys.length),
      entries: keys.map((k) => ({ id: k, players: [k] })),
      groups: [{ name: "A", entries: keys }],
      matches: [
        ...results.map(([winner, loser], i) => ({
          id: `r${i + 1}`,
          stage: "group" as const,
          group: "A",
          home: winner,
          away: loser,
          status: "completed" as const,
          games: ["11-5", "11-6"],
          firstServer: "home" as const,
          startedAt: new Date(start + i * 60_000 - 30_000).toISOString(),
          completedAt: new Date(start + i * 60_000).toISOString(),
        })),
        ...(o.scheduled ?? []).map(([home, away], i) => ({
          id: `s${i + 1}`,
          stage: "group" as const,
          group: "A",
          home,
          away,
          status: "scheduled" as const,
        })),
      ],
    }],
  };
}

/** A player known by federation id `ITTF:<n>`, with 30 rated matches behind the prior `rating`. */
export function federated(
  n: number,
  id: string,
  displayName: string,
  association: string,
  rating: number,
): PlayerInput {
  return { id, displayName, association, federationId: `ITTF:${n}`, prior: { rating, matchCount: 30 } };
}

/** Ana, known by federation id, with 30 rated matches behind her prior. */
export const ANA: PlayerInput = federated(1, "ana", "Ana Lopez", "TTC Ghent", 1600);

/** Ben, known by federation id, with 30 rated matches behind his prior. */
export const BEN: PlayerInput = federated(2, "ben", "Ben Okafor", "Antwerp TT", 1500);

/** The first match of a knockout's first round, entry "e1" against "e2", completed and won by "e1" as `result` says. */
export function firstMatchWonByE1(id: string, result: Partial<MatchInput>): MatchInput {
  return {
    id,
    stage: "knockout",
    round: 1,
    position: 0,
    home: "e1",
    away: "e2",
    status: "completed",
    winner: "e1",
    ...result,
  };
}

/** The event `slug`, as `status` says, where Ana beat Ben in their one match: the smallest import with a result. */
export function anaBeatsBen(slug: string, status: SmallEvent["status"]): EventFile {
  return groupEvent({ slug, status, players: [ANA, BEN], results: [["ana", "ben"]] });
}

/** The event `slug` as the desk receives it before the draw: these players in one category of groups of 4. */
export function undrawnGroups(slug: string, players: SmallEvent["players"]): EventFile {
  const file = groupEvent({ slug, status: "published", players: [...players] });
  delete file.categories[0]!.groups;
  file.categories[0]!.groupSize = 4;
  return file;
}
