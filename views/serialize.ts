/**
 * Serialisers of the public API: each lists the fields it emits, so that no stored row is ever passed through
 * and nothing private can slip out. The shapes are those of views/schemas.ts.
 */
import { stageNameLabel } from "../domain/stage_name.ts";
import { estimatedStartOf } from "../domain/estimated_starts.ts";
import type { EntryRecord } from "../db/read_entries.ts";
import type { PublicEventRecord } from "../db/read_events.ts";
import { isWebAddress } from "../lib/web_address.ts";
import type { MatchRecord, PredictionRecord } from "../db/read_matches.ts";
import type { EventPlayerRecord } from "../db/read_players.ts";
import type { RankingRecord } from "../db/read_rankings.ts";
import type { CategorySummaryRecord } from "../db/read_categories.ts";
import { categoryStatus, liveView, officiatingBlock, scoreView } from "../domain/match_view.ts";
import type { PlayerSlot } from "../domain/service_order.ts";
import type {
  Category,
  Entry,
  Event,
  EventPlayer,
  Live,
  Match,
  Officiating,
  Prediction,
  Ranking,
} from "./schemas.ts";

/** An event; `categoryCount` is passed when the caller counted the categories it serves. */
export function serializeEvent(e: PublicEventRecord, categoryCount = e.categoryCount): Event {
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    venue: e.venue,
    startDate: e.startDate,
    endDate: e.endDate,
    status: "published",
    description: e.description,
    // Stored before the import refused other schemes: no poster rather than a `javascript:` link.
    posterUrl: e.posterUrl !== null && isWebAddress(e.posterUrl) ? e.posterUrl : null,
    categoryCount,
    announcement: e.announcement && { text: e.announcement.text, postedAt: e.announcement.postedAt },
    featuredMatchId: e.featuredMatchId,
  };
}

/** A category with its derived status and what it serves (a locked draw, group standings). */
export function serializeCategory(s: CategorySummaryRecord): Category {
  return {
    id: s.id,
    eventId: s.eventId,
    name: s.name,
    kind: s.kind,
    format: s.format,
    bestOf: s.bestOf,
    entryCount: s.entryCount,
    groupCount: s.groupCount,
    status: categoryStatus(s.matchStatuses),
    hasDraw: s.format !== "groups" && s.drawState === "locked",
    hasStandings: s.groupCount > 0,
    ...(s.kind === "team" ? { ties: `/api/v1/subevents/${s.id}/ties` } : {}),
  };
}

/** An entry with its players' public fields. */
export function serializeEntry(e: EntryRecord): Entry {
  return {
    id: e.id,
    name: e.name,
    association: e.association,
    seed: e.seed,
    players: e.players.map((p) => ({
      id: p.id,
      displayName: p.displayName,
      association: p.association,
      ...(p.country ? { country: p.country } : {}),
    })),
    ...(e.withdrawnAt ? { withdrawn: true as const } : {}),
    ...(e.country ? { country: e.country } : {}),
  };
}

/** A player of an event with their entries (each the homeId/awayId of the player's matches in a category). */
export function serializeEventPlayer(p: EventPlayerRecord): EventPlayer {
  return {
    id: p.id,
    displayName: p.displayName,
    association: p.association,
    ...(p.country ? { country: p.country } : {}),
    entries: p.entries.map(serializeEventPlayerEntry),
  };
}

/** An entry of a player in an event, as the API names it. */
export function serializeEventPlayerEntry(
  e: EventPlayerRecord["entries"][number],
): EventPlayer["entries"][number] {
  return { entryId: e.entryId, subeventId: e.categoryId, subeventName: e.categoryName };
}

/** The label of a match's round or group: the stored label, else one derived from the stage. */
export function stageLabel(m: MatchRecord): string {
  if (m.label.trim() !== "") return m.label;
  if (m.stage === "group") return m.groupName === null ? "Group" : groupDisplayName(m.groupName);
  return stageNameLabel({ kind: "round", number: m.roundNo });
}

/** A group's name for display: "Group A" for a group named "A", the name itself when it says "Group". */
export function groupDisplayName(name: string): string {
  return /^group\b/i.test(name) ? name : stageNameLabel({ kind: "group", name });
}

/**
 * A match, or null while one of its sides is unknown (open positions appear in the draw only). `entries`
 * must hold both sides.
 */
export function serializeMatch(m: MatchRecord, entries: ReadonlyMap<string, EntryRecord>): Match | null {
  if (m.homeEntryId === null || m.awayEntryId === null) return null;
  const home = entries.get(m.homeEntryId);
  const away = entries.get(m.awayEntryId);
  if (!home || !away) {
    throw new Error(`Cannot serialise match "${m.id}": an entry of the match is missing from the store`);
  }
  const winnerId = m.winnerEntryId === home.id || m.winnerEntryId === away.id ? m.winnerEntryId : null;
  return {
    ...matchAnswer(m, {
      stageLabel: stageLabel(m),
      homeId: home.id,
      awayId: away.id,
      homeName: home.name,
      awayName: away.name,
      winnerId,
      umpire: serializeOfficiating(m, home, away),
    }),
    ...(home.country ? { homeCountry: home.country } : {}),
    ...(away.country ? { awayCountry: away.country } : {}),
  };
}

