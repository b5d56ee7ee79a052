/**
 * What an export writes of a team category besides what every category has (docs/teams.md): each team's name,
 * association and players, and each tie's line-ups and individual matches.
 * @module
 */
import type { Kysely } from "kysely";
import type { Database, MatchRow } from "../db/schema.ts";
import type { LineupInput, MatchInput, TieInput, TieMatchInput } from "./format.ts";

type Db = Kysely<Database>;

/** A team as the export reads it: name, association and its players' ids in the team sheet's order. */
export interface ExportedTeam {
  name: string;
  association: string | null;
  players: string[];
}

/** The teams of a category by entry id; empty for another kind of category. */
export async function teamsOf(db: Db, categoryId: string): Promise<Map<string, ExportedTeam>> {
  const teams = await db.selectFrom("teams").selectAll().where("subevent_id", "=", categoryId).execute();
  const out = new Map<string, ExportedTeam>();
  if (teams.length === 0) return out;
  const members = await db.selectFrom("team_members").selectAll()
    .where("team_entry_id", "in", teams.map((t) => t.entry_id)).orderBy("position").execute();
  for (const t of teams) {
    out.set(t.entry_id, {
      name: t.name,
      association: t.association,
      players: members.filter((m) => m.team_entry_id === t.entry_id).map((m) => m.player_id),
    });
  }
  return out;
}

/**
 * The tie of a team category's match as the format writes it: line-ups by player key, whether published, and its
 * individual matches (`write` writes a stored match as the format does, `uuid` its id).
 */
export async function tieOf(
  db: Db,
  tie: MatchRow,
  playerKey: (id: string) => string,
  write: (m: MatchRow) => MatchInput,
  uuid: (id: string) => { uuid?: string },
): Promise<{ tie?: TieInput }> {
  const row = await db.selectFrom("ties").selectAll().where("match_id", "=", tie.id).executeTakeFirst();
  if (!row) return {};
  const lineup = (text: string | null): LineupInput | null => {
    if (text === null) return null;
    const l = JSON.parse(text) as { positions: Record<string, string>; pair?: [string, string] | null };
    return {
      positions: Object.fromEntries(Object.entries(l.positions).map(([k, p]) => [k, playerKey(p)])),
      ...(l.pair ? { pair: [playerKey(l.pair[0]), playerKey(l.pair[1])] as [string, string] } : {}),
    };
  };
  const rows = await db.selectFrom("matches").selectAll().where("tie_id", "=", tie.id).orderBy("tie_order")
    .execute();
  const matches = rows.map((m): TieMatchInput => {
    const {
      id: _id,
      stage: _s,
      group: _g,
      round: _r,
      position: _p,
      home: _h,
      away: _a,
      winner: _w,
      ...rest
    } = write(m);
    return {
      order: Number(m.tie_order),
      ...rest,
      ...(m.winner_entry_id === null
        ? {}
        : { winner: m.winner_entry_id === m.home_entry_id ? "home" : "away" }),
      ...uuid(m.id),
    };
  });
  const home = lineup(row.home_lineup);
  const away = lineup(row.away_lineup);
  // A tie without line-ups or matches has nothing to say: the import makes its row again from the category.
  if (!home && !away && row.lineup_published_at === null && matches.length === 0) return {};
  return {
    tie: {
      ...(home ? { home } : {}),
      ...(away ? { away } : {}),
      ...(row.lineup_published_at === null ? {} : { published: true }),
      ...(matches.length === 0 ? {} : { matches }),
    },
  };
}
