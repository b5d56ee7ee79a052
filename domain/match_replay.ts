/**
 * The replay of an umpire's record: the rallies won, in order, and every other action of the umpire placed
 * among them (corrections of finished games, time-outs, cards with their penalty points, the expedite system,
 * the order of service of a doubles game). Every score, server, end and card shown is a replay of that record,
 * so undo takes back the last action and nothing drifts out of step. The rules each action follows are in their
 * own modules (service_order, ends, cards, timeouts, expedite, game_point); docs/scoring.md tells the whole.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import {
  type CardColour,
  type CardRecord,
  type CardTarget,
  penaltyPointsOf,
  penaltyPointsTo,
} from "./cards.ts";
import { firstToFive, isLastPossibleGame, leftAtGameStart } from "./ends.ts";
import { assertExpediteAllowed, type ExpediteRecord } from "./expedite.ts";
import { type GamePoint, gamePointOf } from "./game_point.ts";
import {
  assertFinishedGame,
  assertFormat,
  formatGames,
  type GameCorrection,
  gamesNeeded,
  gameWinner,
  isFinishedGame,
  isSide,
  madeAfterPoints,
  type MatchFormat,
  type MatchState,
  matchWinner,
  otherSide,
  quote,
  sameScore,
  type Score,
  ScoringError,
  type Side,
} from "./scoring.ts";
import {
  afterPoint,
  assertDoublesOrder,
  changeReceivingOrder,
  defaultNextOrder,
  type DoublesOrder,
  firstReceiverAfter,
  gameService,
  introduceExpedite,
  isPlayerSlot,
  type PlayerSlot,
  type ServiceState,
} from "./service_order.ts";
import { assertTimeoutAllowed, endedBy, timeoutEnd, type TimeoutRecord } from "./timeouts.ts";

/** An action of the umpire other than a rally won. */
export type Incident =
  /** A finished game's score corrected (the last correction of a game is in force). */
  | { kind: "correction"; game: number; home: number; away: number }
  /** A side's time-out (Regulation 3.4.4.2). */
  | { kind: "timeout"; side: Side }
  /** Play resumes before the time-out's minute is over. */
  | { kind: "resume" }
  /** A card shown to a side's player (pair) or coach (Regulation 3.5.2); its penalty points follow from it. */
  | { kind: "card"; side: Side; target: CardTarget; card: CardColour }
  /** The expedite system introduced (Law 2.15); `rallyInterrupted` when the time limit stopped a rally. */
  | { kind: "expedite"; rallyInterrupted: boolean; byRequest: boolean }
  /**
   * The first server of a doubles game (Law 2.13.4); the first receiver follows from the game before, and is
   * given only when it cannot (game 1 when the start did not name it).
   */
  | { kind: "order"; game: number; server: PlayerSlot; receiver?: PlayerSlot };

/** What kind of action an incident is. */
export type IncidentKind = Incident["kind"];

/** Every kind of incident. */
export const INCIDENT_KINDS = [
  "correction",
  "timeout",
  "resume",
  "card",
  "expedite",
  "order",
] as const satisfies readonly IncidentKind[];

/**
 * An incident in its place: `afterPoints` rallies had been recorded when it was made (absent on a correction made
 * before that was kept: as its game ended), `at` when it was made (ISO 8601), when known.
 */
export type PlacedIncident = Incident & { afterPoints?: number; at?: string | null };

/** What the replay reads: rallies won, in order, with their times when known, and the umpire's other actions. */
export interface MatchRecord {
  points: readonly Side[];
  /** When each rally was recorded (ISO 8601), parallel to `points`; optional. */
  pointTimes?: readonly (string | null)[];
  /** Corrections kept apart (the form a match without other incidents may be given in); before `incidents`. */
  corrections?: readonly GameCorrection[];
  /** The other actions in the order made. */
  incidents?: readonly PlacedIncident[];
}

/** How a match is played and how it began: the format, and the umpire's choices at the start. */
export interface UmpireFormat extends MatchFormat {
  /** Whether the sides are pairs (then the players of each pair serve and receive in turn). */
  doubles?: boolean;
  /** The side on the umpire's left in game 1 (Law 2.13.1: ends are chosen with service); home when not said. */
  leftInGameOne?: Side;
  /** The first server and first receiver of game 1 of a doubles match, when named at the start (Law 2.13.4). */
  order?: DoublesOrder | null;
}

