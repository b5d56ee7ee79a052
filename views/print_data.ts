/**
 * What the printed sheets read: a published event and, for each of its categories, the category's view (matches,
 * standings, draw) with its entries (names, clubs and seeds of players and pairs). Only what the public views
 * serve: draft events and draft draws are not printed.
 */
import { readCategoryEntries } from "../db/read_entries.ts";
import type { EntryRecord } from "../db/read_entries.ts";
import { type GroupRecord, readCategoryGroups } from "../db/read_groups.ts";
import { type CategoryView, categoryView } from "./category.ts";
import { eventView } from "./event.ts";
import type { ViewDeps } from "./view.ts";
import type { Event } from "./schemas.ts";
import type { Language } from "../lib/languages.ts";

export type { EntryRecord, GroupRecord };

/** A category as the sheets print it. */
export interface PrintCategory {
  view: CategoryView;
  kind: "singles" | "doubles";
  entries: Map<string, EntryRecord>;
  /** The groups with their members in the draw's order (the numbers of the Berger order). */
  groups: GroupRecord[];
}

/** A published event with every category. */
export interface PrintEvent {
  event: Event;
  categories: PrintCategory[];
  /** The event's language, the sheets' unless `?lang=` asks another; null: English. */
  language: Language | null;
}

/** The published event with this slug and its categories (only `onlyCategory` when given), or null. */
export async function readPrintEvent(
  deps: ViewDeps,
  slug: string,
  onlyCategory?: string,
): Promise<PrintEvent | null> {
  const data = await eventView.load(deps, slug);
  if (!data) return null;
  const wanted = data.categories.filter((s) =>
    onlyCategory === undefined || s.id === onlyCategory.toLowerCase()
  );
  const categories = await Promise.all(wanted.map(async (s) => {
    const [found, entries, groups] = await Promise.all([
      categoryView.load(deps, s.id),
      readCategoryEntries(deps.db, s.id),
      readCategoryGroups(deps.db, s.id),
    ]);
    return found ? { view: found.category, kind: s.kind, entries, groups } : null;
  }));
  return {
    event: data.event,
    categories: categories.filter((c): c is PrintCategory => c !== null),
    language: data.language,
  };
}
