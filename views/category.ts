/**
 * A public category (category) with what it shows: its matches, its group standings by ITTF 3.7.5 and its locked
 * knockout draw; the API's `/subevents/{id}/draw`, `/standings` and `/matches`, the category's page and overlay,
 * and the event board's summaries all read it here. Its version is the category's own: a point in another category
 * leaves it alone, and every write to its event bumps it (db/revision.ts).
 */
import { readDrawSlots } from "../db/read_draw.ts";
import { type EntryRecord, readCategoryEntries } from "../db/read_entries.ts";
import { type GroupRecord, readCategoryGroups } from "../db/read_groups.ts";
import { listCategoryMatches, type VersionedMatchRecord } from "../db/read_matches.ts";
import { findPublicCategory, type PublicCategoryRecord } from "../db/read_categories.ts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { buildDraw, servesDraw } from "./draw.ts";
import type { Draw, GroupStandings, Match } from "./schemas.ts";
import { serializeMatch } from "./serialize.ts";
import { buildStandings } from "./standings.ts";
import { namedByUuid, type View } from "./view.ts";

/** A category with everything its page shows. */
export interface CategoryView {
  id: string;
  name: string;
  format: string;
  bestOf: number;
  /** Every public match of the category whose sides are known (group stage first, then the knockout). */
  matches: Match[];
  /** Group standings; empty for a knockout-only category. */
  groups: GroupStandings[];
  /** The locked knockout draw, or null (none, or not published yet). */
  draw: Draw | null;
}

/** A category's play as read: its matches (stored and served), entries, groups and group standings. */
export interface CategoryPlay {
  records: VersionedMatchRecord[];
  entries: Map<string, EntryRecord>;
  groups: GroupRecord[];
  matches: Match[];
  standings: GroupStandings[];
}

/** A public category as read: its record and its whole view. */
export interface CategoryData {
  record: PublicCategoryRecord;
  category: CategoryView;
}

/** A category's matches, entries and groups, its served matches and its group standings. */
export async function categoryPlay(db: Kysely<Database>, categoryId: string): Promise<CategoryPlay> {
  const [records, entries, groups] = await Promise.all([
    listCategoryMatches(db, categoryId),
    readCategoryEntries(db, categoryId),
    readCategoryGroups(db, categoryId),
  ]);
  return {
    records,
    entries,
    groups,
    matches: records.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null),
    standings: groups.length === 0 ? [] : buildStandings(groups, records, entries),
  };
}

/**
 * A category's play and its locked knockout draw (null when it serves none), read together: the category's page
 * and the venue TV's bracket show the same draw.
 */
export async function categoryPlayAndDraw(
  db: Kysely<Database>,
  record: PublicCategoryRecord,
): Promise<{ play: CategoryPlay; draw: Draw | null }> {
  const [play, slots] = await Promise.all([
    categoryPlay(db, record.id),
    servesDraw(record) ? readDrawSlots(db, record.id) : Promise.resolve([]),
  ]);
  const draw = buildDraw({
    category: record,
    slots,
    matches: play.records,
    entries: play.entries,
    groups: play.groups,
  });
  return { play, draw };
}

/** A category of a published event (id in any case): its matches, standings and draw. */
export const categoryView: View<string, CategoryData> = namedByUuid({
  version: (deps, id) => deps.versions.category(id),
  load: async ({ db }, id) => {
    const record = await findPublicCategory(db, id);
    if (!record) return null;
    const { play, draw } = await categoryPlayAndDraw(db, record);
    return {
      record,
      category: {
        id: record.id,
        name: record.name,
        format: record.format,
        bestOf: record.bestOf,
        matches: play.matches,
        groups: play.standings,
        draw,
      },
    };
  },
});
