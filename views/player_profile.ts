/**
 * A player across events (db/read_player_profile.ts says what that is): the profile with the rating's history
 * and the player's events, a page of their matches, and a head-to-head of two players: the API's `/players/...`
 * and the page `/p/{id}`.
 */
import { findEventPlayer } from "../db/read_players.ts";
import { readEntries } from "../db/read_entries.ts";
import { listPlayerMatches, type MatchRecord } from "../db/read_matches.ts";
import {
  findPlayerBasics,
  listPlayerEventCandidates,
  playersVersion,
  readCategoryPlaces,
  readRatingHistory,
} from "../db/read_player_profile.ts";
import { tallyMeetings } from "../domain/head_to_head.ts";
import { predictMatch, REFERENCE_BEST_OF } from "../domain/prediction.ts";
import { findPublishedEvent } from "../db/read_events.ts";
import type { HeadToHead, MeetingPrediction, PlayerMatch, PlayerProfile } from "./player_schemas.ts";
import type { Match } from "./schemas.ts";
import { serializeEventPlayerEntry, serializeMatch } from "./serialize.ts";
import type { View, ViewDeps } from "./view.ts";

/** The most matches a head-to-head lists. */
export const HEAD_TO_HEAD_MATCHES = 500;

/** The version of what a player's (or two players') answers show: their categories' and the rankings'. */
async function version(deps: ViewDeps, ids: readonly string[]): Promise<string | null> {
  const own = await playersVersion(deps.db, ids);
  return own === null ? null : `${own}.${await deps.versions.rankings()}`;
}

/** The profile of a public player (one with a public entry in a published event), or null. */
async function loadProfile(deps: ViewDeps, id: string): Promise<PlayerProfile | null> {
  const basics = await findPlayerBasics(deps.db, id);
  if (!basics) return null;
  const events: PlayerProfile["events"] = [];
  for (const e of await listPlayerEventCandidates(deps.db, id)) {
    const player = await findEventPlayer(deps.db, e.id, id);
    if (player) events.push({ ...e, entries: player.entries.map(serializeEventPlayerEntry) });
  }
  if (events.length === 0) return null;
  const history = await readRatingHistory(deps.db, id);
  const r = basics.rating;
  return {
    id: basics.id,
    displayName: basics.displayName,
    association: basics.association,
    rating: r &&
      {
        rating: Math.round(r.rating),
        deviation: Math.round(r.deviation),
        matchCount: r.matchCount,
        rank: r.rank,
      },
    history: history.map((p) => ({
      matchId: p.matchId,
      at: p.at,
      rating: Math.round(p.rating),
      deviation: Math.round(p.deviation),
    })),
    events,
    ...(basics.country === null ? {} : { country: basics.country }),
  };
}

/** The matches as the API lists a player's: each with its event and category. */
async function playerMatches(deps: ViewDeps, rows: readonly MatchRecord[]): Promise<PlayerMatch[]> {
  const [entries, places] = await Promise.all([
    readEntries(deps.db, rows.flatMap((m) => [m.homeEntryId!, m.awayEntryId!])),
    readCategoryPlaces(deps.db, rows.map((m) => m.categoryId)),
  ]);
  return rows.flatMap((m) => {
    const match = serializeMatch(m, entries);
    const place = places.get(m.categoryId);
    return match && place ? [{ event: place.event, subeventName: place.categoryName, match }] : [];
  });
}

/** A player across events (id already a lowercase UUID). */
export const playerProfileView: View<string, PlayerProfile> = {
  version: (deps, id) => version(deps, [id]),
  load: loadProfile,
};

/** What a page of a player's matches asks: the player, an event (by slug) and an opponent, and the page. */
export interface PlayerMatchesQuery {
  id: string;
  event: string | null;
  opponent: string | null;
  limit: number;
  offset: number;
}

/** A page of a player's matches across published events, newest first, and how many there are in all. */
export const playerMatchesView: View<PlayerMatchesQuery, { matches: PlayerMatch[]; total: number }> = {
  version: (deps, q) => version(deps, [q.id]),
  load: async (deps, q) => {
    if (!await loadProfile(deps, q.id)) return null;
    // An event that is not published (or unknown) has no public match of anybody's: an empty page.
    const event = q.event === null ? null : await findPublishedEvent(deps.db, q.event);
    if (q.event !== null && !event) return { matches: [], total: 0 };
    const page = await listPlayerMatches(deps.db, q.id, {
      eventId: event?.id ?? null,
      opponentId: q.opponent,
      limit: q.limit,
      offset: q.offset,
    });
    return { matches: await playerMatches(deps, page.rows), total: page.total };
  },
};

