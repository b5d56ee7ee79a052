/**
 * An event's rows as a director names them: each category, entry and match under a name that an import keeps
 * (the category's name, the entry's players, the match's label and sides), with what it holds now in words.
 * Comparing two of these says what an import added, changed and removed (event_file/import_preview.ts).
 * @module
 */
import type { Kysely } from "kysely";
import { readEntries } from "../db/read_entries.ts";
import type { Database } from "../db/schema.ts";

/** What a match holds, in words: its games once any is played, else its status. */
function matchState(status: string, games: string): string {
  const played = (JSON.parse(games) as [number, number][]).map(([h, a]) => `${h}-${a}`).join(" ");
  const word = status === "completed" ? "played" : status === "in_progress" ? "in progress" : "not started";
  return played ? `${word} ${played}` : word;
}

/**
 * The rows of the event under `slug`, by name, with their state in words; empty when there is no such event.
 * @example await eventRows(db, "open") // Map { 'category "Men\'s singles"' => "groups, draw locked", ... }
 */
export async function eventRows(db: Kysely<Database>, slug: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const event = await db.selectFrom("events").select(["id", "name", "status"]).where("slug", "=", slug)
    .executeTakeFirst();
  if (!event) return out;
  out.set("the event", `"${event.name}", ${event.status}`);
  const subs = await db.selectFrom("subevents").select(["id", "name", "format", "draw_state"])
    .where("event_id", "=", event.id).orderBy("position").execute();
  if (subs.length === 0) return out;
  const rows = await db.selectFrom("entries").select(["id", "subevent_id", "withdrawn_at"])
    .where("subevent_id", "in", subs.map((s) => s.id)).where("team_entry_id", "is", null).execute();
  const matches = await db.selectFrom("matches")
    .select(["subevent_id", "label", "status", "games", "home_entry_id", "away_entry_id"])
    .where("event_id", "=", event.id).where("stage", "<>", "tie").orderBy("label").execute();
  const names = await readEntries(db, [
    ...rows.map((r) => r.id),
    ...matches.flatMap((m) => [m.home_entry_id ?? "", m.away_entry_id ?? ""]).filter((id) => id !== ""),
  ]);
  const name = (id: string | null) => (id === null ? undefined : names.get(id)?.name) ?? "to be decided";
  for (const sub of subs) {
    const category = `"${sub.name}"`;
    out.set(`category ${category}`, `${sub.format}, draw ${sub.draw_state}`);
    for (const r of rows.filter((r) => r.subevent_id === sub.id)) {
      out.set(`entry "${name(r.id)}" in ${category}`, r.withdrawn_at === null ? "playing" : "withdrawn");
    }
    for (const m of matches.filter((m) => m.subevent_id === sub.id)) {
      let key = `match ${m.label} of ${category}: ${name(m.home_entry_id)} v ${name(m.away_entry_id)}`;
      for (let n = 2; out.has(key); n++) key = `${key} (${n})`;
      out.set(key, matchState(m.status, m.games));
    }
  }
  return out;
}
