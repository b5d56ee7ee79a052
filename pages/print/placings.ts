/**
 * A category's final placings as a results list files them: 1, 2, 3–4, 5–8, … from the knockout (a loser of
 * round r of R shares the places below the 2^(R−r) who went further), then those out in the groups sharing the
 * places after everyone in the draw; for a category of groups only, the places of each finished group. Places
 * not decided yet are left out.
 */
import type { Draw, GroupStandings, Match } from "../view_types.ts";

/** A place (or a shared band of places) and who holds it; a group's place names its group. */
export interface Placing {
  place: string;
  entryIds: string[];
  group?: string;
}

/** "3–4" for a band, "2" for one place. */
function band(first: number, last: number): string {
  return first === last ? String(first) : `${first}–${last}`;
}

/**
 * The knockout's placings from its decided matches; `rounds` is the number of rounds of the draw.
 * @example knockoutPlacings([final(winner "a", loser "b"), semi(loser "c")], 2) // [{ place: "1", entryIds: ["a"] }, { place: "2", entryIds: ["b"] }, { place: "3–4", entryIds: ["c"] }]
 */
export function knockoutPlacings(matches: readonly Match[], rounds: number): Placing[] {
  const out: Placing[] = [];
  const decided = matches.filter((m) => m.stage === "knockout" && m.winnerId !== null);
  const final = decided.find((m) => m.roundNo === rounds);
  if (final) out.push({ place: "1", entryIds: [final.winnerId!] });
  for (let r = rounds; r >= 1; r--) {
    const losers = decided.filter((m) => m.roundNo === r).map((m) =>
      m.winnerId === m.homeId ? m.awayId : m.homeId
    );
    if (losers.length === 0) continue;
    const first = 2 ** (rounds - r) + 1;
    out.push({ place: band(first, 2 ** (rounds - r + 1)), entryIds: losers });
  }
  return out;
}

/** The places of each finished group (group "A", place "1", …), for a category of groups only. */
export function groupPlacings(groups: readonly GroupStandings[]): Placing[] {
  return groups.filter((g) => g.complete).flatMap((g) =>
    g.rows.map((r) => ({
      place: `${r.position}${r.tied ? "=" : ""}`,
      entryIds: [r.entry.id],
      group: g.name,
    }))
  );
}

/**
 * The players out in the groups of a groups-and-knockout category, sharing the places after everyone in the
 * draw, once every group is finished.
 * @example outInGroups(groupsOf12, drawOf8Qualifiers) // [{ place: "9–12", entryIds: [the 4 not qualified] }]
 */
export function outInGroups(groups: readonly GroupStandings[], draw: Draw | null): Placing[] {
  if (draw === null || groups.length === 0 || groups.some((g) => !g.complete)) return [];
  const inDraw = new Set(draw.slots.flatMap((s) => s.entry ? [s.entry.id] : []));
  const out = groups.flatMap((g) => g.rows.map((r) => r.entry.id)).filter((id) => !inDraw.has(id));
  return out.length === 0 ? [] : [{ place: band(inDraw.size + 1, inDraw.size + out.length), entryIds: out }];
}
