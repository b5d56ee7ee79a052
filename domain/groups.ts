/**
 * Round-robin groups: snake seeding into groups, association spread, and the order of play in a group.
 *
 * docs/draws.md states the rules, the lot and the exact order-of-play tables.
 *
 * @module
 */

import { isDrawnGroupSize, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "./group_size.ts";
import { createRng, shuffle } from "./lot.ts";

/** One entry of a group draw: `seed` 1 is the best; `rating` orders unseeded entries (higher first). */
export type GroupEntry = {
  id: string;
  seed?: number;
  rating?: number;
  association?: string;
};

/** The size of the groups (3 to 16) and the stored seed string of the lot. */
export type GroupOptions = { groupSize: number; lotSeed: string };

/** A group: its name ("A", "B", ...) and its members' ids in seeding order (the top seed first). */
export type Group = { name: string; members: string[] };

/** A match of a group's order of play: indices into the group's members (0 = top seed). */
export type RoundRobinPair = [number, number];

/** Invalid input to a group draw (group size, duplicates, a malformed seed or rating). */
export class GroupError extends Error {
  override name = "GroupError";
}

/**
 * The name of the group at zero-based `index`: "A".."Z", then "AA", "AB", ... like spreadsheet columns.
 *
 * @example groupName(0) === "A"; groupName(25) === "Z"; groupName(26) === "AA"
 */
export function groupName(index: number): string {
  if (!Number.isInteger(index) || index < 0) {
    throw new GroupError(`Cannot name group "${index}": expected a whole number from 0`);
  }
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function validate(entries: readonly GroupEntry[], options: GroupOptions): void {
  const { groupSize, lotSeed } = options;
  if (!isDrawnGroupSize(groupSize)) {
    throw new GroupError(
      `Cannot make groups of "${groupSize}": the group size must be ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}`,
    );
  }
  if (typeof lotSeed !== "string" || lotSeed.length === 0) {
    throw new GroupError("Cannot make groups: the lot seed is empty");
  }
  if (entries.length < 2) {
    throw new GroupError(`Cannot make groups of "${entries.length}" entries: at least 2 are needed`);
  }
  const ids = new Set<string>();
  const seeds = new Map<number, string>();
  for (const e of entries) {
    if (typeof e.id !== "string" || e.id.length === 0) {
      throw new GroupError("Cannot make groups: an entry has an empty id");
    }
    if (ids.has(e.id)) throw new GroupError(`Cannot make groups: duplicate entry id "${e.id}"`);
    ids.add(e.id);
    if (e.rating !== undefined && !Number.isFinite(e.rating)) {
      throw new GroupError(`Cannot make groups: rating "${e.rating}" of "${e.id}" is not a number`);
    }
    if (e.seed === undefined) continue;
    if (!Number.isInteger(e.seed) || e.seed < 1) {
      throw new GroupError(
        `Cannot make groups: seed "${e.seed}" of "${e.id}" is not a positive whole number`,
      );
    }
    const other = seeds.get(e.seed);
    if (other !== undefined) {
      throw new GroupError(`Cannot make groups: seed "${e.seed}" is given to both "${other}" and "${e.id}"`);
    }
    seeds.set(e.seed, e.id);
  }
}

/** Seeded entries by seed, then rated ones by rating (higher first), then the rest; ties by lot. */
function seedingOrder(entries: readonly GroupEntry[], lotSeed: string): GroupEntry[] {
  const tier = (e: GroupEntry) => (e.seed !== undefined ? 0 : e.rating !== undefined ? 1 : 2);
  // Shuffle first, then sort stably: whatever the sort leaves level keeps the lot's order.
  return shuffle(entries, createRng(lotSeed)).sort((a, b) =>
    tier(a) - tier(b) || (a.seed ?? 0) - (b.seed ?? 0) || (b.rating ?? 0) - (a.rating ?? 0)
  );
}

/** The column a snake puts position `i` into, with `count` groups: A..Z, then back Z..A, and so on. */
function snakeGroup(i: number, count: number): number {
  const band = Math.floor(i / count);
  const col = i % count;
  return band % 2 === 0 ? col : count - 1 - col;
}

/**
 * A minimum-cost assignment of rows to columns of a square matrix (the Hungarian method, O(n^3)).
 * Returns the column of each row.
 */
function assignment(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  const at = (a: readonly number[], i: number) => a[i] as number;
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = at(p, j0);
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = at(cost[i0 - 1] as number[], j - 1) - at(u, i0) - at(v, j);
        if (cur < at(minv, j)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (at(minv, j) < delta) {
          delta = at(minv, j);
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[at(p, j)] = at(u, at(p, j)) + delta;
          v[j] = at(v, j) - delta;
        } else {
          minv[j] = at(minv, j) - delta;
        }
      }
      j0 = j1;
    } while (at(p, j0) !== 0);
    do {
      const j1 = at(way, j0);
      p[j0] = at(p, j1);
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowToCol = new Array<number>(n).fill(0);
  for (let j = 1; j <= n; j++) rowToCol[at(p, j) - 1] = j - 1;
  return rowToCol;
}

/**
 * Draws entries into ceil(n / groupSize) groups named A, B, C, ... by snake seeding.
 *
 * Entries are ordered by seed, then by rating (higher first), then by lot, and dealt in bands of one
 * entry per group: band 1 A..last, band 2 last..A, and so on, so group sizes differ by at most one.
 * Within each band after the first, entries may trade groups so that as few as possible join a group
 * that already holds a player of their association; among the best spreads, the one that moves entries
 * the shortest way along the band (nearest in strength) wins.
 *
 * @example makeGroups(eightPlayers, { groupSize: 4, lotSeed: "s" }) // A: seeds 1, 4, 5, 8; B: 2, 3, 6, 7
 */
export function makeGroups(entries: readonly GroupEntry[], options: GroupOptions): Group[] {
  validate(entries, options);
  const count = Math.ceil(entries.length / options.groupSize);
  const order = seedingOrder(entries, options.lotSeed);
  const members: GroupEntry[][] = Array.from({ length: count }, () => []);

  for (let start = 0; start < order.length; start += count) {
    const band = order.slice(start, start + count);
    const targets = band.map((_, k) => snakeGroup(start + k, count));
    // A move costs how far it shifts the entry along the band, so the nearest in strength trade places;
    // a clash outweighs every possible total of moves, so the assignment first spreads, then keeps the snake.
    const clashWeight = band.length * band.length + 1;
    const cost = band.map((entry, k) =>
      targets.map((g, j) => {
        const clashes = entry.association === undefined
          ? 0
          : (members[g] ?? []).filter((m) => m.association === entry.association).length;
        return clashes * clashWeight + Math.abs(j - k);
      })
    );
    const cols = assignment(cost);
    band.forEach((entry, k) => members[targets[cols[k] as number] as number]?.push(entry));
  }

  return members.map((list, i) => ({ name: groupName(i), members: list.map((e) => e.id) }));
}

// Order-of-play tables (0 = the group's top seed), one array per round; docs/draws.md prints them
// 1-based. Each puts the deciding match last: 1 v 2 when one player qualifies, 2 v 3 when two do.
const ONE_QUALIFIES: Record<number, RoundRobinPair[][]> = {
  2: [[[0, 1]]],
  3: [[[0, 2]], [[1, 2]], [[0, 1]]],
  4: [[[0, 3], [1, 2]], [[0, 2], [1, 3]], [[2, 3], [0, 1]]],
  5: [[[0, 4], [1, 3]], [[1, 2], [3, 4]], [[0, 3], [2, 4]], [[0, 2], [1, 4]], [[2, 3], [0, 1]]],
  6: [
    [[0, 5], [1, 4], [2, 3]],
    [[0, 4], [1, 2], [3, 5]],
    [[0, 3], [1, 5], [2, 4]],
    [[0, 2], [1, 3], [4, 5]],
    [[2, 5], [3, 4], [0, 1]],
  ],
};

const TWO_QUALIFY: Record<number, RoundRobinPair[][]> = {
  2: [[[0, 1]]],
  3: [[[0, 2]], [[0, 1]], [[1, 2]]],
  4: [[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]]],
  5: [[[0, 4], [1, 3]], [[1, 4], [2, 3]], [[0, 2], [3, 4]], [[0, 1], [2, 4]], [[0, 3], [1, 2]]],
  6: [
    [[0, 5], [1, 4], [2, 3]],
    [[0, 1], [2, 4], [3, 5]],
    [[0, 2], [1, 5], [3, 4]],
    [[0, 4], [1, 3], [2, 5]],
    [[0, 3], [4, 5], [1, 2]],
  ],
};

/**
 * The order of play of a group of `memberCount` (2 to 16), as rounds of pairs of member indices.
 *
 * Every pair plays once; rounds follow the Berger (circle) pattern, the top seed meets the bottom seed
 * in round 1, and the match that decides qualification comes last: seeds 1 v 2 when one player
 * qualifies, 2 v 3 when two do. With an odd count one member rests (has the bye) in each round. Groups of
 * 2 to 6 follow the tables of docs/draws.md; larger ones the circle (`bergerRounds`). Flatten the rounds
 * for the order of play.
 *
 * @example roundRobinOrder(4, 1) // [[[0, 3], [1, 2]], [[0, 2], [1, 3]], [[2, 3], [0, 1]]]
 */
export function roundRobinOrder(memberCount: number, qualifiers: 1 | 2): RoundRobinPair[][] {
  if (qualifiers !== 1 && qualifiers !== 2) {
    throw new GroupError(`Cannot order a group's matches for "${qualifiers}" qualifiers: expected 1 or 2`);
  }
  if (!Number.isInteger(memberCount) || memberCount < 2 || memberCount > MAX_GROUP_SIZE) {
    throw new GroupError(
      `Cannot order the matches of a group of "${memberCount}": expected 2 to ${MAX_GROUP_SIZE} members`,
    );
  }
  const table = (qualifiers === 1 ? ONE_QUALIFIES : TWO_QUALIFY)[memberCount];
  if (table !== undefined) return table.map((round) => round.map(([a, b]) => [a, b] as RoundRobinPair));
  return decidingLast(bergerRounds(memberCount), qualifiers === 1 ? [0, 1] : [1, 2]);
}

/**
 * The rounds of a round robin by the circle (Berger) method: round 1 pairs 1 v n, 2 v n-1, ...; the top seed
 * stays in place and the others turn one place each round. An odd count adds a bye in the middle, so the middle
 * seed rests in round 1 and each member rests once.
 * @example bergerRounds(4) // [[[0, 3], [1, 2]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]]
 */
export function bergerRounds(memberCount: number): RoundRobinPair[][] {
  const bye = -1;
  const ring: number[] = Array.from({ length: memberCount }, (_, i) => i);
  if (memberCount % 2 === 1) ring.splice((memberCount + 1) / 2, 0, bye);
  const n = ring.length;
  const rounds: RoundRobinPair[][] = [];
  for (let r = 0; r < n - 1; r++) {
    const round: RoundRobinPair[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = ring[i]!;
      const b = ring[n - 1 - i]!;
      if (a !== bye && b !== bye) round.push(a < b ? [a, b] : [b, a]);
    }
    rounds.push(round);
    ring.splice(1, 0, ring.pop()!);
  }
  return rounds;
}

/** The rounds with the round that holds `pair` moved last (round 1 stays first) and `pair` last in it. */
function decidingLast(rounds: RoundRobinPair[][], pair: RoundRobinPair): RoundRobinPair[][] {
  const holds = (p: RoundRobinPair) => p[0] === pair[0] && p[1] === pair[1];
  const at = rounds.findIndex((round) => round.some(holds));
  if (at <= 0) return rounds;
  const round = rounds[at]!;
  const moved = [...round.filter((p) => !holds(p)), pair];
  return [...rounds.slice(0, at), ...rounds.slice(at + 1), moved];
}
