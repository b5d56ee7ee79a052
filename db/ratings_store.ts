/**
 * Ratings in the store: one row per player, updated in the transaction that decides a match, and a rebuild that
 * replays every rated match from the priors so that corrections leave ratings as if history had been right.
 *
 * Rules (docs/ratings.md): one rating period per rated match; before a match each player's deviation grows with
 * the days since their last rated match; only decided singles played to a result count (a retirement counts as
 * a win for the opponent, a walkover or a disqualification does not count), and only in published events (the
 * ratings are public: a draft's or an archived event's results would show on the leaderboard); matches are
 * rated in the order they were completed (then by id), which is also the order of the rebuild.
 */
import type { Kysely, Transaction } from "kysely";
import { type Glicko2Rating, inflateDeviation, rateMatch } from "../domain/glicko2.ts";
import { ratingFromPrior } from "../domain/rating_prior.ts";
import type { Database, MatchRow, PlayerRow } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
const CHUNK = 200;

/** A player's stored rating state. */
export interface PlayerRating extends Glicko2Rating {
  playerId: string;
  matchCount: number;
  lastPlayedAt: string | null;
}

/**
 * The status of the events whose matches rate players: the ratings are public, so only published events'
 * results count. Publishing, unpublishing or archiving an event rebuilds the ratings.
 */
export const RATED_EVENT_STATUS = "published";

/** Whether the event's results rate players (it is published). */
export async function eventIsRated(db: Db, eventId: string): Promise<boolean> {
  const event = await db.selectFrom("events").select("status").where("id", "=", eventId).executeTakeFirst();
  return event?.status === RATED_EVENT_STATUS;
}

/** Whether a decided match changes ratings: singles, decided by play (normal result or retirement). */
export function isRatedResult(
  m: Pick<MatchRow, "status" | "result_reason" | "winner_entry_id">,
  singles: boolean,
): boolean {
  return singles && m.status === "completed" && m.winner_entry_id !== null &&
    (m.result_reason === null || m.result_reason === "retired");
}

function startingRating(p: Pick<PlayerRow, "id" | "prior_rating" | "prior_deviation" | "prior_match_count">) {
  const start = ratingFromPrior(
    p.prior_rating === null ? null : {
      rating: p.prior_rating,
      matchCount: p.prior_match_count ?? 0,
      deviation: p.prior_deviation,
    },
  );
  return {
    ...start,
    playerId: p.id,
    matchCount: p.prior_match_count ?? 0,
    lastPlayedAt: null,
  } as PlayerRating;
}

/** Whole days between a player's last rated match and `now` (0 for a player who has not played). */
export function idleDays(last: string | null, now: string): number {
  if (last === null) return 0;
  return Math.max(0, Math.floor((Date.parse(now) - Date.parse(last)) / DAY_MS));
}

/** Applies one rated match to two rating states (pure apart from the inputs): the incremental step. */
export function applyRatedMatch(
  home: PlayerRating,
  away: PlayerRating,
  homeWon: boolean,
  at: string,
  bestOf: number,
) {
  const h = inflateDeviation(home, idleDays(home.lastPlayedAt, at));
  const a = inflateDeviation(away, idleDays(away.lastPlayedAt, at));
  const next = rateMatch(h, a, homeWon, { bestOf });
  return {
    home: { ...next.home, playerId: home.playerId, matchCount: home.matchCount + 1, lastPlayedAt: at },
    away: { ...next.away, playerId: away.playerId, matchCount: away.matchCount + 1, lastPlayedAt: at },
    homeBefore: h,
    awayBefore: a,
  };
}

/** A decided match's step (`applyRatedMatch`) at the time it was completed (else `now`), with that time. */
function matchStep(
  match: Pick<MatchRow, "completed_at" | "winner_entry_id" | "home_entry_id" | "best_of">,
  home: PlayerRating,
  away: PlayerRating,
  now: string,
) {
  const at = match.completed_at ?? now;
  return {
    at,
    ...applyRatedMatch(home, away, match.winner_entry_id === match.home_entry_id, at, match.best_of),
  };
}

/** Reads the rating of players, creating the starting rating from the prior for those without a row. */
export async function loadRatings(db: Db, playerIds: readonly string[]): Promise<Map<string, PlayerRating>> {
  const out = new Map<string, PlayerRating>();
  if (playerIds.length === 0) return out;
  const rows = await db.selectFrom("ratings").selectAll().where("player_id", "in", [...playerIds]).execute();
  for (const r of rows) {
    out.set(r.player_id, {
      playerId: r.player_id,
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      matchCount: r.match_count,
      lastPlayedAt: r.last_played_at,
    });
  }
  const missing = playerIds.filter((id) => !out.has(id));
  if (missing.length) {
    const players = await db.selectFrom("players")
      .select(["id", "prior_rating", "prior_deviation", "prior_match_count"]).where("id", "in", missing)
      .execute();
    for (const p of players) out.set(p.id, startingRating(p));
  }
  return out;
}

/** The stored columns of a player's rating, written at `now`. */
function ratingColumns(r: PlayerRating, now: string) {
  return {
    rating: r.rating,
    deviation: r.deviation,
    volatility: r.volatility,
    match_count: r.matchCount,
    last_played_at: r.lastPlayedAt,
    updated_at: now,
  };
}

