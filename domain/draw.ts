/**
 * Knockout draws: seeds, byes and association separation, after the ITTF draw regulations.
 *
 * The source is the draw section of the ITTF Handbook, Regulations for International Competitions
 * (seeding by ranking, byes, separation of players of the same association). docs/draws.md states the
 * rules as implemented here, where they leave a choice open, and the exact lot.
 *
 * @module
 */

import { createRng, pickByLot, type Rng } from "./lot.ts";

/** One entry of a knockout draw: `seed` 1 is the best (unseeded entries have none). */
export type DrawEntry = {
  id: string;
  seed?: number;
  association?: string;
};

/** What the lot needs: the stored seed string the draw is reproduced from. */
export type DrawOptions = { lotSeed: string };

/** A first-round slot: an entry id, or null for a bye. */
export type DrawSlot = string | null;

/**
 * The association an entry stands for in the draw's separation: its players' when they share one; a pair of two
 * associations stands for neither.
 * @example commonAssociation(["SWE", "SWE"]) // "SWE"; commonAssociation(["SWE", "DEN"]) // undefined
 */
export function commonAssociation(associations: readonly (string | undefined | null)[]): string | undefined {
  const first = associations[0];
  return first && associations.every((a) => a === first) ? first : undefined;
}

/** Why a draw cannot be made, for a page's words: a code and the values its message names. */
export interface DrawFault {
  code:
    | "too-few-entries"
    | "too-many-entries"
    | "duplicate-entry"
    | "duplicate-seed"
    | "qualifiers-per-group"
    | "too-few-qualifiers";
  params: Record<string, string | number>;
}

/** Invalid input to a draw (too few entries, duplicate ids or seeds, a malformed seed); `fault` says which. */
export class DrawError extends Error {
  override name = "DrawError";
  constructor(message: string, readonly fault?: DrawFault) {
    super(message);
  }
}

/**
 * The number of first-round slots for `entryCount` entries: the next power of two, at least 2.
 *
 * @example bracketSize(12) === 16; bracketSize(16) === 16; bracketSize(2) === 2
 */
export function bracketSize(entryCount: number): number {
  if (!Number.isInteger(entryCount) || entryCount < 0) {
    throw new DrawError(`Cannot size a bracket for "${entryCount}" entries: expected a whole number`);
  }
  let size = 2;
  while (size < entryCount) size *= 2;
  return size;
}

/** log2 of a bracket size, after checking that it is a power of two of at least 2. */
function levelsOf(size: number): number {
  if (!Number.isInteger(size) || size < 2 || (size & (size - 1)) !== 0) {
    throw new DrawError(`Cannot use a bracket of "${size}" slots: expected a power of two of at least 2`);
  }
  return Math.log2(size);
}

/**
 * The slots reserved for each seed group, top to bottom: `[[seed 1], [seed 2], [seeds 3-4], [seeds 5-8], ...]`.
 *
 * Seed 1 takes the top, seed 2 the bottom; seeds 2^(m-1)+1..2^m are drawn among the ends of the sections
 * of size/2^(m-1) slots: the bottom of each odd-numbered section and the top of each even-numbered one
 * (ITTF Handbook, Regulations for International Competitions, draw section, seeding by ranking).
 *
 * @example seedPositions(16) // [[0], [15], [7, 8], [3, 4, 11, 12], [1, 2, 5, 6, 9, 10, 13, 14]]
 */
export function seedPositions(size: number): number[][] {
  const levels = levelsOf(size);
  const groups: number[][] = [[0], [size - 1]];
  for (let m = 2; m <= levels; m++) {
    const section = size / 2 ** (m - 1);
    const group: number[] = [];
    for (let t = 1; t < 2 ** (m - 1); t += 2) group.push(t * section - 1, t * section);
    groups.push(group);
  }
  return groups;
}

/** The round in which slots `a` and `b` would meet: 1 for the first round, log2(size) for the final. */
export function meetingRound(a: number, b: number): number {
  return 32 - Math.clz32(a ^ b);
}

/**
 * The largest bracket, in first-round slots: as large as the import format's (docs/import-format.md), so that
 * every draw made here can be exported and imported again, and far above any real category (a world
 * championship's singles draw has 128 or 256).
 */
