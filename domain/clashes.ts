/**
 * Clashes a tournament desk must see before the players do: a table with two matches in progress, a player in
 * two matches in progress (singles and doubles count alike: a player is a person, not an entry), and, among the
 * matches still to play, two on one table or two with one player at the very same time. They are warnings,
 * never refusals: the desk may know better (a match moved by voice, a result not keyed in yet).
 *
 * A scheduled time is a slot start; matches have no known length, so only equal times are a double booking.
 */

/** A match as the clash rules read it. */
export interface ClashMatch {
  id: string;
  /** "scheduled" and "in_progress" are read; any other status (a finished match) clashes with nothing. */
  status: string;
  tableNo: number | null;
  /** ISO 8601 UTC; null when not scheduled. */
  scheduledAt: string | null;
  /** The people of both sides (two per side in doubles); empty for a side not known yet. */
  players: readonly ClashPlayer[];
}

/** A person playing in a match. */
export interface ClashPlayer {
  id: string;
  name: string;
}

/** One clash: what kind, the matches involved (in the order given) and what they share. */
export type Clash =
  | { kind: "table-busy"; tableNo: number; matchIds: string[] }
  | { kind: "player-busy"; player: ClashPlayer; matchIds: string[] }
  | { kind: "table-double-booked"; tableNo: number; scheduledAt: string; matchIds: string[] }
  | { kind: "player-double-booked"; player: ClashPlayer; scheduledAt: string; matchIds: string[] };

/**
 * The clashes among an event's matches, tables before players, in the order their first match is given.
 * @example
 * // Anna plays singles on table 1 and mixed doubles on table 4 at once:
 * findClashes([live("m1", 1, [anna]), live("m2", 4, [anna, ben])])
 * // [{ kind: "player-busy", player: anna, matchIds: ["m1", "m2"] }]
 */
export function findClashes(matches: readonly ClashMatch[]): Clash[] {
  const live = matches.filter((m) => m.status === "in_progress");
  const planned = matches.filter((m) => m.status === "scheduled" && m.scheduledAt !== null);
  const clashes: Clash[] = [];
  for (const [tableNo, ids] of groupBy(live, (m) => m.tableNo === null ? [] : [String(m.tableNo)])) {
    clashes.push({ kind: "table-busy", tableNo: Number(tableNo), matchIds: ids });
  }
  for (
    const [key, ids] of groupBy(planned, (m) => m.tableNo === null ? [] : [`${m.tableNo} ${m.scheduledAt}`])
  ) {
    const [tableNo, scheduledAt] = key.split(" ") as [string, string];
    clashes.push({ kind: "table-double-booked", tableNo: Number(tableNo), scheduledAt, matchIds: ids });
  }
  const people = new Map(matches.flatMap((m) => m.players.map((p) => [p.id, p] as const)));
  for (const [id, ids] of groupBy(live, playerIds)) {
    clashes.push({ kind: "player-busy", player: people.get(id)!, matchIds: ids });
  }
  for (const [key, ids] of groupBy(planned, (m) => playerIds(m).map((id) => `${id} ${m.scheduledAt}`))) {
    const [id, scheduledAt] = key.split(" ") as [string, string];
    clashes.push({ kind: "player-double-booked", player: people.get(id)!, scheduledAt, matchIds: ids });
  }
  return clashes;
}

/**
 * For each match that could be (re)started (by default the scheduled ones; a caller may add the decided ones a
 * desk can take back to in progress), what starting it now would clash with: the matches in progress on its
 * table and those its players are in. Matches that would clash with nothing are left out of the map.
 */
export function startClashes(
  matches: readonly ClashMatch[],
  startable: (m: ClashMatch) => boolean = (m) => m.status === "scheduled",
): Map<string, Clash[]> {
  const live = matches.filter((m) => m.status === "in_progress");
  const onTable = index(live, (m) => m.tableNo === null ? [] : [String(m.tableNo)]);
  const withPlayer = index(live, playerIds);
  const result = new Map<string, Clash[]>();
  for (const match of matches) {
    if (!startable(match)) continue;
    const clashes: Clash[] = [];
    const table = match.tableNo === null ? [] : onTable.get(String(match.tableNo)) ?? [];
    if (table.length > 0) clashes.push({ kind: "table-busy", tableNo: match.tableNo!, matchIds: table });
    for (const player of unique(match.players)) {
      const busy = withPlayer.get(player.id) ?? [];
      if (busy.length > 0) clashes.push({ kind: "player-busy", player, matchIds: busy });
    }
    if (clashes.length > 0) result.set(match.id, clashes);
  }
  return result;
}

/** A player listed twice in one match (a data error) is one person: no clash with itself. */
function unique(players: readonly ClashPlayer[]): ClashPlayer[] {
  return [...new Map(players.map((p) => [p.id, p])).values()];
}

const playerIds = (m: ClashMatch) => [...new Set(m.players.map((p) => p.id))];

/** Each key with the ids of its matches, in the order given. */
function index(matches: readonly ClashMatch[], keys: (m: ClashMatch) => string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const m of matches) {
    for (const key of keys(m)) {
      const ids = groups.get(key);
      if (ids) ids.push(m.id);
      else groups.set(key, [m.id]);
    }
  }
  return groups;
}

/** The keys shared by two matches or more, each with the ids of its matches, in the order first met. */
function groupBy(matches: readonly ClashMatch[], keys: (m: ClashMatch) => string[]): [string, string[]][] {
  return [...index(matches, keys)].filter(([, ms]) => ms.length > 1);
}
