/**
 * Groups feeding a knockout: where each group's qualifiers start in the knockout draw.
 *
 * docs/draws.md states the rules; the placement reuses the knockout draw of domain/draw.ts.
 *
 * @module
 */

import { groupLabel } from "./bracket.ts";
import { type DrawEntry, DrawError, placeKnockout } from "./draw.ts";

/** A knockout slot filled from the groups: the player finishing `place` (1 or 2) in `group` (0-based). */
export type QualifierRef = { group: number; place: number };

/** Options of the qualifiers' draw: the stored seed string of the lot. */
export type QualifierOptions = { lotSeed: string };

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
  const entries: DrawEntry[] = [];
  for (let g = 0; g < groupCount; g++) {
    entries.push({ id: `${g}${SEPARATOR}1`, seed: g + 1, association: `${g}` });
  }
  if (qualifiersPerGroup === 2) {
    for (let g = 0; g < groupCount; g++) entries.push({ id: `${g}${SEPARATOR}2`, association: `${g}` });
  }
  return placeKnockout(entries, options).map((slot) => {
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
