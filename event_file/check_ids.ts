/**
 * The rules of the file's `uuid`s (the ids of an exported store, docs/import-format.md "Ids") that its schema
 * cannot say: each is given once among the objects of its kind in the whole file (players, categories, entries,
 * groups, matches), since one id names one row of its table.
 * @module
 */
import { type Add, givenOnce } from "./check_context.ts";
import { eachObject, type Obj, str } from "./read_json.ts";

/** Checks that no two objects of a kind give the same `uuid`. */
export function checkUuids(root: Obj, add: Add): void {
  const seen = {
    players: new Map<string, string>(),
    categories: new Map<string, string>(),
    entries: new Map<string, string>(),
    groups: new Map<string, string>(),
    matches: new Map<string, string>(),
  };
  const once = (kind: keyof typeof seen, item: Obj, path: string) => {
    const uuid = str(item.uuid);
    if (uuid === undefined) return;
    givenOnce(
      seen[kind],
      uuid,
      path,
      (first) =>
        add(`${path}.uuid`, `Duplicate uuid "${uuid}": also ${first}`, {
          code: "duplicate-uuid",
          params: { uuid, first },
        }),
    );
  };
  eachObject(root.players, (player, i) => once("players", player, `players[${i}]`));
  eachObject(root.categories, (category, i) => {
    const path = `categories[${i}]`;
    once("categories", category, path);
    eachObject(category.entries, (entry, j) => once("entries", entry, `${path}.entries[${j}]`));
    eachObject(category.groups, (group, j) => once("groups", group, `${path}.groups[${j}]`));
    eachObject(category.matches, (match, j) => once("matches", match, `${path}.matches[${j}]`));
  });
}
