/**
 * Builds a large tournament store for the benchmark, straight into the tables with Kysely bulk inserts (the
 * importer validates, replays every point and rebuilds ratings: right for an operator, far too slow for a
 * million rows). The plan is pure and seeded, so the same size always gives the same store.
 *
 * Shape of one event: categories cycle through three formats (groups feeding a knockout of 16, a knockout of
 * 128, round-robin groups of 8), every eighth category is doubles. The live event is half-way: groups partly
 * played, first knockout rounds done, `live` matches in play; the other events (the growth store) are finished.
 * Every player in the store is rated and listed, so the leaderboard holds `rankings` rows.
 * @module
 */
import { type Insertable, type Kysely, sql } from "kysely";
import { groupLabel, roundLabel } from "../domain/bracket.ts";
import { mulberry32 } from "../domain/lot.ts";
import type { Database, MatchTable, PlayerTable, RatingTable } from "../db/schema.ts";
import type { Store } from "../db/store.ts";
import { bumpRevision } from "../db/revision.ts";
import { createToken } from "../db/tokens.ts";
import { unplayedMatchColumns } from "../db/unplayed_match.ts";

/** How big a store to build. */
export interface StoreSize {
  /** Events of the same shape; the first is live, the others finished (a store with history). */
  events: number;
  /** Categories per event. */
  categories: number;
  /** Players entered in each event. */
  players: number;
  /** Matches in play in the live event. */
  live: number;
  /** Rated, listed players in the whole store (the leaderboard), tournament players included. */
  rankings: number;
}

/** The benchmark's store: one live event of 64 categories, 2,000 players, ~10,000 matches, 100,000 ranked. */
export const BASE_SIZE: StoreSize = {
  events: 1,
  categories: 64,
  players: 2000,
  live: 100,
  rankings: 100_000,
};

/**
 * A store `factor` times larger: more events of the same shape (so one category stays the same size) and a
 * larger leaderboard; the live event and its live matches stay as they are.
 * @example scaleSize(BASE_SIZE, 10) // 10 events, 1,000,000 ranked players
 */
export function scaleSize(size: StoreSize, factor: number): StoreSize {
  return { ...size, events: size.events * factor, rankings: size.rankings * factor };
}

/** The slug of the live event, the one the benchmark reads. */
export const LIVE_SLUG = "bench-open-2026";

/** A category of the live event as the benchmark addresses it. */
export interface BenchCategory {
  id: string;
  format: "groups" | "knockout" | "groups_knockout";
  hasGroups: boolean;
  hasDraw: boolean;
}

/** A live match with the score it was built with (the writer keeps the game going from there). */
export interface LiveMatch {
  id: string;
  categoryId: string;
  /** The running game's score. */
  current: { home: number; away: number };
  /** Every point played so far: finished games plus the running one. */
  totalPoints: number;
}

/** Rows of each kind written. */
export interface StoreCounts {
  events: number;
  categories: number;
  tournamentPlayers: number;
  rankedPlayers: number;
  entries: number;
  matches: number;
  liveMatches: number;
  completedMatches: number;
  predictions: number;
}

/** What the benchmark needs to know about the built store. */
export interface BuiltStore {
  slug: string;
  eventId: string;
  categories: BenchCategory[];
  live: LiveMatch[];
  /** A secret of an admin token for the management API. */
  adminSecret: string;
  counts: StoreCounts;
  seconds: number;
}

/** A UUID-shaped id that says what it is: kind, event and a running number (the API wants UUIDs). */
export function benchId(kind: number, event: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `${hex(kind, 8)}-${hex(event, 4)}-4000-8000-${hex(n, 12)}`;
}

const KIND = { event: 0xbe, category: 0xca, player: 0x91, entry: 0xe7, group: 0x96, match: 0x3a } as const;

type MatchRow = Insertable<MatchTable>;

/** The rows of one event (players and ratings are planned separately: they are shared by the store). */
export interface EventPlan {
  event: Insertable<Database["events"]>;
  categoryRows: Insertable<Database["subevents"]>[];
  entries: Insertable<Database["entries"]>[];
  groups: Insertable<Database["groups"]>[];
  groupMembers: Insertable<Database["group_members"]>[];
  drawSlots: Insertable<Database["draw_slots"]>[];
  matches: MatchRow[];
  predictions: Insertable<Database["predictions"]>[];
  categories: BenchCategory[];
  live: LiveMatch[];
}

