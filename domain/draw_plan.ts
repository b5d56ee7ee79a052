/**
 * A category's draw as a plan: its groups and their round-robin matches, its knockout slots and every knockout
 * match, made from the entries, the format and the lot's seeds. Pure: db/draw_writes.ts decides what may be
 * drawn (refusing what may not), then saves the plan. The rules are those of groups.ts (groups by lot, seeds
 * and associations apart, the order of play within a group), draw.ts (the knockout placed by lot) and
 * group_qualifiers.ts (the knockout placed from the group places), each citing its ITTF source; a bye's
 * opponent goes straight into round 2 (bracket.ts `nextSlot`).
 * @module
 */
import { groupLabel, nextSlot, roundLabel } from "./bracket.ts";
import { type DrawEntry, placeKnockout } from "./draw.ts";
import { groupSeeding, placeGroupQualifiers, type QualifierRef } from "./group_qualifiers.ts";
import { type GroupEntry, makeGroups, roundRobinOrder } from "./groups.ts";

/** An entry to draw, in the nomination order the lot takes (seed, then rating, then id). */
export interface PlanEntry {
  id: string;
  seed: number | null;
  rating?: number | undefined;
  association?: string | undefined;
}

/** What a draw is made from: the format, the entries, the lot's seeds and the settings already decided. */
export interface DrawPlanInput {
  format: "knockout" | "groups" | "groups_knockout";
  entries: readonly PlanEntry[];
  /** The seed of the knockout's lot. */
  lotSeed: string;
  /** The seed of the groups' lot. */
  groupLotSeed: string;
  /** Entries per group (formats with groups). */
  groupSize: number | null;
  /** Qualifiers per group (formats with groups). */
  qualifiers: 1 | 2 | null;
  /** The members of the groups kept (their matches have begun), in the groups' order; null to draw them now. */
  keptGroups: readonly (readonly string[])[] | null;
}

/** What a knockout slot holds: an entry, a bye, or a group's qualifier (group index and place). */
export type SlotContent =
  | { kind: "entry"; entryId: string }
  | { kind: "bye" }
  | { kind: "qualifier"; ref: QualifierRef };

/** A match of the plan; `group` is the index of its group (group matches), `home`/`away` its entries when known. */
export interface PlannedMatch {
  stage: "group" | "knockout";
  group: number | null;
  roundNo: number;
  bracketPos: number;
  label: string;
  home: string | null;
  away: string | null;
}

/** The draw to save. */
export interface DrawPlan {
  /** The groups drawn now (none when kept or without groups), each with its members in their places. */
  groups: { name: string; members: string[] }[];
  /** The knockout's slots (none without a knockout). */
  slots: SlotContent[];
  /** The groups' matches drawn now, then every knockout match. */
  matches: PlannedMatch[];
}

/**
 * Makes a category's draw: the groups (drawn now, or the ones kept), their matches in the order of play, the
 * knockout's slots by lot or from the group places, and the knockout's matches.
 * @example
 * planDraw({ format: "knockout", entries: [a, b, c], lotSeed: "s", groupLotSeed: "s:groups", groupSize: null,
 *   qualifiers: null, keptGroups: null })
 * // 4 slots (one bye); a round-1 match of the two others, and the final with the bye's opponent in it
 */
export function planDraw(input: DrawPlanInput): DrawPlan {
  const { format, entries } = input;
  const matches: PlannedMatch[] = [];
  const groups = format !== "knockout" && input.keptGroups === null
    ? makeGroups(
      entries.map((e): GroupEntry => ({
        id: e.id,
        ...(e.seed === null ? {} : { seed: e.seed }),
        ...(e.rating === undefined ? {} : { rating: e.rating }),
        ...(e.association === undefined ? {} : { association: e.association }),
      })),
      { groupSize: input.groupSize!, lotSeed: input.groupLotSeed },
    ).map((g) => ({ name: g.name, members: [...g.members] }))
    : [];
  groups.forEach((g, gi) => {
    let order = 0;
    roundRobinOrder(g.members.length, input.qualifiers!).forEach((round, r) => {
      for (const [a, b] of round) {
        matches.push({
          stage: "group",
          group: gi,
          roundNo: r + 1,
          bracketPos: order++,
          label: groupLabel(gi),
          home: g.members[a]!,
          away: g.members[b]!,
        });
      }
    });
  });
  let slots: SlotContent[] = [];
  if (format === "knockout") {
    slots = placeKnockout(
      entries.map((e): DrawEntry => ({
        id: e.id,
        ...(e.seed === null ? {} : { seed: e.seed }),
        ...(e.association === undefined ? {} : { association: e.association }),
      })),
      { lotSeed: input.lotSeed },
    ).map((id): SlotContent => id === null ? { kind: "bye" } : { kind: "entry", entryId: id });
  } else if (format === "groups_knockout") {
    const members = input.keptGroups ?? groups.map((g) => g.members);
    slots = placeGroupQualifiers(members.length, input.qualifiers!, {
      lotSeed: input.lotSeed,
      seeding: seedingOfGroups(members, entries),
    }).map((ref): SlotContent => ref === null ? { kind: "bye" } : { kind: "qualifier", ref });
  }
  if (format !== "groups") matches.push(...knockoutMatches(slots));
  return { groups, slots, matches };
}

/**
 * The groups' seeding (group_qualifiers.ts `groupSeeding`): each group by the best seed and the best rating
 * among its members.
 */
export function seedingOfGroups(
  members: readonly (readonly string[])[],
  entries: readonly PlanEntry[],
): number[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return groupSeeding(members.map((ids) => {
    const mine = ids.map((id) => byId.get(id));
    const seeds = mine.flatMap((e) => e?.seed ?? []);
    const ratings = mine.flatMap((e) => e?.rating ?? []);
    return {
      ...(seeds.length ? { bestSeed: Math.min(...seeds) } : {}),
      ...(ratings.length ? { bestRating: Math.max(...ratings) } : {}),
    };
  }));
}

/**
 * Every knockout match of a bracket: round 1 .. log2(size), positions 0.., except a first-round pairing with a
 * bye, whose player starts in round 2 (a qualifier facing a bye is put there when its group is final).
 */
function knockoutMatches(slots: readonly SlotContent[]): PlannedMatch[] {
  const roundCount = Math.log2(slots.length);
  const rows: PlannedMatch[] = [];
  const advanced = new Map<string, string>();
  const entryOf = (s: SlotContent | undefined) => s?.kind === "entry" ? s.entryId : null;
  const match = (roundNo: number, bracketPos: number, home: string | null, away: string | null) => ({
    stage: "knockout" as const,
    group: null,
    roundNo,
    bracketPos,
    label: roundLabel(roundNo, roundCount),
    home,
    away,
  });
  for (let pos = 0; pos < slots.length / 2; pos++) {
    const home = slots[2 * pos];
    const away = slots[2 * pos + 1];
    if (home?.kind === "bye" || away?.kind === "bye") {
      const through = entryOf(home?.kind === "bye" ? away : home);
      const to = nextSlot(1, pos);
      if (through !== null) advanced.set(`${to.roundNo}/${to.bracketPos}/${to.side}`, through);
      continue;
    }
    rows.push(match(1, pos, entryOf(home), entryOf(away)));
  }
  for (let round = 2; round <= roundCount; round++) {
    for (let pos = 0; pos < slots.length / 2 ** round; pos++) {
      rows.push(
        match(
          round,
          pos,
          advanced.get(`${round}/${pos}/home`) ?? null,
          advanced.get(`${round}/${pos}/away`) ?? null,
        ),
      );
    }
  }
  return rows;
}
