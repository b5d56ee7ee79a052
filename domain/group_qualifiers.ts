/**
 * Groups feeding a knockout: where each group's qualifiers start in the knockout draw.
 *
 * docs/draws.md states the rules; the placement reuses the knockout draw of domain/draw.ts.
 *
 * @module
 */

import { groupLabel } from "./bracket.ts";
import { type DrawEntry, DrawError, meetingRound, placeKnockout } from "./draw.ts";
import { createRng, pickByLot } from "./lot.ts";

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
    );
  }
  if (groupCount * qualifiersPerGroup < 2) {
    throw new DrawError("Cannot place group qualifiers: a knockout needs at least 2 qualifiers");
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
 * The knockout placement once every group is over, from the provisional one of `placeGroupQualifiers`: the
 * winners (and the byes they face) keep the places their group's seeding gave them, and the runners-up are drawn
 * again now that their associations are known. Each runner-up meets a player of its own group as late as
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
  const levels = Math.log2(size);
  const association = new Map(qualifiers.map((q) => [refKey(q.ref), q.association]));
  const sizes = new Map<string, number>();
  for (const q of qualifiers) {
    if (q.association !== undefined) sizes.set(q.association, (sizes.get(q.association) ?? 0) + 1);
  }
  const out = [...slots];
  const open: number[] = [];
  const groupAt = new Map<number, string | undefined>();
  const assocAt = new Map<number, string | undefined>();
  slots.forEach((ref, position) => {
    if (ref === null) return;
    if (ref.place === 1) {
      groupAt.set(position, `${ref.group}`);
      assocAt.set(position, association.get(refKey(ref)));
    } else {
      open.push(position);
    }
  });
  const sizeOf = (ref: QualifierRef) => sizes.get(association.get(refKey(ref)) ?? "") ?? 0;
  const runners = open.map((p) => slots[p] as QualifierRef)
    .sort((a, b) => sizeOf(b) - sizeOf(a) || a.group - b.group || a.place - b.place);
  const cost = (slot: number, ref: QualifierRef, skip?: number) => [
    ...meetings(groupAt, slot, `${ref.group}`, levels, skip),
    ...meetings(assocAt, slot, association.get(refKey(ref)), levels, skip),
  ];
  const rng = createRng(`${options.lotSeed}/after-groups`);
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
    assocAt.set(slot, association.get(refKey(ref)));
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
        assocAt.set(a, association.get(refKey(y)));
        assocAt.set(b, association.get(refKey(x)));
        improved = true;
      }
    }
  }
  return out;
}