const FORMATS = ["groups_knockout", "knockout", "groups"] as const;

/** Entries, group sizes and knockout size of a format. */
function formatShape(format: BenchCategory["format"]) {
  if (format === "groups_knockout") return { entries: 48, groupSize: 6, knockout: 16 };
  if (format === "knockout") return { entries: 128, groupSize: 0, knockout: 128 };
  return { entries: 64, groupSize: 8, knockout: 0 };
}

/** Rounds of a round robin by the circle method: each round is a list of [home, away] member indexes. */
export function circleRounds(n: number): [number, number][][] {
  const size = n % 2 === 0 ? n : n + 1;
  const ring = Array.from({ length: size }, (_, i) => i);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < size - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < size / 2; i++) {
      const a = ring[i]!, b = ring[size - 1 - i]!;
      if (a < n && b < n) pairs.push(r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    ring.splice(1, 0, ring.pop()!);
  }
  return rounds;
}

/** Plans one event; `index` 0 is the live event, the others are finished. */
export function planEvent(size: StoreSize, index: number, now: Date): EventPlan {
  const rng = mulberry32(0x5eed + index);
  const live = index === 0;
  const at = now.toISOString();
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  const eventId = benchId(KIND.event, index, 0);
  const slug = live ? LIVE_SLUG : `bench-past-${index}`;
  const startDay = live ? 0 : -30 * index;
  const plan: EventPlan = {
    event: {
      id: eventId,
      slug,
      name: live ? "Bench Open 2026" : `Bench Past ${index}`,
      venue: "Benchmark Hall",
      start_date: day(startDay),
      end_date: day(startDay + 2),
      status: "published",
      description: "A generated tournament for the benchmark.",
      poster_url: null,
      revision: 1,
      source_hash: null,
      created_at: at,
      updated_at: at,
    },
    categoryRows: [],
    entries: [],
    groups: [],
    groupMembers: [],
    drawSlots: [],
    matches: [],
    predictions: [],
    categories: [],
    live: [],
  };
  let entryNo = 0, groupNo = 0, matchNo = 0;
  const firstPlayer = index * size.players;
  const playerId = (k: number) => benchId(KIND.player, 0, firstPlayer + (k % size.players));

  const completedGames = (): { games: [number, number][]; homeWon: boolean } => {
    const homeWon = rng() < 0.5;
    const loserGames = Math.floor(rng() * 3);
    const order = Array.from({ length: 3 + loserGames }, (_, i) => i < loserGames);
    // The winner takes the last game; the loser's games fall anywhere before it.
    for (let i = order.length - 2; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const games = order.map((loserTakes): [number, number] => {
      const deuce = rng() < 0.15;
      const low = deuce ? 10 + Math.floor(rng() * 3) : 2 + Math.floor(rng() * 8);
      const high = deuce ? low + 2 : 11;
      const homeTakes = loserTakes ? !homeWon : homeWon;
      return homeTakes ? [high, low] : [low, high];
    });
    return { games, homeWon };
  };

  const baseMatch = (
    categoryId: string,
    bestOf: number,
  ): Omit<MatchRow, "stage" | "round_no" | "bracket_pos" | "label"> => ({
    id: benchId(KIND.match, index, matchNo++),
    event_id: eventId,
    subevent_id: categoryId,
    group_id: null,
    home_entry_id: null,
    away_entry_id: null,
    best_of: bestOf,
    ...unplayedMatchColumns(at),
  });

  const complete = (m: MatchRow): string => {
    const { games, homeWon } = completedGames();
    const started = -240 - Math.floor(rng() * 600);
    Object.assign(m, {
      status: "completed",
      games: JSON.stringify(games),
      winner_entry_id: homeWon ? m.home_entry_id : m.away_entry_id,
      first_server: "home",
      started_at: minutes(started),
      completed_at: minutes(started + 25),
      revision: 1,
    });
    return (homeWon ? m.home_entry_id : m.away_entry_id)!;
  };

  for (let c = 0; c < size.categories; c++) {
    const format = FORMATS[c % FORMATS.length]!;
    const doubles = c % 8 === 7;
    const shape = formatShape(format);
    const categoryId = benchId(KIND.category, index, c);
    const bestOf = 5;
    plan.categoryRows.push({
      id: categoryId,
      event_id: eventId,
      code: `C${c + 1}`,
      name: `${doubles ? "Doubles" : "Singles"} ${c + 1}`,
      kind: doubles ? "doubles" : "singles",
      format,
      best_of: bestOf,
      position: c,
      group_size: shape.groupSize || null,
      qualifiers_per_group: format === "groups_knockout" ? 2 : null,
      draw_state: format === "groups" ? "none" : "locked",
      draw_seed: format === "groups" ? null : `bench/${index}/${c}`,
      draw_size: shape.knockout || null,
    });
    plan.categories.push({
      id: categoryId,
      format,
      hasGroups: format !== "knockout",
      hasDraw: format !== "groups",
    });
    const offset = (c * 131) % size.players;
    const entries: string[] = [];
    for (let e = 0; e < shape.entries; e++) {
      const id = benchId(KIND.entry, index, entryNo++);
      entries.push(id);
      plan.entries.push({
        id,
        subevent_id: categoryId,
        player1_id: playerId(offset + (doubles ? 2 * e : e)),
        player2_id: doubles ? playerId(offset + 2 * e + 1) : null,
        seed: e < 4 ? e + 1 : null,
      });
    }

    // Groups: round robins; the live event has the last two rounds of plain group categories to play.
    const groups: { id: string; members: string[] }[] = [];
    if (shape.groupSize > 0) {
      const count = shape.entries / shape.groupSize;
      for (let g = 0; g < count; g++) {
        const id = benchId(KIND.group, index, groupNo++);
        const members = entries.slice(g * shape.groupSize, (g + 1) * shape.groupSize);
        groups.push({ id, members });
        plan.groups.push({ id, subevent_id: categoryId, name: String.fromCharCode(65 + g), position: g });
        members.forEach((entry, k) =>
          plan.groupMembers.push({ group_id: id, entry_id: entry, position: k, lot: null })
        );
        const rounds = circleRounds(members.length);
        const played = !live || format === "groups_knockout" ? rounds.length : rounds.length - 2;
        rounds.forEach((pairs, r) =>
          pairs.forEach(([h, a], k) => {
            const m: MatchRow = {
              ...baseMatch(categoryId, bestOf),
              stage: "group",
              group_id: id,
              round_no: r + 1,
              bracket_pos: k,
              label: groupLabel(g),
              home_entry_id: members[h]!,
              away_entry_id: members[a]!,
            };
            if (r < played) complete(m);
            else m.scheduled_at = minutes(30 * (r - played + 1));
            plan.matches.push(m);
          })
        );
      }
    }

    // Knockout: slots are entries (knockout) or group qualifiers (groups_knockout); winners move on.
    if (shape.knockout > 0) {
      const size = shape.knockout;
      const roundCount = Math.log2(size);
      const half = groups.length / 2;
      const slotEntry: string[] = [];
      for (let p = 0; p < size; p++) {
        if (format === "knockout") {
          slotEntry.push(entries[p]!);
          plan.drawSlots.push({
            subevent_id: categoryId,
            position: p,
            entry_id: entries[p]!,
            is_bye: 0,
            qualifier_group: null,
            qualifier_place: null,
          });
        } else {
          const g = p % 2 === 0 ? p / 2 : ((p - 1) / 2 + half) % groups.length;
          const place = p % 2 === 0 ? 1 : 2;
          slotEntry.push(groups[g]!.members[place - 1]!);
          plan.drawSlots.push({
            subevent_id: categoryId,
            position: p,
            entry_id: null,
            is_bye: 0,
            qualifier_group: g,
            qualifier_place: place,
          });
        }
      }
      // Rounds finished in the live event: the first one of a plain knockout, none after groups.
      const doneRounds = !live ? roundCount : format === "knockout" ? 1 : 0;
      let sides: (string | null)[] = slotEntry;
      for (let r = 1; r <= roundCount; r++) {
        const winners: (string | null)[] = [];
        for (let pos = 0; pos < size / 2 ** r; pos++) {
          const m: MatchRow = {
            ...baseMatch(categoryId, bestOf),
            stage: "knockout",
            round_no: r,
            bracket_pos: pos,
            label: roundLabel(r, roundCount),
            home_entry_id: sides[2 * pos] ?? null,
            away_entry_id: sides[2 * pos + 1] ?? null,
          };
          if (r <= doneRounds && m.home_entry_id && m.away_entry_id) winners.push(complete(m));
          else {
            winners.push(null);
            if (m.home_entry_id && m.away_entry_id) m.scheduled_at = minutes(20 * (r + pos));
          }
          plan.matches.push(m);
        }
        sides = winners;
      }
    }
  }

  if (live) pickLive(plan, size.live, minutes, rng);
  for (const m of plan.matches) {
    if (m.status === "completed" || !m.home_entry_id || !m.away_entry_id) continue;
    const p = 0.3 + 0.4 * rng();
    plan.predictions.push({
      match_id: m.id,
      p_home: p,
      ci_low: p - 0.1,
      ci_high: p + 0.1,
      confidence_label: "moderate",
      home_rating: 1500,
      home_deviation: 120,
      home_match_count: 30,
      away_rating: 1480,
      away_deviation: 130,
      away_match_count: 25,
      created_at: at,
      outcome: null,
    });
  }
  return plan;
}

/** Puts `count` scheduled matches with both sides known into play, spread over the categories. */
function pickLive(plan: EventPlan, count: number, minutes: (m: number) => string, rng: () => number): void {
  const candidates = new Map<string, MatchRow[]>();
  for (const m of plan.matches) {
    if (m.status !== "scheduled" || !m.home_entry_id || !m.away_entry_id) continue;
    const list = candidates.get(m.subevent_id) ?? [];
    list.push(m);
    candidates.set(m.subevent_id, list);
  }
  const queues = [...candidates.values()];
  let table = 0;
  for (let round = 0; table < count && queues.some((q) => q.length > round); round++) {
    for (const q of queues) {
      const m = q[round];
      if (!m || table >= count) continue;
      table++;
      // Two games shared, the third running level or one apart: nobody is close to winning.
      const games: [number, number][] = [[11, 7 + Math.floor(rng() * 3)], [6 + Math.floor(rng() * 4), 11]];
      const home = Math.floor(rng() * 8);
      const away = home + (rng() < 0.5 ? 0 : 1);
      Object.assign(m, {
        status: "in_progress",
        games: JSON.stringify(games),
        current_home: home,
        current_away: away,
        server: "home",
        first_server: "home",
        table_no: table,
        scheduled_at: null,
        started_at: minutes(-20),
        revision: 1,
      });
      const played = games.reduce((n, [h, a]) => n + h + a, 0) + home + away;
      plan.live.push({ id: m.id!, categoryId: m.subevent_id, current: { home, away }, totalPoints: played });
    }
  }
}

/** The players `from` to `to` (exclusive), every one rated and listed. */
export function planPlayers(from: number, to: number, now: Date): {
  players: Insertable<PlayerTable>[];
  ratings: Insertable<RatingTable>[];
} {
  const at = now.toISOString();
  const players: Insertable<PlayerTable>[] = [];
  const ratings: Insertable<RatingTable>[] = [];
  for (let n = from; n < to; n++) {
    const id = benchId(KIND.player, 0, n);
    players.push({
      id,
      display_name: `Player ${n + 1}`,
      association: `Club ${(n * 7) % 97}`,
      federation_id: null,
      email: null,
      birth_date: null,
      prior_rating: null,
      prior_deviation: null,
      prior_match_count: null,
      listed: 1,
      created_at: at,
    });
    // A smooth spread of ratings with few exact ties, like a real leaderboard.
    const u = ((n * 2654435761) >>> 0) / 4294967296;
    ratings.push({
      player_id: id,
      rating: 1500 + 400 * Math.tan((u - 0.5) * 2.4) / 2.6,
      deviation: 60 + (n % 200),
      volatility: 0.06,
      match_count: n % 300,
      last_played_at: at,
      updated_at: at,
      listed: 1, // mirrors players.listed above
    });
  }
  return { players, ratings };
}

type Db = Kysely<Database>;

/** Inserts rows in chunks that stay under both stores' limits on bound parameters. */
async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    // deno-lint-ignore no-explicit-any
    await db.insertInto(table).values(rows.slice(i, i + size) as any).execute();
  }
}

