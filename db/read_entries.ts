/**
 * Read side of entries for the public API: an entry's name ("A / B" for a doubles pair), its association(s)
 * and its players' public fields. Private player columns (e-mail, birth date, federation id, priors) are never
 * selected.
 */
import type { Kysely } from "kysely";
import { PAIR_SEPARATOR } from "../domain/person_name.ts";
import type { Database } from "./schema.ts";

/** A player as shown inside an entry. */
export interface EntryPlayerRecord {
  id: string;
  displayName: string;
  association: string | null;
  /** The player's country code ("GER"); null or absent when not known. */
  country?: string | null;
}

/** An entry of a category: one player, or a doubles pair. */
export interface EntryRecord {
  id: string;
  /** The player's name, or "A / B" for a pair. */
  name: string;
  /** The association, or "X / Y" for a pair from two associations; null when none is known. */
  association: string | null;
  /** The country code, or "X / Y" for a pair from two countries; null or absent when none is known. */
  country?: string | null;
  seed: number | null;
  players: EntryPlayerRecord[];
  /** When it withdrew after the draw (db/entry_writes.ts); null or absent while it plays on. */
  withdrawnAt?: string | null;
}

type EntrySelection = {
  id: string;
  seed: number | null;
  p1_id: string;
  p1_name: string;
  p1_association: string | null;
  p1_country: string | null;
  p2_id: string | null;
  p2_name: string | null;
  p2_association: string | null;
  p2_country: string | null;
  withdrawn_at: string | null;
};

/** Entries with their players joined: `p1`, and `p2`, null but for a doubles pair. */
export function entriesWithPlayers(db: Kysely<Database>) {
  return db.selectFrom("entries")
    .innerJoin("players as p1", "p1.id", "entries.player1_id")
    .leftJoin("players as p2", "p2.id", "entries.player2_id");
}

function entriesQuery(db: Kysely<Database>) {
  return entriesWithPlayers(db)
    .select([
      "entries.id",
      "entries.seed",
      "p1.id as p1_id",
      "p1.display_name as p1_name",
      "p1.association as p1_association",
      "p1.country as p1_country",
      "p2.id as p2_id",
      "p2.display_name as p2_name",
      "p2.association as p2_association",
      "p2.country as p2_country",
      "entries.withdrawn_at",
    ]);
}

function toRecord(row: EntrySelection): EntryRecord {
  const players: EntryPlayerRecord[] = [
    { id: row.p1_id, displayName: row.p1_name, association: row.p1_association, country: row.p1_country },
  ];
  if (row.p2_id !== null && row.p2_name !== null) {
    players.push({
      id: row.p2_id,
      displayName: row.p2_name,
      association: row.p2_association,
      country: row.p2_country,
    });
  }
  return {
    id: row.id,
    name: entryName(players.map((p) => p.displayName)),
    association: joinedOnce(players.map((p) => p.association)),
    country: joinedOnce(players.map((p) => p.country ?? null)),
    seed: row.seed === null ? null : Number(row.seed),
    players,
    withdrawnAt: row.withdrawn_at,
  };
}

/** The distinct known values of a pair's players, "X / Y" when they differ; null when none is known. */
function joinedOnce(values: readonly (string | null)[]): string | null {
  const known = [...new Set(values.flatMap((v) => v === null ? [] : [v]))];
  return known.length === 0 ? null : known.join(PAIR_SEPARATOR);
}

/** Every entry of a category, by id. */
export async function readCategoryEntries(
  db: Kysely<Database>,
  categoryId: string,
): Promise<Map<string, EntryRecord>> {
  const rows = await entriesQuery(db).where("entries.subevent_id", "=", categoryId).execute();
  return new Map(rows.map((row) => [row.id, toRecord(row)]));
}

/** The entries with these ids, by id (unknown ids are left out). */
export async function readEntries(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, EntryRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await entriesQuery(db).where("entries.id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, toRecord(row)]));
}

/** The name of an entry from its players' names: "A" for singles, "A / B" for a doubles pair. */
export function entryName(names: readonly (string | null | undefined)[]): string {
  return names.filter((n): n is string => typeof n === "string" && n !== "").join(PAIR_SEPARATOR);
}
