/**
 * A public category (subevent) with what it shows: its matches, its group standings by ITTF 3.7.5 and its locked
 * knockout draw; the API's `/subevents/{id}/draw`, `/standings` and `/matches`, the category's page and overlay,
 * and the event board's summaries all read it here. Its version is the category's own: a point in another category
 * leaves it alone, and every write to its event bumps it (db/revision.ts).
 */
import { readDrawSlots } from "../db/read_draw.ts";
import { type EntryRecord, readSubeventEntries } from "../db/read_entries.ts";
import { type GroupRecord, readSubeventGroups } from "../db/read_groups.ts";
import { listSubeventMatches, type VersionedMatchRecord } from "../db/read_matches.ts";
import { findPublicSubevent, type PublicSubeventRecord } from "../db/read_subevents.ts";
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
  subevent: PublicSubeventRecord;
  category: CategoryView;
}

/** A category's matches, entries and groups, its served matches and its group standings. */
export async function categoryPlay(db: Kysely<Database>, subeventId: string): Promise<CategoryPlay> {
  const [records, entries, groups] = await Promise.all([
    listSubeventMatches(db, subeventId),
    readSubeventEntries(db, subeventId),
    readSubeventGroups(db, subeventId),
  ]);
  return {
    records,
    entries,
    groups,
    matches: records.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null),
    standings: groups.length === 0 ? [] : buildStandings(groups, records, entries),
  };
}

/** A category of a published event (id in any case): its matches, standings and draw. */
export const categoryView: View<string, CategoryData> = namedByUuid({
  version: (deps, id) => deps.versions.subevent(id),
  load: async ({ db }, id) => {
    const subevent = await findPublicSubevent(db, id);
    if (!subevent) return null;
    const [play, slots] = await Promise.all([
      categoryPlay(db, subevent.id),
      servesDraw(subevent) ? readDrawSlots(db, subevent.id) : Promise.resolve([]),
    ]);
    return {
      subevent,
      category: {
        id: subevent.id,
        name: subevent.name,
        format: subevent.format,
        bestOf: subevent.bestOf,
        matches: play.matches,
        groups: play.standings,
        draw: buildDraw({
          subevent,
          slots,
          matches: play.records,
          entries: play.entries,
          groups: play.groups,
        }),
      },
    };
  },
});
