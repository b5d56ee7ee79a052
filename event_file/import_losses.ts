/**
 * What importing a file would remove or change of the desk's work on the event already in the store under the
 * file's slug: its categories, entries, draws, results, withdrawals and check-ins that the file does not hold as
 * they are.
 * The import itself replaces the event whole (event_file/import.ts); the command and the management API ask for
 * a confirmation (`--replace`, `?replace=true`) before they let it drop any of these, and list each by name.
 * @module
 */
import type { Kysely } from "kysely";
import { entryName, readEntries } from "../db/read_entries.ts";
import type { Database } from "../db/schema.ts";
import type { EventFile } from "./format.ts";
import { sourceHash } from "./import.ts";

/**
 * Each thing the import of `file` would remove or change, in a sentence; empty when the store has no event under
 * its slug, or the file holds all of it.
 * @example await importLosses(db, mended) // ['Entry "Maya Lin" of "Women\'s singles" would be removed']
 */
export async function importLosses(db: Kysely<Database>, file: EventFile): Promise<string[]> {
  const event = await db.selectFrom("events").select(["id", "source_hash"]).where(
    "slug",
    "=",
    file.event.slug,
  )
    .executeTakeFirst();
  // The very file the store was imported from drops nothing (its import changes nothing).
  if (!event || event.source_hash === sourceHash(file)) return [];
  const subs = await db.selectFrom("subevents").selectAll().where("event_id", "=", event.id)
    .orderBy("position").execute();
  const rows = subs.length === 0
    ? []
    : await db.selectFrom("entries").select(["id", "subevent_id", "withdrawn_at"])
      .where("subevent_id", "in", subs.map((s) => s.id)).where("team_entry_id", "is", null).execute();
  const entries = await readEntries(db, rows.map((r) => r.id));
  const matches = await db.selectFrom("matches").select([
    "id",
    "subevent_id",
    "status",
    "games",
    "label",
    "home_entry_id",
    "away_entry_id",
    "winner_entry_id",
  ]).where("event_id", "=", event.id)
    .where("status", "=", "completed").where("stage", "<>", "tie").execute();
  const members = subs.length === 0 ? [] : await db.selectFrom("group_members")
    .innerJoin("groups", "groups.id", "group_members.group_id").select("groups.subevent_id")
    .where("groups.subevent_id", "in", subs.map((s) => s.id)).execute();
  const playerName = new Map(file.players.map((p) => [p.id, p.displayName]));
  const out: string[] = [];
  for (const sub of subs) {
    const category = file.categories.find((c) => c.uuid === sub.id || c.id === sub.code);
    const name = `"${sub.name}"`;
    if (!category) {
      out.push(`Category ${name} and all in it would be removed`);
      continue;
    }
    const sideName = (key: string) =>
      entryName((category.entries.find((e) => e.id === key)?.players ?? []).map((p) => playerName.get(p)));
    // An entry is the file's when the file names its id, or the same players in the same category.
    const fileEntry = (id: string) => {
      const stored = entries.get(id);
      return category.entries.find((e) =>
        e.uuid === id ||
        (stored !== undefined && entryName(e.players.map((p) => playerName.get(p))) === stored.name)
      );
    };
    for (const r of rows.filter((r) => r.subevent_id === sub.id)) {
      const e = fileEntry(r.id);
      const entry = `"${entries.get(r.id)?.name ?? r.id}"`;
      if (!e) out.push(`Entry ${entry} of ${name} would be removed`);
      else if (r.withdrawn_at !== null && !e.withdrawnAt) {
        out.push(`The withdrawal of ${entry} from ${name} would be taken back`);
      }
    }
    const drawn = sub.draw_state !== "none" || members.some((m) => m.subevent_id === sub.id);
    const fileDrawn = category.draw !== undefined ||
      (category.groups ?? []).some((g) => g.entries.length > 0);
    if (drawn && !fileDrawn) out.push(`The draw of ${name} would be removed`);
    else if (
      drawn && sub.draw_seed !== null && category.draw?.lotSeed && category.draw.lotSeed !== sub.draw_seed
    ) {
      out.push(`The draw of ${name} would be replaced by the file's`);
    }
    for (const m of matches.filter((m) => m.subevent_id === sub.id)) {
      // The file's match: by its id, or by its two sides (a file made by hand has no ids).
      const sides = [entries.get(m.home_entry_id ?? "")?.name, entries.get(m.away_entry_id ?? "")?.name]
        .sort()
        .join(" v ");
      const given = (category.matches ?? []).find((x) => x.uuid === m.id) ??
        (category.matches ?? []).find((x) =>
          x.home && x.away && [sideName(x.home), sideName(x.away)].sort().join(" v ") === sides
        );
      const games = (JSON.parse(m.games) as [number, number][]).map(([h, a]) => `${h}-${a}`).join(" ");
      const result = `The result of ${entries.get(m.home_entry_id ?? "")?.name ?? "?"} v ${
        entries.get(m.away_entry_id ?? "")?.name ?? "?"
      } (${sub.name}, ${m.label})`;
      if (!given || given.status !== "completed") out.push(`${result} would be removed`);
      else if ((given.games ?? []).join(" ") !== games) {
        out.push(
          `${result} would change from ${games || "no games"} to ${
            (given.games ?? []).join(" ") || "no games"
          }`,
        );
      }
    }
  }
  out.push(...await checkInLosses(db, event.id, file));
  return out;
}

/** The event's check-ins the file does not hold (a player with no `checkedInAt`, by id or by name). */
async function checkInLosses(db: Kysely<Database>, eventId: string, file: EventFile): Promise<string[]> {
  const stored = await db.selectFrom("check_ins").innerJoin("players", "players.id", "check_ins.player_id")
    .select(["players.id", "players.display_name"]).where("check_ins.event_id", "=", eventId)
    .orderBy("players.display_name").execute();
  return stored.filter((c) =>
    !file.players.some((p) => p.checkedInAt && (p.uuid === c.id || p.displayName === c.display_name))
  ).map((c) => `The check-in of "${c.display_name}" would be taken back`);
}
