/**
 * The draw state a category is in, as the desk sees it. A category of format `groups` stored without a draw
 * (`"none"`) whose groups have members was drawn elsewhere and given in an imported file
 * (docs/import-format.md: "A category of format `groups` whose groups are given is drawn"): it is an unlocked
 * draw, which the desk may draw again or lock, as a draft. The store keeps `"none"` for it, so that the
 * matches of its ties stay public as imported.
 * @module
 */

/** The stored draw state of a category. */
export type StoredDrawState = "none" | "draft" | "locked";

/**
 * The state the desk works with: `"draft"` for a `groups` category stored as `"none"` whose groups have
 * members, the stored state otherwise.
 * @example deskDrawState("groups", "none", true) // "draft"
 * @example deskDrawState("groups_knockout", "none", true) // "none"
 */
export function deskDrawState(
  format: string,
  stored: StoredDrawState,
  groupsHaveMembers: boolean,
): StoredDrawState {
  return stored === "none" && format === "groups" && groupsHaveMembers ? "draft" : stored;
}
