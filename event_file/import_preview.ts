/**
 * What importing a file would do, without doing it: the import runs in a transaction that is then rolled back,
 * and the event's rows (event_file/event_rows.ts) before and after it are compared. The desk's upload shows this
 * before the director confirms; `losses` (event_file/import_losses.ts) are what needs the confirmation to
 * replace (`?replace=true`).
 * @module
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { writeTransaction } from "../db/write_transaction.ts";
import type { EventFile, ImportProblem } from "./format.ts";
import { type ImportCounts, importEventInTransaction } from "./import.ts";
import { importLosses } from "./import_losses.ts";
import { eventRows } from "./event_rows.ts";

/** What an import would add, change and remove, in sentences, and whether it needs a confirmation. */
export interface ImportPreview {
  slug: string;
  name: string;
  /** Whether an event is already stored under the slug (the import then replaces it). */
  exists: boolean;
  /** Whether the store already holds this very file: importing it would change nothing. */
  unchanged: boolean;
  added: string[];
  changed: string[];
  removed: string[];
  /** The desk's work the import would drop or change; importing needs `?replace=true` when there is any. */
  losses: string[];
  counts: ImportCounts;
  /** What would be imported otherwise than the file says (incidents that do not replay), with their paths. */
  warnings: ImportProblem[];
}

/** Thrown to roll the dry run back, carrying its answer out of the transaction. */
class DryRun extends Error {
  constructor(readonly preview: ImportPreview) {
    super("dry run");
  }
}

/**
 * Compares two `eventRows` maps: the rows only in `after` (added), in both with another state (changed, "from →
 * to") and only in `before` (removed).
 * @example rowChanges(new Map([["a", "x"]]), new Map([["a", "y"], ["b", "z"]])) // { added: ["b: z"], changed: ["a: x → y"], removed: [] }
 */
export function rowChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): Pick<ImportPreview, "added" | "changed" | "removed"> {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [key, state] of after) {
    const was = before.get(key);
    if (was === undefined) added.push(`${key}: ${state}`);
    else if (was !== state) changed.push(`${key}: ${was} → ${state}`);
  }
  const removed = [...before].filter(([key]) => !after.has(key)).map(([key, state]) => `${key}: ${state}`);
  return { added, changed, removed };
}

/**
 * What importing `file` at `now` would do; nothing is written. Throws the import's `ImportError` for a file that
 * is not valid.
 */
export async function previewImport(
  db: Kysely<Database>,
  file: EventFile,
  now: Date,
): Promise<ImportPreview> {
  const losses = await importLosses(db, file);
  try {
    await writeTransaction(db, async (trx) => {
      const stored = await trx.selectFrom("events").select("id").where("slug", "=", file.event.slug)
        .executeTakeFirst();
      const before = await eventRows(trx, file.event.slug);
      const done = await importEventInTransaction(trx, file, now);
      const after = await eventRows(trx, file.event.slug);
      throw new DryRun({
        slug: file.event.slug,
        name: file.event.name,
        exists: stored !== undefined,
        unchanged: !done.changed,
        ...rowChanges(before, after),
        losses,
        counts: done.counts,
        warnings: done.warnings,
      });
    });
  } catch (e) {
    if (e instanceof DryRun) return e.preview;
    throw e;
  }
  throw new Error("The dry run of the import did not roll back");
}
