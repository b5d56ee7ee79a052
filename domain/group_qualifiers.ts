/**
 * Groups feeding a knockout: where each group's qualifiers start in the knockout draw.
 *
 * docs/draws.md states the rules; the placement reuses the knockout draw of domain/draw.ts.
 *
 * @module
 */

import { groupLabel } from "./bracket.ts";
import { type DrawEntry, DrawError, meetingRound, placeKnockout, seedPositions } from "./draw.ts";
import { createRng, pickByLot, type Rng } from "./lot.ts";

/** A knockout slot filled from the groups: the player finishing `place` (1 or 2) in `group` (0-based). */
export type QualifierRef = { group: number; place: number };

/**
 * Options of the qualifiers' draw: the stored seed string of the lot and, optionally, the groups' seeding
 * (group indices, strongest group first; `groupSeeding`); left out, the groups' own order.
 */
export type QualifierOptions = { lotSeed: string; seeding?: readonly number[] };

const SEPARATOR = ":";

/**
 * The knockout slots, top to bottom, for `groupCount` groups sending `qualifiersPerGroup` players each.
 *
 * Group winners are placed like seeds in group order (winner of A = seed 1, B = seed 2, ...) and get
 * the byes first; each runner-up is drawn by lot into the half that does not hold its own group's
 * winner (so the two can meet only in the final). Null marks a bye. Errors are `DrawError`s.
 *
 * @example placeGroupQualifiers(2, 2, { lotSeed: "s" })
 * // [{ group: 0, place: 1 }, { group: 1, place: 2 }, { group: 0, place: 2 }, { group: 1, place: 1 }]
 */
export function placeGroupQualifiers(
  groupCount: number,
  qualifiersPerGroup: 1 | 2,
  options: QualifierOptions,
): (QualifierRef | null)[] {
  if (!Number.isInteger(groupCount) || groupCount < 1) {
    throw new DrawError(
      `Cannot place group qualifiers from "${groupCount}" groups: expected a positive whole number`,
    );
  }
  if (qualifiersPerGroup !== 1 && qualifiersPerGroup !== 2) {
    throw new DrawError(
      `Cannot place group qualifiers: "${qualifiersPerGroup}" qualifiers per group, expected 1 or 2`,
      { code: "qualifiers-per-group", params: {} },
    );
  }
  if (groupCount * qualifiersPerGroup < 2) {
    throw new DrawError("Cannot place group qualifiers: a knockout needs at least 2 qualifiers", {
      code: "too-few-qualifiers",
      params: { groups: groupCount, qualifiers: qualifiersPerGroup },
    });
  }
  // Each group is an "association" of its winner and runner-up: the draw keeps them as far apart as
  // the bracket allows, which with the winners spread like seeds is always the other half.
  const seeding = options.seeding ?? Array.from({ length: groupCount }, (_, g) => g);
  if (
    seeding.length !== groupCount || new Set(seeding).size !== groupCount ||
    seeding.some((g) => !(g >= 0 && g < groupCount))
  ) {
    throw new DrawError(
      `Cannot place group qualifiers: the seeding "${
        seeding.join(", ")
      }" does not list each of ${groupCount} groups once`,
    );
  }
  const entries: DrawEntry[] = [];
  seeding.forEach((g, rank) =>
    entries.push({ id: `${g}${SEPARATOR}1`, seed: rank + 1, association: `${g}` })
  );
  if (qualifiersPerGroup === 2) {
    for (let g = 0; g < groupCount; g++) entries.push({ id: `${g}${SEPARATOR}2`, association: `${g}` });
  }
  return placeKnockout(entries, { lotSeed: options.lotSeed }).map((slot) => {
    if (slot === null) return null;
    const [group, place] = slot.split(SEPARATOR).map(Number);
    return { group: group as number, place: place as number };
  });
}

/**
 * The display label of a qualifier slot.
 *
 * @example qualifierLabel({ group: 0, place: 1 }) === "1st of Group A"
 */
export function qualifierLabel(ref: QualifierRef): string {
  const ordinal = ref.place === 1
    ? "1st"
    : ref.place === 2
    ? "2nd"
    : ref.place === 3
    ? "3rd"
    : `${ref.place}th`;
  return `${ordinal} of ${groupLabel(ref.group)}`;
}

/** A group as its seeding sees it: its best seed and its best rating among its members (none when unknown). */
export type GroupStrength = { bestSeed?: number; bestRating?: number };

/**
 * The groups' seeding, strongest first: by the best seed among their members, then by the best rating, then in
 * group order. Groups made by snake seeding (domain/groups.ts) come out in their own order (group A holds seed
 * 1); the winners are placed in the knockout by this order (ITTF Handbook, Regulations for International
 * Competitions, the draw regulations 3.6: group winners take the seeded places by their group's seeding).
 * @example groupSeeding([{ bestSeed: 2 }, { bestSeed: 1 }, {}]) // [1, 0, 2]
 */
