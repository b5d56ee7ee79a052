/**
 * The rules of a category's knockout draw that its schema cannot say: slots given or made by lot, a size that is
 * a power of 2, entries and group places once each and known (the entry a group placed: one of its members), a
 * locked draw complete.
 * @module
 */
import { type Add, type CategoryContext, givenOnce } from "./check_context.ts";
import { DrawError, type DrawFault } from "../domain/draw.ts";
import { drawByLot, type LotEntry } from "./draw_by_lot.ts";
import { plural, quoteList } from "./messages.ts";
import type { ImportProblemCode, ProblemWords } from "./problem_codes.ts";
import { int, type Obj, obj, str } from "./read_json.ts";

/** Checks a draw; what it finds (its size and slots) is kept in `ctx` for the matches. */
export function checkDraw(
  draw: Obj,
  path: string,
  ctx: CategoryContext,
  format: string | undefined,
  qualifiers: number | undefined,
  lotEntries: LotEntry[],
  add: Add,
): void {
  if (format === "groups") {
    // Its draw is its groups: the state (and the lot's seed) only, no knockout slots.
    if (draw.slots !== undefined || draw.size !== undefined) {
      add(path, `A category of format "groups" has no knockout draw: give only its "state" and "lotSeed"`, {
        code: "draw-groups-no-knockout",
      });
    }
    return;
  }
  const size = int(draw.size);
  let slots = Array.isArray(draw.slots) ? draw.slots : undefined;
  const lotSeed = str(draw.lotSeed);
  // Slots made by lot are not in the file: their problems are named by the fields that made them.
  const byLot = draw.slots === undefined;
  if (byLot) {
    if (lotSeed === undefined) {
      if (draw.lotSeed === undefined || draw.lotSeed === null) {
        add(`${path}.slots`, "A draw needs its slots, or a lotSeed to make them by lot", {
          code: "draw-needs-slots",
        });
      }
      return;
    }
    if (format !== "knockout" && format !== "groups_knockout") return;
    try {
      slots = drawByLot({
        format,
        lotSeed,
        entries: lotEntries,
        groupNames: [...ctx.groups.keys()],
        qualifiersPerGroup: qualifiers,
      });
    } catch (e) {
      add(`${path}.lotSeed`, `Cannot make the draw by lot: ${(e as Error).message}`, lotWords(e));
      return;
    }
  }
  if (slots === undefined) return;
  const sizeOk = (n: number) => n >= 2 && n <= 256 && (n & (n - 1)) === 0;
  if (size !== undefined && sizeOk(size) && slots.length !== size) {
    if (byLot) {
      add(
        `${path}.size`,
        `The draw made by lot has ${slots.length} slots, not ${size}: leave "size" out or give the slots`,
        { code: "draw-lot-size", params: { slots: slots.length, size } },
      );
    } else {
      add(`${path}.slots`, `A draw of ${size} needs ${size} slots, got ${slots.length}`, {
        code: "draw-slot-count",
        params: { size, slots: slots.length },
      });
    }
  } else if (size === undefined && !sizeOk(slots.length)) {
    add(`${path}.slots`, `Expected a power of 2 from 2 to 256 slots, got ${slots.length}`, {
      code: "draw-size-not-power",
      params: { slots: slots.length },
    });
  } else if (sizeOk(slots.length)) {
    ctx.drawSize = slots.length;
  }
  ctx.slots = slots;
  const state = str(draw.state);
  const placed = new Map<string, number>();
  const qualifierSlots = new Map<string, number>();
  (slots ?? []).forEach((slot, i) => {
    const slotPath = `${path}.slots[${i}]`;
    if (slot === null) {
      if (state === "locked") {
        add(slotPath, `A locked draw has no empty slot: give an entry, "bye" or a qualifier`, {
          code: "draw-locked-empty-slot",
        });
      }
      return;
    }
    const entryKey = str(slot);
    if (entryKey !== undefined) {
      if (entryKey === "bye") return;
      if (!ctx.entries.has(entryKey)) {
        add(slotPath, `Unknown entry "${entryKey}": not an entry of category "${ctx.key}"`, {
          code: "entry-unknown-in-category",
          params: { entry: entryKey, category: ctx.key },
        });
        return;
      }
      givenOnce(
        placed,
        entryKey,
        i,
        (first) =>
          add(slotPath, `Entry "${entryKey}" is already in slots[${first}]`, {
            code: "entry-drawn-again",
            params: { entry: entryKey, slot: first },
          }),
      );
      return;
    }
    const qualifier = obj(slot);
    if (!qualifier) return;
    if (format !== undefined && format !== "groups_knockout") {
      add(slotPath, `Only a category of format "groups_knockout" has group qualifiers in its draw`, {
        code: "draw-qualifier-format",
        params: { format },
      });
      return;
    }
    const group = str(qualifier.group);
    const place = int(qualifier.place);
    if (group === undefined || place === undefined) return;
    const info = ctx.groups.get(group);
    if (!info) {
      add(`${slotPath}.group`, `Unknown group "${group}": not a group of category "${ctx.key}"`, {
        code: "group-unknown-in-category",
        params: { group, category: ctx.key },
      });
      return;
    }
    if (qualifiers !== undefined && place > qualifiers) {
      add(
        `${slotPath}.place`,
        `Place ${place} does not qualify: ${plural(qualifiers, "entry")} per group qualify`,
        { code: "draw-place-not-qualifying", params: { place, qualifiers } },
      );
    } else if (!byLot && info.members.size > 0 && place > info.members.size) {
      // (By lot, only a group of one has too few entries for its places, and the group is reported.)
      add(`${slotPath}.place`, `Group "${group}" has only ${plural(info.members.size, "entry")}`, {
        code: "draw-group-too-small",
        params: { group, n: info.members.size, place },
      });
    }
    const qKey = `${group}\u0000${place}`;
    givenOnce(qualifierSlots, qKey, i, (first) => {
      add(slotPath, `Place ${place} of group "${group}" is already in slots[${first}]`, {
        code: "draw-place-again",
        params: { place, group, slot: first },
      });
    });
    const placedEntry = str(qualifier.entry);
    if (placedEntry === undefined) return;
    if (!ctx.entries.has(placedEntry)) {
      add(`${slotPath}.entry`, `Unknown entry "${placedEntry}": not an entry of category "${ctx.key}"`, {
        code: "entry-unknown-in-category",
        params: { entry: placedEntry, category: ctx.key },
      });
    } else if (!info.members.has(placedEntry)) {
      add(`${slotPath}.entry`, `Entry "${placedEntry}" is not a member of group "${group}"`, {
        code: "entry-not-in-group",
        params: { entry: placedEntry, group },
      });
    } else {
      givenOnce(placed, placedEntry, i, (first) => {
        add(`${slotPath}.entry`, `Entry "${placedEntry}" is already in slots[${first}]`, {
          code: "entry-drawn-again",
          params: { entry: placedEntry, slot: first },
        });
      });
    }
  });
  if (state === "locked" && format === "knockout") {
    const missing = [...ctx.entries].filter((e) => !placed.has(e));
    if (missing.length > 0) {
      add(`${path}.slots`, `A locked draw places every entry; missing: ${quoteList(missing)}`, {
        code: "draw-locked-missing",
        params: { entries: missing.join(", ") },
      });
    }
  }
}

/** The code of each reason a draw cannot be made by lot. */
const LOT_CODES: Record<DrawFault["code"], ImportProblemCode> = {
  "too-few-entries": "draw-lot-too-few-entries",
  "too-many-entries": "draw-lot-too-many-entries",
  "duplicate-entry": "draw-lot-duplicate-entry",
  "duplicate-seed": "draw-lot-duplicate-seed",
  "qualifiers-per-group": "draw-lot-needs-qualifiers",
  "too-few-qualifiers": "draw-lot-too-few-qualifiers",
};

/** The words of a failed draw by lot: its reason's, or a plain "cannot" for a reason without words. */
function lotWords(e: unknown): ProblemWords {
  const fault = e instanceof DrawError ? e.fault : undefined;
  return fault ? { code: LOT_CODES[fault.code], params: fault.params } : { code: "draw-lot-impossible" };
}