async function saveRatings(db: Db, ratings: readonly PlayerRating[], now: string) {
  for (const r of ratings) {
    const values = ratingColumns(r, now);
    // A new row copies the player's listed flag; an existing row keeps its own (refreshListedPlayers owns it).
    const listed = db.selectFrom("players").select("players.listed").where("players.id", "=", r.playerId);
    await db.insertInto("ratings").values({ player_id: r.playerId, ...values, listed })
      .onConflict((oc) => oc.column("player_id").doUpdateSet(values)).execute();
  }
}

/**
 * Rates a match that has just been decided (the latest rated match) in a published event: the incremental path.
 * What it did: nothing (a match that rates nobody), changed ratings, or gave a player a ratings row for the
 * first time (the leaderboard may have grown).
 */
export async function rateDecidedMatch(
  db: Db,
  match: MatchRow,
  now: string,
): Promise<"none" | "rated" | "added"> {
  if (!isRatedResult(match, true) || !await eventIsRated(db, match.event_id)) return "none";
  const entries = await db.selectFrom("entries").select(["id", "player1_id", "player2_id"])
    .where("id", "in", [match.home_entry_id!, match.away_entry_id!]).execute();
  const home = entries.find((e) => e.id === match.home_entry_id);
  const away = entries.find((e) => e.id === match.away_entry_id);
  if (!home || !away || home.player2_id !== null || away.player2_id !== null) return "none";
  // A tie (the match between two teams, docs/teams.md) rates nobody: its singles do.
  if (await db.selectFrom("teams").select("entry_id").where("entry_id", "=", home.id).executeTakeFirst()) {
    return "none";
  }
  const ratings = await loadRatings(db, [home.player1_id, away.player1_id]);
  const { at, ...step } = matchStep(match, ratings.get(home.player1_id)!, ratings.get(away.player1_id)!, now);
  const rowsBefore = await db.selectFrom("ratings").select("player_id")
    .where("player_id", "in", [home.player1_id, away.player1_id]).execute();
  await saveRatings(db, [step.home, step.away], now);
  const seq = await nextHistorySeq(db);
  await db.insertInto("rating_history").values([
    historyRow(match.id, step.homeBefore, step.home, seq, at, home.player1_id),
    historyRow(match.id, step.awayBefore, step.away, seq, at, away.player1_id),
  ]).execute();
  return rowsBefore.length < 2 ? "added" : "rated";
}

function historyRow(
  matchId: string,
  before: Glicko2Rating,
  after: PlayerRating,
  seq: number,
  at: string,
  pid: string,
) {
  return {
    match_id: matchId,
    player_id: pid,
    seq,
    rating_before: before.rating,
    deviation_before: before.deviation,
    volatility_before: before.volatility,
    rating_after: after.rating,
    deviation_after: after.deviation,
    volatility_after: after.volatility,
    at,
  };
}

async function nextHistorySeq(db: Db): Promise<number> {
  const row = await db.selectFrom("rating_history").select((eb) => eb.fn.max("seq").as("m"))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/**
 * Rebuilds every rating from the priors and the history of rated matches (of published events),
 * deterministically: the same history gives the same ratings, whatever order the results were entered in.
 */
export async function rebuildRatings(db: Db, now: string): Promise<void> {
  const players = await db.selectFrom("players")
    .select(["id", "prior_rating", "prior_deviation", "prior_match_count", "listed"]).orderBy("id").execute();
  const state = new Map<string, PlayerRating>();
  const listed = new Map<string, number>();
  for (const p of players) {
    state.set(p.id, startingRating(p));
    listed.set(p.id, p.listed);
  }
  const matches = await db.selectFrom("matches as m")
    .innerJoin("events as e", "e.id", "m.event_id")
    .innerJoin("entries as h", "h.id", "m.home_entry_id")
    .innerJoin("entries as a", "a.id", "m.away_entry_id")
    .select([
      "m.id",
      "m.completed_at",
      "m.best_of",
      "m.winner_entry_id",
      "m.home_entry_id",
      "h.player1_id as home_player",
      "a.player1_id as away_player",
    ])
    .where("e.status", "=", RATED_EVENT_STATUS)
    .where("m.status", "=", "completed")
    .where("m.winner_entry_id", "is not", null)
    .where((eb) => eb.or([eb("m.result_reason", "is", null), eb("m.result_reason", "=", "retired")]))
    .where("h.player2_id", "is", null)
    .where("a.player2_id", "is", null)
    // A tie (the match between two teams, docs/teams.md) rates nobody: its singles do.
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("teams").select("teams.entry_id").whereRef("teams.entry_id", "=", "h.id")),
      )
    )
    .orderBy("m.completed_at").orderBy("m.id")
    .execute();
  const history: ReturnType<typeof historyRow>[] = [];
  let seq = 0;
  for (const m of matches) {
    const { at, ...step } = matchStep(m, state.get(m.home_player)!, state.get(m.away_player)!, now);
    state.set(m.home_player, step.home);
    state.set(m.away_player, step.away);
    seq++;
    history.push(historyRow(m.id, step.homeBefore, step.home, seq, at, m.home_player));
    history.push(historyRow(m.id, step.awayBefore, step.away, seq, at, m.away_player));
  }
  await db.deleteFrom("rating_history").execute();
  await db.deleteFrom("ratings").execute();
  const rows = [...state.values()].map((r) => ({
    player_id: r.playerId,
    ...ratingColumns(r, now),
    listed: listed.get(r.playerId) ?? 0,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insertInto("ratings").values(rows.slice(i, i + CHUNK)).execute();
  }
  for (let i = 0; i < history.length; i += CHUNK) {
    await db.insertInto("rating_history").values(history.slice(i, i + CHUNK)).execute();
  }
}