export function groupSeeding(groups: readonly GroupStrength[]): number[] {
  const seedOf = (g: GroupStrength) => g.bestSeed ?? Infinity;
  const ratingOf = (g: GroupStrength) => g.bestRating ?? -Infinity;
  return groups.map((g, i) => ({ g, i }))
    .sort((a, b) => seedOf(a.g) - seedOf(b.g) || ratingOf(b.g) - ratingOf(a.g) || a.i - b.i)
    .map(({ i }) => i);
}

/** A player who qualified from a group: the place they fill and their association (for the separation). */
export type Qualifier = { ref: QualifierRef; association?: string };

/** Meetings of players who share a key (a group, an association), counted by round, first round first. */
function meetings(
  positions: ReadonlyMap<number, string | undefined>,
  slot: number,
  key: string | undefined,
  levels: number,
  skip?: number,
): number[] {
  const cost = new Array<number>(levels).fill(0);
  if (key === undefined) return cost;
  for (const [other, k] of positions) {
    if (other === slot || other === skip || k !== key) continue;
    const round = meetingRound(slot, other);
    cost[round - 1] = (cost[round - 1] ?? 0) + 1;
  }
  return cost;
}

function compareVectors(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const refKey = (ref: QualifierRef) => `${ref.group}${SEPARATOR}${ref.place}`;

/**
 * The knockout placement once every group is over, from the provisional one of `placeGroupQualifiers`, now
 * that the qualifiers' associations are known. The byes stay. Each winner stays among the places of its seed
 * group (its group's seeding), facing a bye as before or not: winners of one association trade those places
 * when that keeps them further apart, the others keep theirs (`placeWinners`). The runners-up are drawn again. Each runner-up meets a player of its own group as late as
 * possible (the other half from its winner: ITTF Handbook, Regulations for International Competitions 3.6),
 * then players of one association as late as possible (3.6.3.3: the first two in different halves, the next
 * two in the other quarters, and so on, as far as the places left allow). The runners-up of the largest
 * associations are drawn first, each into its cheapest place (the lot, from `lotSeed`, among equals); then two
 * runners-up trade places while that separates better (no separation is ever made worse). Deterministic for a
 * seed. `qualifiers` lists the players by their place; a place missing from it counts as unaffiliated.
 * @example placeQualifiersAfterGroups(placeGroupQualifiers(4, 2, { lotSeed: "s" }), qualifiers, { lotSeed: "s" })
 */
export function placeQualifiersAfterGroups(
  slots: readonly (QualifierRef | null)[],
  qualifiers: readonly Qualifier[],
  options: { lotSeed: string },
): (QualifierRef | null)[] {
  const size = slots.length;
  if (size < 2 || (size & (size - 1)) !== 0) {
    throw new DrawError(`Cannot place group qualifiers into a bracket of "${size}" slots`);
  }
  const association = new Map(qualifiers.map((q) => [refKey(q.ref), q.association]));
  const sizes = new Map<string, number>();
  for (const q of qualifiers) {
    if (q.association !== undefined) sizes.set(q.association, (sizes.get(q.association) ?? 0) + 1);
  }
  const associationOf = (ref: QualifierRef) => association.get(refKey(ref));
  const runnersUp = (start: readonly (QualifierRef | null)[]) =>
    placeRunnersUp(start, associationOf, sizes, createRng(`${options.lotSeed}/after-groups`));
  const kept = runnersUp(slots);
  const winners = placeWinners(slots, associationOf, createRng(`${options.lotSeed}/after-groups/winners`));
  if (winners.every((ref, i) => ref === slots[i])) return kept;
  // Winners trading places only stands when the whole draw, runners-up included, separates better.
  const traded = runnersUp(winners);
  return compareVectors(separation(traded, associationOf), separation(kept, associationOf)) < 0
    ? traded
    : kept;
}

/** Meetings of players of one group, then of one association, by round (first round first), over a draw. */
function separation(
  slots: readonly (QualifierRef | null)[],
  associationOf: (ref: QualifierRef) => string | undefined,
): number[] {
  const levels = Math.log2(slots.length);
  const groups = new Array<number>(levels).fill(0);
  const associations = new Array<number>(levels).fill(0);
  for (let a = 0; a < slots.length; a++) {
    for (let b = a + 1; b < slots.length; b++) {
      const [x, y] = [slots[a], slots[b]];
      if (!x || !y) continue;
      const round = meetingRound(a, b) - 1;
      if (x.group === y.group) groups[round] = (groups[round] ?? 0) + 1;
      const ax = associationOf(x);
      if (ax !== undefined && ax === associationOf(y)) associations[round] = (associations[round] ?? 0) + 1;
    }
  }
  return [...groups, ...associations];
}

/**
 * The runners-up drawn into the places runners-up hold, the winners where `start` has them: the largest
 * associations first, each into its cheapest place (its group, then its association met as late as possible;
 * the lot among equals), then trades of two runners-up while they separate better.
 */
function placeRunnersUp(
  start: readonly (QualifierRef | null)[],
  associationOf: (ref: QualifierRef) => string | undefined,
  sizes: ReadonlyMap<string, number>,
  rng: Rng,
): (QualifierRef | null)[] {
  const levels = Math.log2(start.length);
  const out = [...start];
  const open: number[] = [];
  const groupAt = new Map<number, string | undefined>();
  const assocAt = new Map<number, string | undefined>();
  out.forEach((ref, position) => {
    if (ref === null) return;
    if (ref.place === 1) {
      groupAt.set(position, `${ref.group}`);
      assocAt.set(position, associationOf(ref));
    } else {
      open.push(position);
    }
  });
  const sizeOf = (ref: QualifierRef) => sizes.get(associationOf(ref) ?? "") ?? 0;
  const runners = open.map((p) => out[p] as QualifierRef)
    .sort((a, b) => sizeOf(b) - sizeOf(a) || a.group - b.group || a.place - b.place);
  const cost = (slot: number, ref: QualifierRef, skip?: number) => [
    ...meetings(groupAt, slot, `${ref.group}`, levels, skip),
    ...meetings(assocAt, slot, associationOf(ref), levels, skip),
  ];
  const free = [...open];
  for (const ref of runners) {
    let best: number[] = [];
    let bestCost: number[] | null = null;
    for (const slot of free) {
      const c = cost(slot, ref);
      const cmp = bestCost === null ? -1 : compareVectors(c, bestCost);
      if (cmp < 0) [best, bestCost] = [[slot], c];
      else if (cmp === 0) best.push(slot);
    }
    const slot = best.length === 1 ? best[0] as number : pickByLot(rng, best);
    free.splice(free.indexOf(slot), 1);
    out[slot] = ref;
    groupAt.set(slot, `${ref.group}`);
    assocAt.set(slot, associationOf(ref));
  }
  // Trades: two runners-up swap places while the pair's meetings with everybody else get fewer, earliest
  // round first (their meeting with each other stays where it is).
  const sum = (a: number[], b: number[]) => a.map((x, i) => x + (b[i] ?? 0));
  for (let improved = true, passes = 0; improved && passes < 100; passes++) {
    improved = false;
    for (let i = 0; i < open.length; i++) {
      for (let j = i + 1; j < open.length; j++) {
        const [a, b] = [open[i] as number, open[j] as number];
        const [x, y] = [out[a] as QualifierRef, out[b] as QualifierRef];
        const before = sum(cost(a, x, b), cost(b, y, a));
        const after = sum(cost(b, x, a), cost(a, y, b));
        if (compareVectors(after, before) >= 0) continue;
        [out[a], out[b]] = [y, x];
        groupAt.set(a, `${y.group}`);
        groupAt.set(b, `${x.group}`);
        assocAt.set(a, associationOf(y));
        assocAt.set(b, associationOf(x));
        improved = true;
      }
    }
  }
  return out;
}

/**
 * The winners' places once the groups are over: the places of each seed group (`seedPositions`: seeds 3-4, 5-8,
 * ... are drawn to their group's places, ITTF 3.6) that winners hold, split by whether they face a bye, are drawn
 * again among the same winners so that winners of one association meet as late as possible (3.6.3.3), group by
 * group from the top seeds down. A winner keeps its place when no other separates better; among other equal
 * places the lot chooses. Byes and the other places do not move.
 */
export function placeWinners(
  slots: readonly (QualifierRef | null)[],
  associationOf: (ref: QualifierRef) => string | undefined,
  rng: Rng,
): (QualifierRef | null)[] {
  const levels = Math.log2(slots.length);
  const out = [...slots];
  const placed = new Map<number, string | undefined>();
  for (const group of seedPositions(slots.length)) {
    for (const facingBye of [true, false]) {
      const places = group.filter((p) => slots[p]?.place === 1 && (slots[p ^ 1] === null) === facingBye);
      const left = [...places];
      for (const from of places) {
        const ref = slots[from] as QualifierRef;
        const a = associationOf(ref);
        let best: number[] = [];
        let bestCost: number[] | null = null;
        for (const slot of left) {
          const c = meetings(placed, slot, a, levels);
          const cmp = bestCost === null ? -1 : compareVectors(c, bestCost);
          if (cmp < 0) [best, bestCost] = [[slot], c];
          else if (cmp === 0) best.push(slot);
        }
        const slot = best.includes(from)
          ? from
          : best.length === 1
          ? best[0] as number
          : pickByLot(rng, best);
        left.splice(left.indexOf(slot), 1);
        out[slot] = ref;
        placed.set(slot, a);
      }
    }
  }
  return out;
}