export const MAX_BRACKET_SIZE = 256;

function validate(entries: readonly DrawEntry[], options: DrawOptions): void {
  if (entries.length < 2) {
    throw new DrawError(`Cannot make a knockout draw of "${entries.length}" entries: at least 2 are needed`, {
      code: "too-few-entries",
      params: { n: entries.length },
    });
  }
  if (entries.length > MAX_BRACKET_SIZE) {
    throw new DrawError(
      `Cannot make a knockout draw of "${entries.length}" entries: a bracket has at most ${MAX_BRACKET_SIZE} ` +
        "slots (split the category, or play groups first)",
      { code: "too-many-entries", params: { n: entries.length, max: MAX_BRACKET_SIZE } },
    );
  }
  if (typeof options.lotSeed !== "string" || options.lotSeed.length === 0) {
    throw new DrawError("Cannot make a knockout draw: the lot seed is empty");
  }
  const ids = new Set<string>();
  const seeds = new Map<number, string>();
  for (const entry of entries) {
    if (typeof entry.id !== "string" || entry.id.length === 0) {
      throw new DrawError("Cannot make a knockout draw: an entry has an empty id");
    }
    if (ids.has(entry.id)) {
      throw new DrawError(`Cannot make a knockout draw: duplicate entry id "${entry.id}"`, {
        code: "duplicate-entry",
        params: { entry: entry.id },
      });
    }
    ids.add(entry.id);
    if (entry.seed === undefined) continue;
    if (!Number.isInteger(entry.seed) || entry.seed < 1) {
      throw new DrawError(
        `Cannot make a knockout draw: seed "${entry.seed}" of "${entry.id}" is not a positive whole number`,
      );
    }
    const other = seeds.get(entry.seed);
    if (other !== undefined) {
      throw new DrawError(
        `Cannot make a knockout draw: seed "${entry.seed}" is given to both "${other}" and "${entry.id}"`,
        { code: "duplicate-seed", params: { seed: entry.seed, first: other, second: entry.id } },
      );
    }
    seeds.set(entry.seed, entry.id);
  }
}