/** Builds the store (empty, migrated) and returns what the benchmark needs; `onProgress` hears each step. */
export async function buildStore(
  store: Store,
  size: StoreSize,
  now: Date,
  onProgress: (step: string) => void = () => {},
): Promise<BuiltStore> {
  const started = performance.now();
  if (store.sqlite) {
    // The builder's own connection only: a bulk load needs no fsync per commit.
    store.sqlite.raw.exec("PRAGMA synchronous = OFF");
  }
  const counts: StoreCounts = {
    events: size.events,
    categories: 0,
    tournamentPlayers: size.events * size.players,
    rankedPlayers: Math.max(size.rankings, size.events * size.players),
    entries: 0,
    matches: 0,
    liveMatches: 0,
    completedMatches: 0,
    predictions: 0,
  };
  const chunk = 50_000;
  for (let from = 0; from < counts.rankedPlayers; from += chunk) {
    const { players, ratings } = planPlayers(from, Math.min(from + chunk, counts.rankedPlayers), now);
    await store.db.transaction().execute(async (trx) => {
      await insertRows(trx, "players", players);
      await insertRows(trx, "ratings", ratings);
    });
    onProgress(`players ${Math.min(from + chunk, counts.rankedPlayers)}/${counts.rankedPlayers}`);
  }
  let first: EventPlan | undefined;
  const eventIds: string[] = [];
  for (let e = 0; e < size.events; e++) {
    const plan = planEvent(size, e, now);
    first ??= plan;
    eventIds.push(plan.event.id);
    await store.db.transaction().execute(async (trx) => {
      await insertRows(trx, "events", [plan.event]);
      await insertRows(trx, "subevents", plan.categoryRows);
      await insertRows(trx, "entries", plan.entries);
      await insertRows(trx, "groups", plan.groups);
      await insertRows(trx, "group_members", plan.groupMembers);
      await insertRows(trx, "draw_slots", plan.drawSlots);
      await insertRows(trx, "matches", plan.matches);
      await insertRows(trx, "predictions", plan.predictions);
    });
    counts.categories += plan.categoryRows.length;
    counts.entries += plan.entries.length;
    counts.matches += plan.matches.length;
    counts.liveMatches += plan.live.length;
    counts.completedMatches += plan.matches.filter((m) => m.status === "completed").length;
    counts.predictions += plan.predictions.length;
    onProgress(`event ${e + 1}/${size.events}: ${plan.matches.length} matches`);
  }
  // As an import ends (event_file/import.ts): each event's revision bumped and every category given its own
  // version row, so that a point in one category leaves the answers of the others valid, as on a real store.
  // Without the rows every category would be keyed on its event's revision, which every point bumps.
  await store.db.transaction().execute(async (trx) => {
    for (const eventId of eventIds) await bumpRevision(trx, eventId);
  });
  const { secret } = await createToken(store.db, { role: "admin", label: "bench" }, now, "bench");
  if (store.sqlite) {
    store.sqlite.raw.exec("PRAGMA synchronous = FULL");
    // No ANALYZE: the server never runs one, so a real SQLite store plans its queries without statistics.
    store.sqlite.raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } else {
    // PostgreSQL's autovacuum analyzes a table after a bulk load by itself; do it now rather than mid-run.
    await sql`analyze`.execute(store.db);
  }
  return {
    slug: first!.event.slug,
    eventId: first!.event.id,
    categories: first!.categories,
    live: first!.live,
    adminSecret: secret,
    counts,
    seconds: (performance.now() - started) / 1000,
  };
}
