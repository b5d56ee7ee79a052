/**
 * JSON of the management API. A match has the fields of the public Match (views/schemas.ts MatchSchema) plus
 * what operators and umpires need: event slug and category name, `revision` (to send back with a write),
 * `firstServer`, `server`, and, for the umpire's page, the points and corrections it replays.
 */
import type { EntryRecord } from "../../db/read_entries.ts";
import { type ClashMatch, findClashes, startClashes } from "../../domain/clashes.ts";
import { type MatchStatus, playHasBegun, reopensTo, type ResultReason } from "../../domain/match_status.ts";
import { suggestMatches } from "../../domain/next_matches.ts";
import type {
  EventMatchFilter,
  EventMatchPage,
  EventOverviewRecord,
  ManagedEventRecord,
  ManageMatchRecord,
  ScoringMatchRecord,
} from "../../db/read_manage.ts";
import type { TokenRecord } from "../../db/tokens.ts";
import { matchAnswer, serializeLive, serializeMatch, stageLabel } from "../../views/serialize.ts";

/**
 * A match as the management API answers it: the public serialiser's fields (views/serialize.ts) while both sides
 * are known, the same fields with null sides before, plus the management fields.
 */
export function manageMatchJson(m: ManageMatchRecord | ScoringMatchRecord, device?: string) {
  const sides = new Map<string, EntryRecord>();
  for (const [id, name] of [[m.homeEntryId, m.homeName], [m.awayEntryId, m.awayName]] as const) {
    // serializeMatch reads only the id and the name of an entry; the names come with the match row.
    if (id !== null) sides.set(id, { id, name: name ?? "", association: null, seed: null, players: [] });
  }
  const known = m.homeEntryId !== null && m.awayEntryId !== null;
  const pub = known ? serializeMatch(m, sides) : null;
  const winnerSide = m.winnerEntryId === null
    ? null
    : m.winnerEntryId === m.homeEntryId
    ? "home"
    : m.winnerEntryId === m.awayEntryId
    ? "away"
    : null;
  const base = {
    ...(pub ?? matchAnswer(m, {
      stageLabel: stageLabel(m),
      homeId: m.homeEntryId,
      awayId: m.awayEntryId,
      homeName: m.homeName,
      awayName: m.awayName,
      winnerId: null,
      umpire: null,
    })),
    eventSlug: m.eventSlug,
    eventName: m.eventName,
    subeventName: m.categoryName,
    winnerSide,
    firstServer: m.firstServer,
    currentServer: serializeLive(m).currentServer,
    revision: m.revision,
    doubles: m.doubles,
    // The players of each side in slot order ("home1", "home2", ...): the doubles order names them by slot.
    homePlayers: m.homePlayers,
    awayPlayers: m.awayPlayers,
    setup: m.setup,
    // Who scores the match (the device's id is never shown); `you` when it is the device that asks.
    scorer: m.scorer && { label: m.scorer.label, since: m.scorer.since, you: m.scorer.device === device },
    // Set aside for now by the desk (a player late or absent): not proposed, not estimated.
    skippedAt: m.skippedAt,
    // A tie of a team event itself: its line-ups are entered (/api/manage/ties/{id}), its matches scored.
    teamTie: m.teamTie,
    // The umpire's confirmation of the result (who, their role, when); null while not confirmed.
    confirmation: m.confirmation &&
      { by: m.confirmation.by, role: m.confirmation.role, at: m.confirmation.at },
    // The toss before the match (Law 2.13.1): who won it and what they chose; null while not recorded.
    toss: m.toss,
  };
  if ("points" in m) {
    return {
      ...base,
      points: m.points,
      pointTimes: m.pointTimes,
      corrections: m.corrections,
      correctionLog: m.correctionLog,
      incidents: m.incidents,
    };
  }
  return base;
}

/** The answer to a read or write of one match: the match, its live block (as public) and its revision. */
export function matchPayload(m: ManageMatchRecord | ScoringMatchRecord, device?: string) {
  return { match: manageMatchJson(m, device), live: serializeLive(m), revision: m.revision };
}

/**
 * The matches a scorer may score, each scheduled one with what starting it now would clash with
 * (`clashesOnStart`, domain/clashes.ts: its table busy, a player still playing elsewhere) among `live`, the
 * matches in progress of the same events on any table; `clashMatches` names the matches the clashes cite.
 */