/** Everything the umpire and the spectators are shown of a match, replayed from its record. */
export interface UmpireState extends MatchState {
  /** The game being played or about to start (1-based); the last game played once the match is decided. */
  gameNumber: number;
  /** The side on the umpire's left now (Law 2.13.7). */
  left: Side;
  /** In the last possible game, the score at which the ends were changed (Law 2.13.7); null until then. */
  endsChangedAt: Score | null;
  /** The players serving and receiving the next point: in doubles when the order is known; null once decided. */
  serverPlayer: PlayerSlot | null;
  receiverPlayer: PlayerSlot | null;
  /** The first server and receiver of the game being played, in doubles when known. */
  order: DoublesOrder | null;
  /** In the last possible game of a doubles match, the score at which the receiving order changed (Law 2.13.6). */
  receiversChangedAt: Score | null;
  /** Whether the match is under the expedite system, since when. */
  expedite: ExpediteRecord | null;
  timeouts: TimeoutRecord[];
  cards: CardRecord[];
  /** The side that wins the game, or the match, with the next point. */
  gamePoint: GamePoint | null;
  /** When the last finished game ended (its last point's time), when known: the running game began after it. */
  gameStartedAt: string | null;
}

/** What an undo took back: the last rally, or the last other action when no rally was recorded after it. */
export type UndoneAction = "point" | IncidentKind;

/** A match after an undo: what was taken back, the record left and its score. */
export interface UndoResult {
  undone: UndoneAction;
  record: MatchRecord;
  state: UmpireState;
}

/** The action an undo would take back: a rally (its winner) or an incident. */
export type LastAction = { kind: "point"; side: Side } | PlacedIncident;

/**
 * Replays the rallies of a match and returns its score, the next server and whether it is decided.
 *
 * Throws a `ScoringError` for an illegal format, a side that is not "home"/"away", or a point after the match
 * was decided.
 * @example replayMatch([], { bestOf: 5, firstServer: "home" }).server // "home"
 */
export function replayMatch(points: readonly Side[], format: MatchFormat): MatchState {
  return scoreMatch({ points }, format);
}

/**
 * The score of a match (games, running game, next server, winner) from its whole record; `replayUmpire` gives
 * everything else.
 *
 * Game boundaries come from the points; a corrected game keeps its place but takes the corrected score, and
 * games won, the winner and whether the match is finished are counted from the corrected scores. So a
 * correction can reopen a match that the points had decided (play then goes on), and a correction that
 * decides the match before a game that was played is rejected. Several corrections to one game: the last
 * wins.
 * @example scoreMatch({ points, corrections: [{ game: 2, home: 9, away: 11 }] }, format) // game 2 flipped
 */
export function scoreMatch(record: MatchRecord, format: MatchFormat): MatchState {
  const s = replayUmpire(record, format);
  return {
    gamesWon: s.gamesWon,
    currentGame: s.currentGame,
    gameScores: s.gameScores,
    server: s.server,
    finished: s.finished,
    winner: s.winner,
  };
}

/**
 * The incidents of a record in the order made, each placed among the rallies: the corrections given apart
 * first (as their game ended when not placed), then `incidents`; ordered by place, the order made kept among
 * those at the same place.
 */
export function placedIncidents(record: MatchRecord): (PlacedIncident & { afterPoints: number })[] {
  const all: PlacedIncident[] = [
    ...(record.corrections ?? []).map((c) => ({
      kind: "correction" as const,
      game: c.game,
      home: c.home,
      away: c.away,
      ...(c.afterPoints === undefined ? {} : { afterPoints: c.afterPoints }),
    })),
    ...(record.incidents ?? []),
  ];
  const placed = all.map((incident) => ({
    ...incident,
    afterPoints: incident.afterPoints ??
      (incident.kind === "correction" ? madeAfterPoints(incident, record.points) : record.points.length),
  }));
  // A stable sort: only corrections stored before their place was kept can be out of order.
  return placed.map((p, i) => ({ p, i })).sort((a, b) => a.p.afterPoints - b.p.afterPoints || a.i - b.i)
    .map((x) => x.p);
}