/** Compares two cost vectors of equal length: the earlier components weigh more. */
function compareCost(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** The candidates of least cost, in their given order: the lot then chooses among them. */
function cheapest(candidates: readonly number[], cost: (slot: number) => number[]): number[] {
  let best: number[] = [];
  let bestCost: number[] | null = null;
  for (const slot of candidates) {
    const c = cost(slot);
    const cmp = bestCost === null ? -1 : compareCost(c, bestCost);
    if (cmp < 0) {
      best = [slot];
      bestCost = c;
    } else if (cmp === 0) {
      best.push(slot);
    }
  }
  return best;
}

/** The state of a draw being made: slots, byes per section, and where each association already is. */
class Board {
  readonly slots: (DrawSlot | undefined)[];
  /** byes[l][i]: byes in section i of level l (level 1 = halves, level levels-1 = first-round pairs). */
  private readonly byes: number[][];
  private readonly byAssociation = new Map<string, number[]>();

  constructor(readonly size: number, readonly levels: number) {
    this.slots = new Array<DrawSlot | undefined>(size).fill(undefined);
    this.byes = Array.from({ length: levels }, (_, l) => new Array<number>(2 ** l).fill(0));
  }

  /** An independent copy, to try a placement without making it. */
  clone(): Board {
    const copy = new Board(this.size, this.levels);
    copy.slots.splice(0, this.size, ...this.slots);
    this.byes.forEach((row, l) => copy.byes[l] = [...row]);
    this.byAssociation.forEach((list, a) => copy.byAssociation.set(a, [...list]));
    return copy;
  }

  /** Whether a player of `association` is already placed. */
  holds(association: string | undefined): boolean {
    return association !== undefined && this.byAssociation.has(association);
  }

  isFree(slot: number): boolean {
    return this.slots[slot] === undefined;
  }

  /** Byes already in each section containing `slot`, halves first: fewer is better. */
  byeCost(slot: number): number[] {
    const cost: number[] = [];
    for (let l = 1; l < this.levels; l++) cost.push(this.byes[l]?.[slot >> (this.levels - l)] ?? 0);
    return cost;
  }

  /** How many players of `association` `slot` would meet in each round, first round first. */
  associationCost(slot: number, association: string | undefined): number[] {
    const cost = new Array<number>(this.levels).fill(0);
    if (association === undefined) return cost;
    for (const other of this.byAssociation.get(association) ?? []) {
      const round = meetingRound(slot, other);
      cost[round - 1] = (cost[round - 1] ?? 0) + 1;
    }
    return cost;
  }

  placeBye(slot: number): void {
    this.slots[slot] = null;
    for (let l = 1; l < this.levels; l++) {
      const row = this.byes[l] as number[];
      row[slot >> (this.levels - l)] = (row[slot >> (this.levels - l)] ?? 0) + 1;
    }
  }

  placeEntry(slot: number, entry: DrawEntry): void {
    this.slots[slot] = entry.id;
    if (entry.association === undefined) return;
    const list = this.byAssociation.get(entry.association) ?? [];
    list.push(slot);
    this.byAssociation.set(entry.association, list);
  }
}

/** Chooses by lot among the cheapest candidates (no lot is drawn when only one remains). */
function choose(rng: Rng, candidates: readonly number[], cost: (slot: number) => number[]): number {
  const best = cheapest(candidates, cost);
  return best.length === 1 ? best[0] as number : pickByLot(rng, best);
}

/** A rank of the seeding order: its entry (none past the last seed) and whether it faces a bye. */
type Rank = { entry: DrawEntry | undefined; holdsBye: boolean };

/** What a slot costs a rank: byes first (when it faces one), then compatriots met, earliest round first. */
function rankCost(board: Board, rank: Rank, slot: number): number[] {
  return [
    ...(rank.holdsBye ? board.byeCost(slot ^ 1) : board.byeCost(slot).map(() => 0)),
    ...board.associationCost(slot, rank.entry?.association),
  ];
}

function placeRank(board: Board, rank: Rank, slot: number): void {
  if (rank.entry !== undefined) board.placeEntry(slot, rank.entry);
  if (rank.holdsBye) board.placeBye(slot ^ 1);
}

/**
 * Look-ahead work allowed for one choice (candidates x later ranks x free slots x entries placed): far above
 * any real draw (a 128 draw with 64 seeds needs a tenth of it), it only keeps a draw of hundreds of seeds of
 * one association from taking seconds; past it the choice is the plain greedy one.
 */
const LOOK_AHEAD_BUDGET = 2_000_000;

/**
 * The slots among `best` (equally cheap for `ranks[0]`) that leave the later ranks of the seed group their
 * best: each is tried, the later ranks that can gain (facing a bye, or with a compatriot placed or in the
 * group) are placed greedily in seeding order, and the candidates whose costs for them are least survive.
 * Without it the lot for seed 3 could take the only slot in the other half from a seed 4 of seed 2's
 * association (ITTF 3.6.3.3). Only runs when a later rank has a compatriot, so other draws are unchanged.
 */
function lookAhead(board: Board, ranks: readonly Rank[], free: readonly number[], best: number[]): number[] {
  const [current, ...later] = ranks;
  if (current === undefined || best.length < 2) return best;
  const group = new Map<string, number>();
  for (const r of ranks) {
    const a = r.entry?.association;
    if (a !== undefined) group.set(a, (group.get(a) ?? 0) + 1);
  }
  const hasCompatriot = (r: Rank) => {
    const a = r.entry?.association;
    return a !== undefined && (board.holds(a) || (group.get(a) ?? 0) > 1);
  };
  if (!later.some(hasCompatriot)) return best;
  const relevant = later.filter((r) => r.holdsBye || hasCompatriot(r));
  const placed = board.slots.filter((s) => s !== undefined).length;
  if (best.length * relevant.length * free.length * (placed + 1) > LOOK_AHEAD_BUDGET) return best;
  // What the later ranks get when `slot` is taken: their costs, each placed greedily in seeding order.
  const laterCost = (slot: number): number[] => {
    const trial = board.clone();
    placeRank(trial, current, slot);
    const open = free.filter((s) => s !== slot);
    const cost: number[] = [];
    for (const r of relevant) {
      const [s] = cheapest(open, (o) => rankCost(trial, r, o));
      if (s === undefined) break;
      cost.push(...rankCost(trial, r, s));
      placeRank(trial, r, s);
      open.splice(open.indexOf(s), 1);
    }
    return cost;
  };
  return cheapest(best, laterCost);
}

/**
 * The order in which unseeded entries are drawn: associations with most entries first (they are the
 * hardest to separate), each in the order given (its nomination order); unaffiliated entries last.
 */
function unseededOrder(entries: readonly DrawEntry[]): DrawEntry[] {
  const sizes = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.association === undefined) return;
    sizes.set(e.association, (sizes.get(e.association) ?? 0) + 1);
    if (!firstSeen.has(e.association)) firstSeen.set(e.association, i);
  });
  const key = (e: DrawEntry, i: number): [number, number, number] =>
    e.association === undefined
      ? [1, 0, i]
      : [0, -(sizes.get(e.association) ?? 0), (firstSeen.get(e.association) ?? 0) * entries.length + i];
  return entries
    .map((e, i) => ({ e, k: key(e, i) }))
    .filter(({ e }) => e.seed === undefined)
    .sort((x, y) => compareCost(x.k, y.k))
    .map(({ e }) => e);
}