export function scorableMatchesJson(
  matches: readonly ManageMatchRecord[],
  live: readonly ManageMatchRecord[],
  device: string | undefined,
) {
  const listed = new Set(matches.map((m) => m.id));
  const all = [...matches, ...live.filter((m) => !listed.has(m.id))];
  const onStart = startClashes(all.map(clashMatch));
  const cited = new Set([...onStart.values()].flat().flatMap((c) => c.matchIds));
  return {
    matches: matches.map((m) => ({
      ...manageMatchJson(m, device),
      ...(m.status === "scheduled" ? { clashesOnStart: onStart.get(m.id) ?? [] } : {}),
    })),
    clashMatches: all.filter((m) => cited.has(m.id)).map((m) => ({
      id: m.id,
      homeName: m.homeName,
      awayName: m.awayName,
      tableNo: m.tableNo,
    })),
  };
}

/** An event in the operator's list. */
export function managedEventJson(e: ManagedEventRecord) {
  return { ...e };
}

/** The match as domain/clashes.ts reads it. */
function clashMatch(m: ManageMatchRecord): ClashMatch {
  return {
    id: m.id,
    status: m.status,
    tableNo: m.tableNo,
    scheduledAt: m.scheduledAt,
    players: [...m.homePlayers, ...m.awayPlayers],
  };
}

/** Where taking back the match's result would lead (domain/match_status.ts), or null when it cannot be. */
const reopening = (m: ManageMatchRecord) =>
  reopensTo(
    { status: m.status as MatchStatus, resultReason: m.resultReason as ResultReason | null },
    playHasBegun(m),
  );

/**
 * An event at a glance, with its clashes (domain/clashes.ts): those standing now; on each scheduled match
 * `clashesOnStart`, what starting it now would clash with; on each match decided by a reason `reopensTo`, where
 * taking its result back leads, and when that is in progress `clashesOnReopen`, what it would clash with; and for each free table at `now`
 * the match to call to it (domain/next_matches.ts).
 */
export function overviewJson(o: EventOverviewRecord, now: Date) {
  const forClashes = o.matches.map(clashMatch);
  const reopenable = new Set(o.matches.filter((m) => reopening(m) === "in_progress").map((m) => m.id));
  const onStart = startClashes(forClashes, (m) => m.status === "scheduled" || reopenable.has(m.id));
  // A knockout match of a draft draw is not public and would freeze the draw once started: not called.
  const draft = new Set(o.categories.filter((s) => s.drawState === "draft").map((s) => s.id));
  const callable = o.matches.map((m, i) => ({
    ...forClashes[i]!,
    ready: m.homeEntryId !== null && m.awayEntryId !== null &&
      !(m.stage === "knockout" && draft.has(m.categoryId)),
    calledAt: m.calledAt,
    skipped: m.skippedAt !== null,
  }));
  return {
    event: managedEventJson(o.event),
    subevents: o.categories,
    clashes: findClashes(forClashes),
    suggestions: suggestMatches(callable, o.tables.map((t) => t.tableNo), now),
    matches: o.matches.map((m) => ({
      ...manageMatchJson(m),
      ...(m.status === "scheduled" ? { clashesOnStart: onStart.get(m.id) ?? [] } : {}),
      ...(reopening(m) ? { reopensTo: reopening(m) } : {}),
      ...(reopenable.has(m.id) ? { clashesOnReopen: onStart.get(m.id) ?? [] } : {}),
    })),
    tables: o.tables.map((t) => ({
      tableNo: t.tableNo,
      current: t.current && manageMatchJson(t.current),
      next: t.next && manageMatchJson(t.next),
    })),
  };
}

/** A token as listed (never its secret or hash). */
export function tokenJson(t: TokenRecord) {
  return { ...t };
}

/** The envelope of every management answer: `{ data, meta: { generatedAt } }`, like the public API. */
export function envelope<T>(data: T, now: Date) {
  return { data, meta: { generatedAt: now.toISOString() } };
}

/**
 * A page of an event's matches (`GET /events/{slug}/matches`): each match as the overview has it (without what
 * starting it would clash with: the overview says that), with `reopensTo` on a result decided by a reason, and
 * how many match in all.
 */
export function matchPageJson(page: EventMatchPage, filter: EventMatchFilter) {
  return {
    matches: page.matches.map((m) => ({
      ...manageMatchJson(m),
      ...(reopening(m) ? { reopensTo: reopening(m) } : {}),
    })),
    total: page.total,
    limit: filter.limit,
    offset: filter.offset,
  };
}
