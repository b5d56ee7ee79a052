/**
 * The rules of a category that its schema cannot say: its format's parts (groups, qualifiers), its entries (known
 * players, one entry per player, seeds once) and its groups (members once, sizes, lot orders); then its draw
 * (event_file/check_draw.ts) and its matches (event_file/check_matches.ts).
 * @module
 */
import { commonAssociation } from "../domain/draw.ts";
import { isDrawnGroupSize, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "../domain/group_size.ts";
import { isValidBestOf } from "../domain/scoring.ts";
import { type Add, type CategoryContext, givenOnce, type GroupInfo } from "./check_context.ts";
import { checkDraw } from "./check_draw.ts";
import { checkMatches } from "./check_matches.ts";
import { checkTeams } from "./check_teams.ts";
import type { LotEntry } from "./draw_by_lot.ts";
import { plural } from "./messages.ts";
import { arr, eachObject, int, type Obj, obj, str } from "./read_json.ts";

/** Checks a category; `players` gives each known player's association. */
export function checkCategory(
  category: Obj,
  path: string,
  players: Map<string, string | undefined>,
  add: Add,
): void {
  const key = str(category.id) ?? "?";
  const kind = str(category.kind);
  const format = str(category.format);
  const bestOf = int(category.bestOf);
  const qualifiers = int(category.qualifiersPerGroup);
  const groupSize = int(category.groupSize);
  const ctx: CategoryContext = {
    key,
    format,
    bestOf: bestOf !== undefined && isValidBestOf(bestOf) ? bestOf : undefined,
    entries: new Set(),
    groups: new Map(),
    drawSize: undefined,
    slots: [],
  };
  if (groupSize !== undefined && format === "knockout") {
    add(`${path}.groupSize`, `A category of format "knockout" has no groups`, { code: "knockout-no-groups" });
  }
  // Groups still to draw are drawn by the server, which makes groups of 3 to 16: another size would be ignored.
  const drawn = arr(category.groups).some((g) => arr(obj(g)?.entries).length > 0);
  if (groupSize !== undefined && format !== "knockout" && !drawn && !isDrawnGroupSize(groupSize)) {
    add(
      `${path}.groupSize`,
      `Cannot draw groups of ${groupSize}: the draw makes groups of ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE} ` +
        `entries (give the groups ` +
        `already drawn to use groups of another size)`,
      { code: "group-size-not-drawn", params: { size: groupSize, min: MIN_GROUP_SIZE, max: MAX_GROUP_SIZE } },
    );
  }
  if (qualifiers !== undefined) {
    if (format !== undefined && format !== "groups_knockout") {
      add(
        `${path}.qualifiersPerGroup`,
        `Only a category of format "groups_knockout" has qualifiers, not "${format}"`,
        { code: "qualifiers-format", params: { format } },
      );
    } else if (groupSize !== undefined && qualifiers > groupSize) {
      add(`${path}.qualifiersPerGroup`, `${qualifiers} qualifiers cannot come from groups of ${groupSize}`, {
        code: "qualifiers-too-many",
        params: { qualifiers, size: groupSize },
      });
    }
  }

  // Entries
  const entryIndex = new Map<string, number>();
  const playerEntry = new Map<string, string>();
  const seeds = new Map<number, string>();
  eachObject(category.entries, (entry, i) => {
    const entryPath = `${path}.entries[${i}]`;
    const id = str(entry.id);
    if (id !== undefined) {
      givenOnce(entryIndex, id, i, (first) => {
        add(`${entryPath}.id`, `Duplicate entry id "${id}" in category "${key}": also entries[${first}]`, {
          code: "duplicate-entry-id",
          params: { id, category: key, first: `entries[${first}]` },
        });
      });
      if (id === "bye") {
        add(`${entryPath}.id`, `"bye" is reserved for a draw slot without an entry`, {
          code: "bye-reserved",
        });
      }
      ctx.entries.add(id);
    }
    const list = Array.isArray(entry.players) ? entry.players : undefined;
    if (list) {
      const needed = kind === "doubles" ? 2 : kind === "singles" ? 1 : undefined;
      if (needed !== undefined && list.length !== needed && list.length >= 1) {
        add(
          `${entryPath}.players`,
          `A ${kind} entry needs ${plural(needed, "player")}, got ${list.length}`,
          {
            code: kind === "doubles" ? "doubles-entry-players" : "singles-entry-players",
            params: { count: list.length },
          },
        );
      }
      const inEntry = new Set<string>();
      list.forEach((p, j) => {
        const playerKey = str(p);
        if (playerKey === undefined) return;
        const playerPath = `${entryPath}.players[${j}]`;
        if (!players.has(playerKey)) {
          add(playerPath, `Unknown player "${playerKey}": not in "players"`, {
            code: "unknown-player",
            params: { player: playerKey },
          });
          return;
        }
        if (inEntry.has(playerKey)) {
          add(playerPath, `Player "${playerKey}" is twice in the same entry`, {
            code: "player-twice-in-entry",
            params: { player: playerKey },
          });
          return;
        }
        inEntry.add(playerKey);
        const other = playerEntry.get(playerKey);
        if (other !== undefined) {
          add(playerPath, `Player "${playerKey}" already plays in entry "${other}" of category "${key}"`, {
            code: "player-in-other-entry",
            params: { player: playerKey, entry: other, category: key },
          });
        } else if (id !== undefined) playerEntry.set(playerKey, id);
      });
    }
    const seed = int(entry.seed);
    if (seed !== undefined) {
      const other = seeds.get(seed);
      if (other !== undefined) {
        add(`${entryPath}.seed`, `Seed ${seed} is already given to entry "${other}"`, {
          code: "seed-taken",
          params: { seed, entry: other },
        });
      } else if (id !== undefined) seeds.set(seed, id);
    }
  });

  // Groups
  const groups = arr(category.groups);
  if (format === "knockout" && groups.length > 0) {
    add(`${path}.groups`, `A category of format "knockout" has no groups`, { code: "knockout-no-groups" });
  }
  const groupOf = new Map<string, string>();
  eachObject(groups, (group, i) => {
    const groupPath = `${path}.groups[${i}]`;
    const name = str(group.name);
    const info: GroupInfo = { index: i, members: new Set() };
    if (name !== undefined) {
      givenOnce(ctx.groups, name, info, (first) => {
        add(
          `${groupPath}.name`,
          `Duplicate group name "${name}" in category "${key}": also groups[${first.index}]`,
          { code: "duplicate-group-name", params: { name, category: key, first: `groups[${first.index}]` } },
        );
      });
    }
    const members = arr(group.entries);
    members.forEach((m, j) => {
      const entryKey = str(m);
      if (entryKey === undefined) return;
      const memberPath = `${groupPath}.entries[${j}]`;
      if (!ctx.entries.has(entryKey)) {
        add(memberPath, `Unknown entry "${entryKey}": not an entry of category "${key}"`, {
          code: "unknown-entry",
          params: { entry: entryKey, category: key },
        });
        return;
      }
      if (info.members.has(entryKey)) {
        add(memberPath, `Entry "${entryKey}" is twice in group "${name ?? "?"}"`, {
          code: "entry-twice-in-group",
          params: { entry: entryKey, group: name ?? "?" },
        });
        return;
      }
      info.members.add(entryKey);
      const other = groupOf.get(entryKey);
      if (other !== undefined) {
        add(memberPath, `Entry "${entryKey}" is already in group "${other}"`, {
          code: "entry-in-other-group",
          params: { entry: entryKey, group: other },
        });
      } else if (name !== undefined) groupOf.set(entryKey, name);
    });
    // A group of one plays no match (and its entry would go on to a knockout unplayed): a mistake, such as an
    // entry left out. An empty group is one not drawn yet.
    if (members.length === 1) {
      add(`${groupPath}.entries`, `Group "${name ?? "?"}" has 1 entry: a group needs at least 2`, {
        code: "group-of-one",
        params: { group: name ?? "?" },
      });
    }
    if (groupSize !== undefined && members.length > groupSize) {
      add(
        `${groupPath}.entries`,
        `Group "${name ?? "?"}" has ${members.length} entries, more than groupSize ${groupSize}`,
        { code: "group-too-big", params: { group: name ?? "?", count: members.length, size: groupSize } },
      );
    }
    const lotted = new Set<string>();
    arr(group.lots).forEach((l, j) => {
      const entryKey = str(l);
      if (entryKey === undefined) return;
      const lotPath = `${groupPath}.lots[${j}]`;
      if (!info.members.has(entryKey)) {
        add(lotPath, `Entry "${entryKey}" is not a member of group "${name ?? "?"}"`, {
          code: "lot-not-member",
          params: { entry: entryKey, group: name ?? "?" },
        });
      } else if (lotted.has(entryKey)) {
        add(lotPath, `Entry "${entryKey}" is twice in the lot order`, {
          code: "lot-twice",
          params: { entry: entryKey },
        });
      } else lotted.add(entryKey);
    });
  });

  // Draw
  const draw = obj(category.draw);
  if (draw) {
    const lotEntries: LotEntry[] = [];
    for (const raw of arr(category.entries)) {
      const entry = obj(raw);
      const id = str(entry?.id);
      if (!entry || id === undefined) continue;
      const associations = arr(entry.players).map((p) => players.get(str(p) ?? ""));
      lotEntries.push({ id, seed: int(entry.seed), association: commonAssociation(associations) });
    }
    checkDraw(draw, `${path}.draw`, ctx, format, qualifiers, lotEntries, add);
  }

  // Matches
  checkMatches(arr(category.matches), `${path}.matches`, ctx, add);
  checkTeams(category, path, ctx, add);
}
