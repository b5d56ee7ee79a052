/**
 * What each page shows, read through the public API's own read functions (db/read_*.ts) and serialisers
 * (api/serialize.ts, api/draw_view.ts, api/standings_view.ts), so that a page shows exactly what the API
 * serves. Every loader answers null for anything unknown or unpublished.
 */
import type { Kysely } from "kysely";
import { buildDraw, servesDraw } from "../api/draw_view.ts";
import { isUuid } from "../api/params.ts";
import type { Event, Live, Match, Prediction, Ranking } from "../api/schemas.ts";
import {
  serializeEvent,
  serializeLive,
  serializeMatch,
  serializePrediction,
  serializeRanking,
  stageLabel,
} from "../api/serialize.ts";
import { buildStandings } from "../api/standings_view.ts";
import { readDrawSlots } from "../db/read_draw.ts";
import { readEntries, readSubeventEntries } from "../db/read_entries.ts";
import { findPublishedEvent, listPublishedEvents } from "../db/read_events.ts";
import { readSubeventGroups } from "../db/read_groups.ts";
import {
  findPrediction,
  findPublicMatch,
  listEventMatches,
  listSubeventMatches,
} from "../db/read_matches.ts";
import { findPublishedEventLink } from "../db/read_pages.ts";
import { type EventPlayerRecord, findEventPlayer, listEventPlayers } from "../db/read_players.ts";
import { readRankingsPage } from "../db/read_rankings.ts";
import { findPublicSubevent, listEventSubevents, type PublicSubeventRecord } from "../db/read_subevents.ts";
import type { Database } from "../db/schema.ts";
import type { ListedMatch } from "./components/match_table.tsx";
import type { PlayerLink } from "./components/player_names.tsx";
import type { CategoryView } from "./view_types.ts";

type Db = Kysely<Database>;

/** One match with everything its pages show. */
export interface MatchData {
  match: Match;
  live: Live;
  prediction: Prediction | null;
  homeAssociation: string | null;
  awayAssociation: string | null;
  /** The players of each side (two for a pair), for links to their pages. */
  homePlayers: PlayerLink[];
  awayPlayers: PlayerLink[];
  event: { slug: string; name: string };
  category: string;
}

/** A public match whose players are not known yet (it waits for earlier matches), with what its pages name. */
export interface PendingMatchData {
  id: string;
  subeventId: string;
  stageLabel: string;
  bestOf: number;
  tableNo: number | null;
  event: { slug: string; name: string };
  category: string;
}

const playerLinks = (players: readonly PlayerLink[] | undefined): PlayerLink[] =>
  (players ?? []).map((p) => ({ id: p.id, displayName: p.displayName }));

/**
 * A public match with what its pages show: `known` once both sides are, `pending` while a side is not (its pages
 * exist from the draw on, so that a link or an OBS source set up in the morning follows it later); null when no
 * such public match exists. One read of the match, the rest in parallel.
 */
export async function loadMatchPage(
  db: Db,
  id: string,
): Promise<{ known: MatchData } | { pending: PendingMatchData } | null> {
  if (!isUuid(id)) return null;
  const found = await findPublicMatch(db, id.toLowerCase());
  if (!found) return null;
  const home = found.homeEntryId, away = found.awayEntryId;
  const sides = home !== null && away !== null;
  const [event, subevent, entries, prediction] = await Promise.all([
    findPublishedEventLink(db, found.eventId),
    findPublicSubevent(db, found.subeventId),
    sides ? readEntries(db, [home, away]) : null,
    sides ? findPrediction(db, found.id) : null,
  ]);
  if (!event || !subevent) return null;
  const place = { event: { slug: event.slug, name: event.name }, category: subevent.name };
  if (!sides || !entries) {
    return {
      pending: {
        id: found.id,
        subeventId: found.subeventId,
        stageLabel: stageLabel(found),
        bestOf: found.bestOf,
        tableNo: found.tableNo,
        ...place,
      },
    };
  }
  const match = serializeMatch(found, entries);
  if (!match) return null;
  return {
    known: {
      match,
      live: serializeLive(found),
      prediction: prediction && serializePrediction(prediction),
      homeAssociation: entries.get(home)?.association ?? null,
      awayAssociation: entries.get(away)?.association ?? null,
      homePlayers: playerLinks(entries.get(home)?.players),
      awayPlayers: playerLinks(entries.get(away)?.players),
      ...place,
    },
  };
}

/**
 * A category's play: its stored matches, entries and groups as read, its serialised matches and its group
 * standings (the category's page and the event board's summaries both start from it).
 */
export async function loadCategoryPlay(db: Db, subeventId: string) {
  const [records, entries, groups] = await Promise.all([
    listSubeventMatches(db, subeventId),
    readSubeventEntries(db, subeventId),
    readSubeventGroups(db, subeventId),
  ]);
  return {
    records,
    entries,
    groups,
    matches: records.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null),
    standings: groups.length === 0 ? [] : buildStandings(groups, records, entries),
  };
}