/**
 * Replays the whole record of a match: the score, the service (side and doubles players), the ends, the
 * expedite system, time-outs, cards and their penalty points, game and match point. Throws a `ScoringError`
 * naming the action that breaks a rule, so a write can be refused by replaying the record with it.
 * @example replayUmpire({ points: [], incidents: [{ kind: "timeout", side: "away", afterPoints: 0 }] }, format).timeouts.length // 1
 */
export function replayUmpire(record: MatchRecord, format: UmpireFormat): UmpireState {
  assertFormat(format);
  const { points } = record;
  const needed = gamesNeeded(format.bestOf);
  const doubles = format.doubles === true;
  const incidents = placedIncidents(record);
  const corrections = new Map<number, Score>();
  let lastCorrectionAt: number | undefined;
  for (const incident of incidents) {
    if (incident.kind !== "correction") continue;
    const { game, home, away } = incident;
    if (!Number.isInteger(game) || game < 1) {
      throw new ScoringError(`Cannot correct game "${game}": expected a game number from 1`);
    }
    assertFinishedGame(home, away, `Cannot correct game "${game}"`);
    corrections.set(game, { home, away });
    lastCorrectionAt = incident.afterPoints;
  }
  // A correction made once every rally was recorded is the action that a late point would be blamed on.
  const correctedLast = lastCorrectionAt !== undefined && lastCorrectionAt >= points.length;
  const leftInGameOne = format.leftInGameOne ?? "home";

  const gameScores: Score[] = [];
  const gamesWon: Score = { home: 0, away: 0 };
  // Games won as the points alone say, to tell a correction that ends the match early from a late point.
  const pointsGamesWon: Score = { home: 0, away: 0 };
  let current: Score = { home: 0, away: 0 };
  let order: DoublesOrder | null = doubles ? format.order ?? null : null;
  let service: ServiceState = gameService(format.firstServer, 1, false, order);
  let left = leftInGameOne;
  let endsChangedAt: Score | null = null;
  let receiversChangedAt: Score | null = null;
  let expedite: ExpediteRecord | null = null;
  let gameStartedAt: string | null = null;
  // The order the game before began with, for the first receiver of a game whose first server is chosen.
  let orderBefore: DoublesOrder | null = null;
  const timeouts: TimeoutRecord[] = [];
  const openTimeouts = new Set<TimeoutRecord>();
  const cards: CardRecord[] = [];
  const decided = () => matchWinner(gamesWon, needed) !== null;
  const gameNumber = () => gameScores.length + 1;

  const endTimeouts = (at: string | null) => {
    for (const t of openTimeouts) t.endsAt = endedBy(t.endsAt, at);
    openTimeouts.clear();
  };

  /** A point won by `side`: a rally (its index in `points`) or a penalty point (index null). */
  const point = (side: Side, index: number | null, at: string | null) => {
    if (decided()) {
      // A penalty point left over when the match is won (the second of two) has nothing left to count for.
      if (index === null) return;
      // The corrections are to blame when they changed who won games so far and this point cannot be the new
      // action: the points alone had not decided the match, or the point was followed by others (points are
      // only added at the end) or by a correction.
      const correctionsDecided = !sameScore(gamesWon, pointsGamesWon) &&
        (matchWinner(pointsGamesWon, needed) === null || index < points.length - 1 || correctedLast);
      if (correctionsDecided) {
        throw new ScoringError(
          `Cannot apply the corrections: they decide the match (${formatGames(gamesWon)}) before game ` +
            `${gameScores.length + 1} was played`,
        );
      }
      throw new ScoringError(
        `Cannot record a point: the match is already decided (${formatGames(gamesWon)})`,
      );
    }
    const game = gameNumber();
    current[side] += 1;
    endTimeouts(at);
    if (isFinishedGame(current.home, current.away)) {
      pointsGamesWon[side] += 1;
      const score = corrections.get(game) ?? current;
      gameScores.push({ home: score.home, away: score.away });
      gamesWon[gameWinner(score)] += 1;
      current = { home: 0, away: 0 };
      gameStartedAt = at;
      orderBefore = order;
      order = order && defaultNextOrder(order);
      service = gameService(format.firstServer, game + 1, expedite !== null, order);
      left = leftAtGameStart(leftInGameOne, game + 1);
      return;
    }
    service = afterPoint(service, current.home + current.away);
    if (isLastPossibleGame(format.bestOf, game) && firstToFive(current, side)) {
      left = otherSide(left);
      endsChangedAt = { ...current };
      if (doubles) {
        service = changeReceivingOrder(service);
        receiversChangedAt = { ...current };
      }
    }
  };

  const inPlay = (what: string) => {
    if (decided()) {
      throw new ScoringError(`Cannot ${what}: the match is already decided (${formatGames(gamesWon)})`);
    }
  };

  const apply = (incident: PlacedIncident & { afterPoints: number }) => {
    const at = incident.at ?? null;
    switch (incident.kind) {
      case "correction":
        // Applied as its game is replayed (above); checked against the games finished at the end.
        return;
      case "timeout": {
        inPlay("call a time-out");
        if (!isSide(incident.side)) throw sideError("call a time-out", incident.side);
        assertTimeoutAllowed(timeouts, incident.side);
        const timeout: TimeoutRecord = {
          side: incident.side,
          gameNumber: gameNumber(),
          score: { ...current },
          at,
          endsAt: at === null ? null : timeoutEnd(at),
        };
        timeouts.push(timeout);
        openTimeouts.add(timeout);
        return;
      }
      case "resume":
        if (openTimeouts.size === 0) throw new ScoringError("Cannot resume play: no time-out is running");
        endTimeouts(at);
        return;
      case "card": {
        inPlay("show a card");
        if (!isSide(incident.side)) throw sideError("show a card", incident.side);
        const penaltyPoints = penaltyPointsOf(
          cards.filter((c) => c.side === incident.side),
          incident.target,
          incident.card,
        );
        const card: CardRecord = {
          side: incident.side,
          target: incident.target,
          card: incident.card,
          penaltyPoints,
          gameNumber: gameNumber(),
          score: { ...current },
          at,
        };
        cards.push(card);
        for (let k = 0; k < penaltyPoints; k += 1) point(penaltyPointsTo(card), null, at);
        return;
      }
      case "expedite":
        inPlay("introduce the expedite system");
        assertExpediteAllowed(current, incident.byRequest, expedite);
        expedite = { gameNumber: gameNumber(), score: { ...current }, byRequest: incident.byRequest, at };
        service = introduceExpedite(service, incident.rallyInterrupted);
        return;
      case "order": {
        inPlay("set the order of service");
        const game = gameNumber();
        if (!doubles) {
          throw new ScoringError("Cannot set the order of service: the order of players is for doubles");
        }
        if (incident.game !== game || current.home + current.away > 0) {
          throw new ScoringError(
            `Cannot set the order of game ${
              quote(incident.game)
            }: it is set before the first point of the game ` +
              `being played (game ${game}, ${current.home}-${current.away})`,
          );
        }
        if (!isPlayerSlot(incident.server)) {
          throw new ScoringError(
            `Cannot set the order of game ${game}: unknown server ${quote(incident.server)}`,
          );
        }
        const previous = game > 1 ? orderBefore : null;
        const receiver = previous ? firstReceiverAfter(previous, incident.server) : incident.receiver;
        if (receiver === undefined || !isPlayerSlot(receiver)) {
          throw new ScoringError(
            `Cannot set the order of game ${game}: name the first receiver too (the order of the game before is ` +
              `not known)`,
          );
        }
        if (incident.receiver !== undefined && incident.receiver !== receiver) {
          throw new ScoringError(
            `Cannot set the order of game ${game}: the first receiver is "${receiver}", who served to ` +
              `"${incident.server}" in the game before (Law 2.13.4), not "${incident.receiver}"`,
          );
        }
        const next = { server: incident.server, receiver };
        assertDoublesOrder(next, service.server, game);
        order = next;
        service = { ...service, serverPlayer: next.server, receiverPlayer: next.receiver };
        return;
      }
    }
  };

  let next = 0;
  for (let k = 0; k <= points.length; k += 1) {
    while (next < incidents.length && incidents[next]!.afterPoints <= k) apply(incidents[next++]!);
    if (k === points.length) break;
    const side = points[k];
    if (!isSide(side)) {
      throw new ScoringError(`Cannot record point ${k + 1}: expected "home" or "away", got ${quote(side)}`);
    }
    point(side, k, record.pointTimes?.[k] ?? null);
  }
  while (next < incidents.length) apply(incidents[next++]!);
  for (const game of corrections.keys()) {
    if (game > gameScores.length) {
      throw new ScoringError(
        `Cannot correct game "${game}": only ${gameScores.length} ${
          gameScores.length === 1 ? "game is" : "games are"
        } finished`,
      );
    }
  }
  const winner = matchWinner(gamesWon, needed);
  const finished = winner !== null;
  const slots = !finished && (doubles ? service.serverPlayer !== null : true);
  return {
    gamesWon,
    currentGame: current,
    gameScores,
    server: service.server,
    finished,
    winner,
    gameNumber: finished ? gameScores.length : gameScores.length + 1,
    left,
    endsChangedAt,
    serverPlayer: !slots ? null : doubles ? service.serverPlayer : singlesSlot(service.server),
    receiverPlayer: !slots ? null : doubles ? service.receiverPlayer : singlesSlot(otherSide(service.server)),
    order: doubles && !finished ? order : null,
    receiversChangedAt,
    expedite,
    timeouts,
    cards,
    gamePoint: gamePointOf(current, gamesWon, format.bestOf, finished),
    gameStartedAt,
  };
}

