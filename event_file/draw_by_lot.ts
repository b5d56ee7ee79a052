/** The slots of a draw that a file gives by its lot seed only, made as the service makes them. */
import { DrawError, placeKnockout } from "../domain/draw.ts";
import { placeGroupQualifiers } from "../domain/group_qualifiers.ts";
import type { DrawSlotInput } from "./format.ts";

/** An entry as the lot sees it. */
export interface LotEntry {
  id: string;
  seed?: number | undefined;
  association?: string | undefined;
}

/** What a draw made by lot needs: the category's format, the lot seed, its entries and its groups. */
export interface DrawByLotInput {
  format: "knockout" | "groups_knockout";
  lotSeed: string;
  entries: readonly LotEntry[];
  groupNames: readonly string[];
  qualifiersPerGroup: number | undefined;
}

/**
 * The slots of a draw given by `lotSeed` without slots: a knockout places the entries by seed with association
 * separation (domain/draw.ts `placeKnockout`); groups_knockout places the group qualifiers
 * (domain/group_qualifiers.ts). A domain bye (null) becomes "bye". Throws the domain's error when it cannot draw.
 * @example drawByLot({ format: "knockout", lotSeed: "x", entries: [{ id: "a", seed: 1 }, { id: "b" }, { id: "c" }], groupNames: [], qualifiersPerGroup: undefined })
 * // ["a", "bye", "c", "b"] (or another order the lot gives, always the same for "x")
 */
export function drawByLot(input: DrawByLotInput): DrawSlotInput[] {
  if (input.format === "knockout") {
    const entries = input.entries.map((e) => ({
      id: e.id,
      ...(e.seed === undefined ? {} : { seed: e.seed }),
      ...(e.association === undefined ? {} : { association: e.association }),
    }));
    return placeKnockout(entries, { lotSeed: input.lotSeed }).map((slot) => slot ?? "bye");
  }
  const qualifiers = input.qualifiersPerGroup;
  if (qualifiers !== 1 && qualifiers !== 2) {
    throw new DrawError('a draw of group qualifiers by lot needs "qualifiersPerGroup" (1 or 2)', {
      code: "qualifiers-per-group",
      params: {},
    });
  }
  return placeGroupQualifiers(input.groupNames.length, qualifiers, { lotSeed: input.lotSeed })
    .map((ref) => ref === null ? "bye" : { group: input.groupNames[ref.group]!, place: ref.place });
}