/** A category's serialised matches, its standings and its draw (null unless locked). */
async function loadCategoryView(db: Db, subevent: PublicSubeventRecord): Promise<CategoryView> {
  const [play, slots] = await Promise.all([
    loadCategoryPlay(db, subevent.id),
    servesDraw(subevent) ? readDrawSlots(db, subevent.id) : Promise.resolve([]),
  ]);
  return {
    id: subevent.id,
    name: subevent.name,
    format: subevent.format,
    bestOf: subevent.bestOf,
    matches: play.matches,
    groups: play.standings,
    draw: buildDraw({ subevent, slots, matches: play.records, entries: play.entries, groups: play.groups }),
  };
}

/** A public category's name and serialised matches (the category overlay), or null. */
export async function loadCategoryMatches(
  db: Db,
  id: string,
): Promise<{ name: string; matches: Match[] } | null> {
  if (!isUuid(id)) return null;
  const subevent = await findPublicSubevent(db, id.toLowerCase());
  if (!subevent) return null;
  const [records, entries] = await Promise.all([
    listSubeventMatches(db, subevent.id),
    readSubeventEntries(db, subevent.id),
  ]);
  return {
    name: subevent.name,
    matches: records.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null),
  };
}

/** A category of a published event (found by its slug) with its matches, standings and draw, or null. */
export async function loadCategoryPage(
  db: Db,
  slug: string,
  id: string,
): Promise<{ event: Event; category: CategoryView } | null> {
  if (!isUuid(id)) return null;
  const [event, subevent] = await Promise.all([
    findPublishedEvent(db, slug),
    findPublicSubevent(db, id.toLowerCase()),
  ]);
  if (!event || !subevent || subevent.eventId !== event.id) return null;
  return { event: serializeEvent(event), category: await loadCategoryView(db, subevent) };
}

/** A published event and the names of its categories (the poster), or null. */
export async function loadEventSummary(
  db: Db,
  slug: string,
): Promise<{ event: Event; categories: string[] } | null> {
  const event = await findPublishedEvent(db, slug);
  if (!event) return null;
  const subevents = await listEventSubevents(db, event.id);
  return { event: serializeEvent(event, subevents.length), categories: subevents.map((s) => s.name) };
}

/** Every published event, latest first. */
export async function loadEvents(db: Db): Promise<Event[]> {
  return (await listPublishedEvents(db)).map((e) => serializeEvent(e));
}

/** A page of the leaderboard (`page` from 1) and its total size. */
export async function loadRankings(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: Ranking[]; total: number }> {
  const offset = (page - 1) * size;
  const { rows, total } = await readRankingsPage(db, { limit: size, offset });
  return { rows: rows.map((r, i) => serializeRanking(r, offset + i + 1)), total };
}

/** A player of a published event, and their public matches in it, each with its category's name. */
export interface PlayerPageData {
  event: Event;
  player: EventPlayerRecord;
  matches: ListedMatch[];
}

/**
 * Matches read for a player's page: more than anybody plays in one event (a player of three categories plays a
 * few dozen), and the API's largest page, so that the page and the list it watches hold the same matches.
 */
export const PLAYER_PAGE_MATCHES = 500;

/** A player's page: the published event (by slug), the player with their categories, and their matches; or null. */
export async function loadPlayerPage(db: Db, slug: string, playerId: string): Promise<PlayerPageData | null> {
  if (!isUuid(playerId)) return null;
  const event = await findPublishedEvent(db, slug);
  if (!event) return null;
  const player = await findEventPlayer(db, event.id, playerId.toLowerCase());
  if (!player) return null;
  const page = await listEventMatches(db, event.id, {
    statuses: null,
    player: player.id,
    limit: PLAYER_PAGE_MATCHES,
    offset: 0,
  });
  const entries = await readEntries(db, page.rows.flatMap((m) => [m.homeEntryId!, m.awayEntryId!]));
  const categories = new Map(player.entries.map((e) => [e.subeventId, e.subeventName]));
  const matches = page.rows.flatMap((record): ListedMatch[] => {
    const match = serializeMatch(record, entries);
    return match ? [{ match, category: categories.get(match.subeventId) ?? "" }] : [];
  });
  return { event: serializeEvent(event), player, matches };
}

/** A published event (by slug) and its public players by name (the players' index), or null. */
export async function loadPlayersPage(
  db: Db,
  slug: string,
): Promise<{ event: Event; players: EventPlayerRecord[] } | null> {
  const event = await findPublishedEvent(db, slug);
  if (!event) return null;
  return { event: serializeEvent(event), players: await listEventPlayers(db, event.id) };
}