/** The player of a singles side. */
export function singlesSlot(side: Side): PlayerSlot {
  return side === "home" ? "home1" : "away1";
}

/** The error of an incident whose side is not "home" or "away". */
export function sideError(what: string, side: unknown): ScoringError {
  return new ScoringError(`Cannot ${what}: expected side "home" or "away", got ${quote(side)}`);
}

/**
 * The action an undo takes back: the last incident when no rally was recorded after it, else the last rally;
 * null when nothing was recorded (an umpire's Undo is then disabled).
 * @example lastAction({ points: ["home"], incidents: [{ kind: "timeout", side: "away", afterPoints: 1 }] }) // the time-out
 */
export function lastAction(record: MatchRecord): LastAction | null {
  const last = placedIncidents(record).at(-1);
  if (last !== undefined && last.afterPoints >= record.points.length) return last;
  const side = record.points.at(-1);
  return side === undefined ? null : { kind: "point", side };
}

/**
 * Takes back the last action of a match, as an umpire's undo button means it (`lastAction`): a card goes with
 * its penalty points; an earlier correction of the same game is in force again once the last one is taken back.
 * The record left is one the match had before, so it replays; should it not (a stored record made by hand), the
 * `ScoringError` names the undo.
 * @example
 * const fix = { game: 1, home: 9, away: 11, afterPoints: 11 }; // made once game 1 had ended 11-0
 * undoLastAction({ points: elevenHome, corrections: [fix] }, format)
 * // { undone: "correction", record: { points: elevenHome, corrections: [] }, state: game 1 is 11-0 again }
 */
export function undoLastAction(record: MatchRecord, format: UmpireFormat): UndoResult {
  const last = lastAction(record);
  if (last === null) {
    throw new ScoringError("Cannot undo the last point or correction: no point has been recorded");
  }
  // Corrections given apart and incidents both: one list in the order made, so that the last is the one taken.
  const source: MatchRecord = record.corrections?.length && record.incidents?.length
    ? { points: record.points, pointTimes: record.pointTimes, incidents: placedIncidents(record) }
    : record;
  let rest: MatchRecord;
  if (last.kind === "point") {
    rest = {
      ...source,
      points: record.points.slice(0, -1),
      ...(record.pointTimes ? { pointTimes: record.pointTimes.slice(0, -1) } : {}),
    };
  } else if (source.incidents?.length) {
    rest = { ...source, incidents: source.incidents.slice(0, -1) };
  } else {
    rest = { ...source, corrections: (source.corrections ?? []).slice(0, -1) };
  }
  const undone: UndoneAction = last.kind;
  try {
    return { undone, record: rest, state: replayUmpire(rest, format) };
  } catch (e) {
    if (!(e instanceof ScoringError)) throw e;
    throw new ScoringError(`Cannot undo the last ${undone}: the match left does not replay (${e.message})`);
  }
}