/** What a match answer says of its sides and its label: from its entries, or as far as they are known. */
export interface MatchSideFields {
  stageLabel: string;
  homeId: string | null;
  awayId: string | null;
  homeName: string | null;
  awayName: string | null;
  winnerId: string | null;
  umpire: Officiating | null;
}

/**
 * A match answer in the order of the Match schema: the match's own fields with `sides` in their places (the
 * public answer, `serializeMatch`, and the management API's answer for a match whose sides are not known yet).
 */
export function matchAnswer<S extends MatchSideFields>(m: MatchRecord, sides: S) {
  const score = scoreView(m.games, { home: m.currentHome, away: m.currentAway });
  return {
    id: m.id,
    eventId: m.eventId,
    subeventId: m.categoryId,
    status: m.status as Match["status"],
    matchKind: "tournament" as const,
    stage: publicStage(m),
    groupId: m.stage === "group" ? m.groupId : null,
    groupName: m.stage === "group" ? m.groupName : null,
    roundNo: m.roundNo,
    bracketPos: m.bracketPos,
    stageLabel: sides.stageLabel,
    tableNo: m.tableNo,
    scheduledAt: m.scheduledAt,
    calledAt: m.calledAt,
    estimatedStart: estimatedStartOf(m),
    bestOf: m.bestOf,
    homeId: sides.homeId as S["homeId"],
    awayId: sides.awayId as S["awayId"],
    homeName: sides.homeName as S["homeName"],
    awayName: sides.awayName as S["awayName"],
    winnerId: sides.winnerId as S["winnerId"],
    resultReasonCode: m.resultReason as Match["resultReasonCode"],
    retirementAfterGame: m.retirementAfterGame,
    gamesWon: score.gamesWon,
    currentGame: score.currentGame,
    gameScores: score.gameScores,
    startedAt: m.startedAt,
    completedAt: m.completedAt,
    updatedAt: m.updatedAt,
    umpire: sides.umpire as S["umpire"],
    ...(m.tieId ? { tieId: m.tieId, tieOrder: m.tieOrder ?? 1 } : {}),
  };
}

/** The public stage of a match: a match of a tie shows its tie's stage (docs/teams.md). */
function publicStage(m: MatchRecord): "group" | "knockout" {
  const stage = m.stage === "tie" ? m.tieStage : m.stage;
  return stage === "group" ? "group" : "knockout";
}

/** The officiating block of a match (domain/match_view.ts `officiatingBlock`), its players named by id. */
export function serializeOfficiating(
  m: MatchRecord,
  home: EntryRecord,
  away: EntryRecord,
): Officiating | null {
  const block = officiatingBlock({
    status: m.status,
    bestOf: m.bestOf,
    doubles: m.doubles,
    server: m.server === "home" || m.server === "away" ? m.server : null,
    score: scoreView(m.games, { home: m.currentHome, away: m.currentAway }),
    view: m.officiating,
  });
  if (block === null) return null;
  const player = (slot: PlayerSlot | null) => {
    if (slot === null) return null;
    const entry = slot.startsWith("home") ? home : away;
    return {
      side: slot.startsWith("home") ? "home" as const : "away" as const,
      playerId: entry.players[slot.endsWith("2") ? 1 : 0]?.id ?? null,
    };
  };
  return {
    gamePoint: block.gamePoint,
    server: player(block.serverPlayer),
    receiver: player(block.receiverPlayer),
    ends: block.ends,
    expedite: block.expedite,
    timeouts: block.timeouts,
    cards: block.cards,
  };
}

/** The live block of a match. */
export function serializeLive(m: MatchRecord): Live {
  const view = liveView(
    { status: m.status, startedAt: m.startedAt, server: m.server, bestOf: m.bestOf },
    scoreView(m.games, { home: m.currentHome, away: m.currentAway }),
  );
  return {
    started: view.started,
    gamesWon: view.gamesWon,
    currentGame: view.currentGame,
    currentServer: view.currentServer,
    bestOf: view.bestOf,
  };
}

/** A frozen prediction. */
export function serializePrediction(p: PredictionRecord): Prediction {
  return {
    pHome: p.pHome,
    ciLow: p.ciLow,
    ciHigh: p.ciHigh,
    confidenceLabel: p.confidenceLabel as Prediction["confidenceLabel"],
    createdAt: p.createdAt,
    outcome: p.outcome as Prediction["outcome"],
  };
}

/** A leaderboard row at its rank, the rating rounded to an integer. */
export function serializeRanking(r: RankingRecord, rank: number): Ranking {
  return {
    rank,
    playerId: r.playerId,
    displayName: r.displayName,
    rating: Math.round(r.rating),
    matchCount: r.matchCount,
    association: r.association,
    deviation: Math.round(r.deviation),
  };
}
