/**
 * The answer of GET /api/v1/subevents/{id}/matches, made again after a write from the last one: a point changes
 * one match of the list, so a new answer reads the list's ids and versions (no games, no names) and the matches
 * whose version moved, and copies the bytes of the others from the answer before. A category of 224 matches
 * is then made again in a fraction of the time and garbage of a whole build (reading and serialising every
 * match), which matters when points land in every category at once and each makes its list stale.
 *
 * A match's bytes are reused only while its version (its row and group name, db/read_matches.ts
 * `matchVersion`) and the names of the category's entries are those it was made with: anything else is made
 * again. What is laid out is exactly what `JSON.stringify` of the whole answer gives (tested).
 */
import type { Kysely } from "kysely";
import { type EntryRecord, readCategoryEntries } from "../db/read_entries.ts";
import {
  listCategoryMatches,
  listCategoryMatchesById,
  listCategoryMatchVersions,
  type VersionedMatchRecord,
} from "../db/read_matches.ts";
import type { Database } from "../db/schema.ts";
import { MAX_KEPT_BYTES, type RawPayload } from "./payload.ts";
import { serializeMatch } from "./serialize.ts";
import { findPublicCategory } from "../db/read_categories.ts";
import type { ViewDeps } from "./view.ts";
import { KeptByVersion } from "./kept_by_version.ts";

/** Where a match's JSON lies in a kept answer; `start` -1 for a match not listed (a side still unknown). */
interface Placed {
  version: string;
  start: number;
  end: number;
}

/** The last answer of a category's matches and where each match lies in it, kept under the entries' names. */
interface Laid {
  body: Uint8Array<ArrayBuffer>;
  placed: Map<string, Placed>;
}

/** At most this many categories' last answers are kept, and no more bytes than the response cache holds. */
const MAX_CATEGORIES = 2000;

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"data":{"matches":[');
const COMMA = encoder.encode(",");

/** What a match's JSON shows of the entries: their ids, names and countries. */
function namesOf(entries: ReadonlyMap<string, EntryRecord>): string {
  let out = "";
  for (const e of entries.values()) out += `${e.id}\u0000${e.name}\u0000${e.country ?? ""}\u0001`;
  return out;
}

/** A match's bytes in the answer; null for a match not listed (one of its sides is not known yet). */
function matchBytes(m: VersionedMatchRecord, entries: ReadonlyMap<string, EntryRecord>): Uint8Array | null {
  const served = serializeMatch(m, entries);
  return served === null ? null : encoder.encode(JSON.stringify(served));
}

/** The answers of the matches lists of every category, one server's, each made again from the one before. */
export class CategoryMatchLists {
  /** Under the entries' ids and names each was made with (`namesOf`): a name changed, every match is made again. */
  readonly #laid = new KeptByVersion<Laid>(MAX_CATEGORIES, MAX_KEPT_BYTES, (l) => l.body.length);

  /** The payload of a public category's matches list (every status); null when it is not public. */
  async load(deps: ViewDeps, categoryId: string): Promise<RawPayload | null> {
    const category = await findPublicCategory(deps.db, categoryId);
    return category ? await this.payload(deps.db, category.id) : null;
  }

  /** The payload of the category's matches list (every status). */
  async payload(db: Kysely<Database>, categoryId: string): Promise<RawPayload> {
    const last = this.#laid.last(categoryId);
    const before = last?.value;
    const [order, entries] = await Promise.all([
      before ? listCategoryMatchVersions(db, categoryId) : listCategoryMatches(db, categoryId),
      readCategoryEntries(db, categoryId),
    ]);
    const names = namesOf(entries);
    // Each match in the list's order: its version and its bytes (null: not listed).
    let items: { id: string; version: string; bytes: Uint8Array | null }[];
    const moved = before && last.version === names
      ? order.filter((m) => before.placed.get(m.id)?.version !== m.version).map((m) => m.id)
      : null;
    // When most of the list moved (a draw made again, a day's schedule), one read of it all costs less.
    if (before && moved !== null && moved.length <= order.length / 2) {
      const read = new Map((await listCategoryMatchesById(db, categoryId, moved)).map((m) => [m.id, m]));
      items = [];
      for (const { id, version } of order) {
        const was = before.placed.get(id);
        if (was && was.version === version) {
          items.push({ id, version, bytes: was.start < 0 ? null : before.body.subarray(was.start, was.end) });
          continue;
        }
        // Gone from the public list between the two reads (its draw made a draft again): left out now.
        const m = read.get(id);
        if (m) items.push({ id, version: m.version, bytes: matchBytes(m, entries) });
      }
    } else {
      // Without a last answer, `order` is already the whole read (listCategoryMatches above).
      const all = before ? await listCategoryMatches(db, categoryId) : order as VersionedMatchRecord[];
      items = all.map((m) => ({ id: m.id, version: m.version, bytes: matchBytes(m, entries) }));
    }
    return {
      layout: (generatedAt) => {
        const parts: Uint8Array[] = [OPEN];
        const placed = new Map<string, Placed>();
        let at = OPEN.length;
        for (const item of items) {
          if (item.bytes === null) {
            placed.set(item.id, { version: item.version, start: -1, end: -1 });
            continue;
          }
          if (parts.length > 1) {
            parts.push(COMMA);
            at += COMMA.length;
          }
          parts.push(item.bytes);
          placed.set(item.id, { version: item.version, start: at, end: at + item.bytes.length });
          at += item.bytes.length;
        }
        parts.push(encoder.encode(`]},"meta":{"generatedAt":${JSON.stringify(generatedAt)}}}`));
        return {
          parts,
          kept: (body) => this.#laid.keep(categoryId, names, { body, placed }),
        };
      },
    };
  }
}
