/**
 * The round robins a file's groups play when the file gives a group but none of its matches: each such group
 * (of 2 to 16 entries) gets every pair once, in the order of play of `roundRobinOrder` (domain/groups.ts, the
 * Berger rounds, one member resting each round in an odd group), as the server's own draw would make them.
 * @module
 */
import { roundRobinOrder } from "../domain/groups.ts";
import type { CategoryInput, EventFile, MatchInput } from "./format.ts";

/**
 * The file with the matches of its groups that have none added (a new object; the file is not changed).
 * @example withRoundRobins(file).categories[0].matches // 36 group matches for one group of 9 without matches
 */
export function withRoundRobins(file: EventFile): EventFile {
  if (!file.categories.some((c) => missingGroups(c).length > 0)) return file;
  return { ...file, categories: file.categories.map(withCategoryRoundRobins) };
}

function missingGroups(category: CategoryInput) {
  if (category.format === "knockout") return [];
  const played = new Set(
    (category.matches ?? []).flatMap((m) => m.stage === "group" && m.group ? [m.group] : []),
  );
  return (category.groups ?? []).filter((g) => g.entries.length >= 2 && !played.has(g.name));
}

function withCategoryRoundRobins(category: CategoryInput): CategoryInput {
  const missing = missingGroups(category);
  if (missing.length === 0) return category;
  const keys = new Set((category.matches ?? []).map((m) => m.id));
  const qualifiers = category.qualifiersPerGroup === 2 || (category.qualifiersPerGroup == null &&
      category.format === "groups_knockout")
    ? 2
    : 1;
  const added: MatchInput[] = [];
  for (const group of missing) {
    let position = 0;
    roundRobinOrder(group.entries.length, qualifiers).forEach((round, r) => {
      for (const [a, b] of round) {
        let id = `${group.name}-${position + 1}`;
        for (let n = 2; keys.has(id); n++) id = `${group.name}-${position + 1}-${n}`;
        keys.add(id);
        added.push({
          id,
          stage: "group",
          group: group.name,
          round: r + 1,
          position: position++,
          home: group.entries[a]!,
          away: group.entries[b]!,
          status: "scheduled",
        });
      }
    });
  }
  return { ...category, matches: [...(category.matches ?? []), ...added] };
}
