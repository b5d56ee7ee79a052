/**
 * The public view of a knockout draw: every first-round slot, every position of every round with its two
 * sides (entry, bye, group qualifier or open) and, once both sides are known, the match with its result.
 * Built from the stored slots and matches; labels come from domain/bracket.ts.
 */
import type { DrawSlotRecord } from "../db/read_draw.ts";
import type { EntryRecord } from "../db/read_entries.ts";
import type { GroupRecord } from "../db/read_groups.ts";
import type { MatchRecord } from "../db/read_matches.ts";
import type { PublicCategoryRecord } from "../db/read_categories.ts";
import { roundLabel } from "../domain/bracket.ts";
import { groupName } from "../domain/groups.ts";
import type { Draw, DrawMatch, DrawRound, DrawSide } from "./schemas.ts";
import { groupDisplayName, serializeEntry, serializeMatch } from "./serialize.ts";

/** What a draw is built from. */
export interface DrawInput {
  category: PublicCategoryRecord;
  slots: readonly DrawSlotRecord[];
  /** The category's matches; only the knockout ones are used. */
  matches: readonly MatchRecord[];
  entries: ReadonlyMap<string, EntryRecord>;
  groups: readonly GroupRecord[];
}

/** Whether the category serves a draw: a knockout format with a locked (published) draw. */
export function servesDraw(category: PublicCategoryRecord): boolean {
  return category.format !== "groups" && category.drawState === "locked";
}

/** 1st, 2nd, 3rd, 4th, ... */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** The number of first-round slots: the stored size, else the slots, else twice the first round's matches. */
function drawSize(input: DrawInput, knockout: readonly MatchRecord[]): number {
  const firstRound = knockout.filter((m) => m.roundNo === 1).reduce(
    (n, m) => Math.max(n, m.bracketPos + 1),
    0,
  );
  const lastSlot = input.slots.reduce((n, s) => Math.max(n, s.position + 1), 0);
  const wanted = Math.max(input.category.drawSize ?? 0, lastSlot, 2 * firstRound, 2);
  // A bracket has a power of two of slots; round up whatever the store says.
  return 2 ** Math.ceil(Math.log2(wanted));
}

/**
 * The draw of a category, or null when it serves none (see `servesDraw`).
 * @example buildDraw({ category, slots, matches, entries, groups })?.rounds.at(-1)?.label // "Final"
 */
export function buildDraw(input: DrawInput): Draw | null {
  if (!servesDraw(input.category)) return null;
  const knockout = input.matches.filter((m) => m.stage === "knockout");
  const size = drawSize(input, knockout);
  const roundCount = Math.log2(size);
  const byPosition = new Map(knockout.map((m) => [`${m.roundNo}/${m.bracketPos}`, m]));
  const slotAt = new Map(input.slots.map((s) => [s.position, s]));

  const entrySide = (entryId: string, qualifier: DrawSide["qualifier"] = null): DrawSide => {
    const entry = input.entries.get(entryId);
    if (!entry) throw new Error(`Cannot build the draw: entry "${entryId}" is missing from the store`);
    return { kind: "entry", entry: serializeEntry(entry), qualifier, label: entry.name };
  };

  const qualifierOf = (slot: DrawSlotRecord): DrawSide["qualifier"] => {
    if (slot.qualifierGroup === null || slot.qualifierPlace === null) return null;
    const group = input.groups[slot.qualifierGroup];
    return {
      groupId: group?.id ?? "",
      groupName: group?.name ?? groupName(slot.qualifierGroup),
      place: slot.qualifierPlace,
    };
  };

  const slotSide = (position: number): DrawSide => {
    const slot = slotAt.get(position);
    if (!slot) return { kind: "open", entry: null, qualifier: null, label: "To be decided" };
    const qualifier = qualifierOf(slot);
    if (slot.entryId !== null) return entrySide(slot.entryId, qualifier);
    if (slot.isBye) return { kind: "bye", entry: null, qualifier: null, label: "Bye" };
    if (qualifier !== null) {
      return {
        kind: "qualifier",
        entry: null,
        qualifier,
        label: `${ordinal(qualifier.place)} ${groupDisplayName(qualifier.groupName)}`,
      };
    }
    return { kind: "open", entry: null, qualifier: null, label: "To be decided" };
  };

  // Sides computed round by round: round r's sides come from the stored match, else from round r-1.
  const sides = new Map<string, { home: DrawSide; away: DrawSide }>();
  const sideOf = (roundNo: number, pos: number, which: "home" | "away"): DrawSide => {
    const stored = byPosition.get(`${roundNo}/${pos}`);
    const storedEntry = which === "home" ? stored?.homeEntryId : stored?.awayEntryId;
    if (roundNo === 1) {
      // A first-round side keeps the slot's qualifier ("2nd of Group D") once the match names the entry.
      const slot = slotAt.get(2 * pos + (which === "home" ? 0 : 1));
      if (storedEntry) return entrySide(storedEntry, slot ? qualifierOf(slot) : null);
      return slotSide(2 * pos + (which === "home" ? 0 : 1));
    }
    if (storedEntry) return entrySide(storedEntry);
    const feederPos = 2 * pos + (which === "home" ? 0 : 1);
    const feeder = sides.get(`${roundNo - 1}/${feederPos}`);
    const feederMatch = byPosition.get(`${roundNo - 1}/${feederPos}`);
    if (feederMatch?.winnerEntryId) return entrySide(feederMatch.winnerEntryId);
    if (feeder) {
      // A bye sends the other side through as it is; two byes send nobody (a bye again).
      if (feeder.home.kind === "bye") return feeder.away;
      if (feeder.away.kind === "bye") return feeder.home;
    }
    const label = `Winner of ${roundLabel(roundNo - 1, roundCount)} ${feederPos + 1}`;
    return { kind: "open", entry: null, qualifier: null, label };
  };

  const rounds: DrawRound[] = [];
  for (let roundNo = 1; roundNo <= roundCount; roundNo++) {
    const matches: DrawMatch[] = [];
    for (let pos = 0; pos < size / 2 ** roundNo; pos++) {
      const home = sideOf(roundNo, pos, "home");
      const away = sideOf(roundNo, pos, "away");
      sides.set(`${roundNo}/${pos}`, { home, away });
      const stored = byPosition.get(`${roundNo}/${pos}`);
      matches.push({
        bracketPos: pos,
        home,
        away,
        match: stored ? serializeMatch(stored, input.entries) : null,
      });
    }
    rounds.push({ roundNo, label: roundLabel(roundNo, roundCount), matches });
  }
  const slots = Array.from({ length: size }, (_, position) => ({ position, ...slotSide(position) }));
  return { subeventId: input.category.id, size, slots, rounds };
}