/**
 * The first-round slots of a knockout draw, top to bottom; slot 2k meets slot 2k+1 (null is a bye).
 *
 * Seeds are ranked by their seed numbers (gaps close up: seeds 1, 2, 4 are placed as 1, 2, 3). Seed 1
 * goes to the top, seed 2 to the bottom, each further seed group by lot to its reserved slots
 * (`seedPositions`). Byes face the seeds in seed order; byes beyond the seeds face unseeded entries in
 * the slots the next seeds would take. Within a seed group the lot keeps the byes even between halves,
 * then quarters, and so on, and then keeps players of one association apart; unseeded entries are drawn
 * into the remaining slots so that each meets its compatriots as late as possible. Every other choice
 * is the lot's, from `options.lotSeed` (docs/draws.md).
 *
 * @example placeKnockout([{ id: "a", seed: 1 }, { id: "b", seed: 2 }, { id: "c" }], { lotSeed: "x" })
 * // ["a", null, "c", "b"]: seed 1 gets the only bye
 */
export function placeKnockout(entries: readonly DrawEntry[], options: DrawOptions): DrawSlot[] {
  validate(entries, options);
  const size = bracketSize(entries.length);
  const levels = levelsOf(size);
  const byeCount = size - entries.length;
  const rng = createRng(options.lotSeed);
  const board = new Board(size, levels);

  const seeded = entries.filter((e) => e.seed !== undefined).sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
  // Ranks past the last seed still reserve a slot when they hold a bye, so that the remaining byes
  // are spread like the seeds' (byeCount < size / 2, so they never fill a first-round pair).
  const rankCount = Math.max(seeded.length, byeCount);
  const ranks: Rank[] = Array.from({ length: rankCount }, (_, r) => ({
    entry: seeded[r],
    holdsBye: r < byeCount,
  }));
  let rank = 0;
  for (const group of seedPositions(size)) {
    // Only the last group can hold byes already (the partners of all earlier groups' slots), and it
    // always keeps enough free slots for the seeds that remain: n <= size.
    const free = group.filter((s) => board.isFree(s));
    const groupRanks = ranks.slice(rank, rank + free.length);
    for (const [k, current] of groupRanks.entries()) {
      const best = cheapest(free, (s) => rankCost(board, current, s));
      const kept = lookAhead(board, groupRanks.slice(k), free, best);
      const slot = kept.length === 1 ? kept[0] as number : pickByLot(rng, kept);
      free.splice(free.indexOf(slot), 1);
      placeRank(board, current, slot);
      rank++;
    }
    if (rank >= rankCount) break;
  }

  for (const entry of unseededOrder(entries)) {
    const free: number[] = [];
    for (let s = 0; s < size; s++) {
      // A slot reserved for a bye-holding rank without a seed stays free for an unseeded entry.
      if (board.isFree(s)) free.push(s);
    }
    const slot = choose(rng, free, (s) => board.associationCost(s, entry.association));
    board.placeEntry(slot, entry);
  }

  return board.slots.map((s) => s ?? null);
}
