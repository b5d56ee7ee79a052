/** How a match's version is written, shared by the version reads (db/read_versions.ts) and the change feed. */
import { fingerprint } from "../lib/fingerprint.ts";

type Revision = number | bigint | string;

/**
 * What a match's version is made of: its own revision and update time, the names its pages show, and the event's
 * language, which its overlays speak.
 */
export interface MatchVersionRow {
  revision: Revision;
  updated_at: string;
  slug: string;
  event_name: string;
  category: string;
  /** The event's language as its row holds it (null or absent: none set). */
  language?: string | null | undefined;
}

/**
 * A match's version: `m<revision>.<updated ms>.<fingerprint of the event's slug, name and language and the
 * category's name>`, so that a write to the match, a rename of what its pages show besides it or a change of the
 * language its overlays speak changes it.
 */
export function matchVersionTag(row: MatchVersionRow): string {
  return `m${row.revision}.${Date.parse(row.updated_at)}.${
    fingerprint(JSON.stringify([row.slug, row.event_name, row.category, row.language ?? null]))
  }`;
}