/** Whether a player (by id) is on a side (an entry of one or two players) of a match. */
const onSide = (match: Match, side: "home" | "away", entryIds: ReadonlySet<string>) =>
  entryIds.has(side === "home" ? match.homeId : match.awayId);

/** Two public players against each other: their record, their matches and the prediction of the next. */
export const headToHeadView: View<{ id: string; otherId: string }, HeadToHead> = {
  version: (deps, p) => version(deps, [p.id, p.otherId]),
  load: async (deps, p) => {
    if (p.id === p.otherId) return null;
    const [a, b] = await Promise.all([loadProfile(deps, p.id), loadProfile(deps, p.otherId)]);
    if (!a || !b) return null;
    const page = await listPlayerMatches(deps.db, p.id, {
      eventId: null,
      opponentId: p.otherId,
      limit: HEAD_TO_HEAD_MATCHES,
      offset: 0,
    });
    const matches = await playerMatches(deps, page.rows);
    const aEntries = new Set(a.events.flatMap((e) => e.entries.map((x) => x.entryId)));
    const tally = tallyMeetings(matches.map(({ match }) => ({
      aIsHome: onSide(match, "home", aEntries),
      winner: match.winnerId === null ? null : match.winnerId === match.homeId ? "home" : "away",
      games: match.gameScores,
    })));
    const side = (x: PlayerProfile, t: typeof tally.a) => ({
      id: x.id,
      displayName: x.displayName,
      association: x.association,
      ...t,
    });
    return {
      player: side(a, tally.a),
      other: side(b, tally.b),
      matches,
      prediction: await prediction(deps, p),
    };
  },
};

/**
 * The prediction of a best-of-5 meeting now, from the two ratings as they stand after each player's last rated
 * match (the frozen predictions of matches grow a deviation with the days idle; this one is read whenever asked).
 */
async function prediction(
  deps: ViewDeps,
  p: { id: string; otherId: string },
): Promise<MeetingPrediction | null> {
  const [a, b] = await Promise.all([findPlayerBasics(deps.db, p.id), findPlayerBasics(deps.db, p.otherId)]);
  if (!a?.rating || !b?.rating) return null;
  const made = predictMatch(a.rating, b.rating, REFERENCE_BEST_OF);
  return {
    pPlayer: made.pHome,
    ciLow: made.ciLow,
    ciHigh: made.ciHigh,
    confidenceLabel: made.confidenceLabel,
  };
}

/** The most matches a player's page reads (and lists the opponents of). */
export const PROFILE_PAGE_MATCHES = 500;

/** A player met across the table, for the head-to-head picker. */
export interface Opponent {
  id: string;
  displayName: string;
}

/** What a player's page `/p/{id}` shows: the profile, their matches, who they met, and a head-to-head. */
export interface ProfilePageData {
  profile: PlayerProfile;
  matches: PlayerMatch[];
  opponents: Opponent[];
  /** With `vs`: the head-to-head with that player, null when there is none to show. */
  headToHead: HeadToHead | null;
}

/** A player's page, with the head-to-head against `vs` when given (ids already lowercase UUIDs). */
export const profilePageView: View<{ id: string; vs: string | null }, ProfilePageData> = {
  version: (deps, p) => version(deps, p.vs === null ? [p.id] : [p.id, p.vs]),
  load: async (deps, p) => {
    const profile = await loadProfile(deps, p.id);
    if (!profile) return null;
    const page = await listPlayerMatches(deps.db, p.id, {
      eventId: null,
      opponentId: null,
      limit: PROFILE_PAGE_MATCHES,
      offset: 0,
    });
    const matches = await playerMatches(deps, page.rows);
    const own = new Set(profile.events.flatMap((e) => e.entries.map((x) => x.entryId)));
    const theirs = await readEntries(
      deps.db,
      matches.map(({ match: m }) => own.has(m.homeId) ? m.awayId : m.homeId),
    );
    const opponents = new Map<string, Opponent>();
    for (const entry of theirs.values()) {
      for (const player of entry.players) {
        opponents.set(player.id, { id: player.id, displayName: player.displayName });
      }
    }
    const headToHead = p.vs === null ? null : await headToHeadView.load(deps, { id: p.id, otherId: p.vs });
    return {
      profile,
      matches,
      opponents: [...opponents.values()].sort((a, b) => a.displayName.localeCompare(b.displayName, "en")),
      headToHead,
    };
  },
};
