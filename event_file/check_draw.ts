/**
 * The rules of a category's knockout draw that its schema cannot say: slots given or made by lot, a size that is
 * a power of 2, entries and group places once each and known (the entry a group placed: one of its members), a
 * locked draw complete.
 * @module
 */
import { type Add, type CategoryContext, givenOnce } from "./check_context.ts";
import { drawByLot, type LotEntry } from "./draw_by_lot.ts";
import { plural, quoteList } from "./messages.ts";
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
      add(path, `A category of format "groups" has no knockout draw: give only its "state" and "lotSeed"`);
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
        add(`${path}.slots`, "A draw needs its slots, or a lotSeed to make them by lot");
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
      add(`${path}.lotSeed`, `Cannot make the draw by lot: ${(e as Error).message}`);
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
      );
    } else add(`${path}.slots`, `A draw of ${size} needs ${size} slots, got ${slots.length}`);
  } else if (size === undefined && !sizeOk(slots.length)) {
    add(`${path}.slots`, `Expected a power of 2 from 2 to 256 slots, got ${slots.length}`);
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
        add(slotPath, `A locked draw has no empty slot: give an entry, "bye" or a qualifier`);
      }
      return;
    }
    const entryKey = str(slot);
    if (entryKey !== undefined) {
      if (entryKey === "bye") return;
      if (!ctx.entries.has(entryKey)) {
        add(slotPath, `Unknown entry "${entryKey}": not an entry of category "${ctx.key}"`);
        return;
      }
      givenOnce(
        placed,
        entryKey,
        i,
        (first) => add(slotPath, `Entry "${entryKey}" is already in slots[${first}]`),
      );
      return;
    }
    const qualifier = obj(slot);
    if (!qualifier) return;
    if (format !== undefined && format !== "groups_knockout") {
      add(slotPath, `Only a category of format "groups_knockout" has group qualifiers in its draw`);
      return;
    }
    const group = str(qualifier.group);
    const place = int(qualifier.place);
    if (group === undefined || place === undefined) return;
    const info = ctx.groups.get(group);
    if (!info) {
      add(`${slotPath}.group`, `Unknown group "${group}": not a group of category "${ctx.key}"`);
      return;
    }
    if (qualifiers !== undefined && place > qualifiers) {
      add(
        `${slotPath}.place`,
        `Place ${place} does not qualify: ${plural(qualifiers, "entry")} per group qualify`,
      );
    } else if (!byLot && info.members.size > 0 && place > info.members.size) {
      // (By lot, only a group of one has too few entries for its places, and the group is reported.)
      add(`${slotPath}.place`, `Group "${group}" has only ${plural(info.members.size, "entry")}`);
    }
    const qKey = `${group}\u0000${place}`;
    givenOnce(qualifierSlots, qKey, i, (first) => {
      add(slotPath, `Place ${place} of group "${group}" is already in slots[${first}]`);
    });
    const placedEntry = str(qualifier.entry);
    if (placedEntry === undefined) return;
    if (!ctx.entries.has(placedEntry)) {
      add(`${slotPath}.entry`, `Unknown entry "${placedEntry}": not an entry of category "${ctx.key}"`);
    } else if (!info.members.has(placedEntry)) {
      add(`${slotPath}.entry`, `Entry "${placedEntry}" is not a member of group "${group}"`);
    } else {
      givenOnce(placed, placedEntry, i, (first) => {
        add(`${slotPath}.entry`, `Entry "${placedEntry}" is already in slots[${first}]`);
      });
    }
  });
  if (state === "locked" && format === "knockout") {
    const missing = [...ctx.entries].filter((e) => !placed.has(e));
    if (missing.length > 0) {
      add(`${path}.slots`, `A locked draw places every entry; missing: ${quoteList(missing)}`);
    }
  }
}
