/**
 * The entries of a category as the desk manages them (GET /api/manage/subevents/{id}/entries): each entry with
 * its players' editable fields (name, club, rating prior: the prior is private, shown to admins only), whether
 * it has a place in the draw, and when it withdrew.
 */
import type { Kysely } from "kysely";
import { readCategoryEntries } from "./read_entries.ts";
import type { Database } from "./schema.ts";

/** A player of a managed entry. */
export interface ManagedEntryPlayer {
  id: string;
  displayName: string;
  association: string | null;
  /** The prior rating (Elo-like), null when none. */
  rating: number | null;
}

/** An entry as the desk manages it. */
export interface ManagedEntry {
  id: string;
  name: string;
  association: string | null;
  seed: number | null;
  players: ManagedEntryPlayer[];
  /** Whether it has a place in the draw: a group, a knockout slot or a match. */
  inDraw: boolean;
  withdrawnAt: string | null;
}

/** A category with its entries, by name; null when the category does not exist. */
export async function readCategoryRoster(
  db: Kysely<Database>,
  categoryId: string,
): Promise<{ id: string; name: string; kind: string; drawState: string; entries: ManagedEntry[] } | null> {
  const sub = await db.selectFrom("subevents").select(["id", "name", "kind", "draw_state"])
    .where("id", "=", categoryId).executeTakeFirst();
  if (!sub) return null;
  // The entries a team's players play a tie's matches with are the team's (docs/teams.md), not the category's.
  const playing = new Set(
    (await db.selectFrom("entries").select("id").where("subevent_id", "=", categoryId)
      .where("team_entry_id", "is not", null).execute()).map((e) => e.id),
  );
  const records = [...(await readCategoryEntries(db, categoryId)).values()].filter((e) => !playing.has(e.id));
  const playerIds = records.flatMap((e) => e.players.map((p) => p.id));
  const priors = new Map(
    playerIds.length === 0
      ? []
      : (await db.selectFrom("players").select(["id", "prior_rating"]).where("id", "in", playerIds).execute())
        .map((p) => [p.id, p.prior_rating === null ? null : Number(p.prior_rating)]),
  );
  const placed = new Set<string>();
  const members = await db.selectFrom("group_members").innerJoin(
    "groups",
    "groups.id",
    "group_members.group_id",
  )
    .select("group_members.entry_id").where("groups.subevent_id", "=", categoryId).execute();
  for (const m of members) placed.add(m.entry_id);
  const slots = await db.selectFrom("draw_slots").select("entry_id").where("subevent_id", "=", categoryId)
    .where("entry_id", "is not", null).execute();
  for (const s of slots) if (s.entry_id !== null) placed.add(s.entry_id);
  const sides = await db.selectFrom("matches").select(["home_entry_id", "away_entry_id"])
    .where("subevent_id", "=", categoryId).execute();
  for (const m of sides) {
    if (m.home_entry_id !== null) placed.add(m.home_entry_id);
    if (m.away_entry_id !== null) placed.add(m.away_entry_id);
  }
  const entries = records.map((e): ManagedEntry => ({
    id: e.id,
    name: e.name,
    association: e.association,
    seed: e.seed,
    players: e.players.map((p) => ({ ...p, rating: priors.get(p.id) ?? null })),
    inDraw: placed.has(e.id),
    withdrawnAt: e.withdrawnAt ?? null,
  }));
  entries.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return { id: sub.id, name: sub.name, kind: sub.kind, drawState: sub.draw_state, entries };
}
