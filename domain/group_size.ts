/**
 * The sizes of a round-robin group the draw makes and the order of play plays: 3 to 16 entries, a category
 * that is one group included (16 entries play 120 matches in 15 rounds). docs/draws.md.
 * @module
 */

/** The smallest group the draw makes. */
export const MIN_GROUP_SIZE = 3;
/** The largest group the draw makes and `roundRobinOrder` plays. */
export const MAX_GROUP_SIZE = 16;

/**
 * Whether the draw makes groups of this size (`makeGroups`: 3 to 16 entries); a category whose groups are
 * drawn here needs one of these.
 * @example isDrawnGroupSize(9) // true; isDrawnGroupSize(17) // false
 */
export function isDrawnGroupSize(size: number): boolean {
  return Number.isInteger(size) && size >= MIN_GROUP_SIZE && size <= MAX_GROUP_SIZE;
}
