/**
 * Who serves and who receives each point (ITTF Laws 2.13.3-2.13.6 and 2.15.3-2.15.5), as a state carried from
 * point to point: the serving side, the players of a doubles pair, and how many points are left in the turn of
 * service. Singles follows the same count at the side level.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import { DEUCE, firstServerOfGame, otherSide, ScoringError, type Side } from "./scoring.ts";

/** A player of a match: the first or second player of the home or away side (singles: always 1). */
export type PlayerSlot = "home1" | "home2" | "away1" | "away2";

/** Every player slot. */
export const PLAYER_SLOTS = ["home1", "home2", "away1", "away2"] as const satisfies readonly PlayerSlot[];

/** Who serves the next point, to whom, and how many points are left in the turn. */
export interface ServiceState {
  /** The side that serves the next point. */
  server: Side;
  /** In doubles, the player who serves and the one who receives; null in singles or when not recorded. */
  serverPlayer: PlayerSlot | null;
  receiverPlayer: PlayerSlot | null;
  /** Points left in the current turn of service, the next one included (2, or 1 from 10-10 and under expedite). */
  servesLeft: number;
  /** The side that served the last rally of this game; null before the game's first point. */
  lastServer: Side | null;
  /** Whether the expedite system is in operation (Law 2.15.6: to the end of the match once introduced). */
  expedite: boolean;
}

/** The first server and first receiver of a doubles game (Law 2.13.4). */
export interface DoublesOrder {
  server: PlayerSlot;
  receiver: PlayerSlot;
}

/** Whether a value is a player slot. */
export function isPlayerSlot(value: unknown): value is PlayerSlot {
  return (PLAYER_SLOTS as readonly unknown[]).includes(value);
}

/** The side a player slot belongs to. */
export function sideOfSlot(slot: PlayerSlot): Side {
  return slot === "home1" || slot === "home2" ? "home" : "away";
}

/**
 * The partner of a doubles player.
 * @example partnerOf("away1") // "away2"
 */
export function partnerOf(slot: PlayerSlot): PlayerSlot {
  const partners: Record<PlayerSlot, PlayerSlot> = {
    home1: "home2",
    home2: "home1",
    away1: "away2",
    away2: "away1",
  };
  return partners[slot];
}

/**
 * The service at the start of a game: the side per Law 2.13.6 (the side that served first in a game receives
 * first in the next), a turn of 2 points (1 under the expedite system, Law 2.15.4), and the doubles players
 * given (or none).
 * @example gameService("home", 2, false, null).server // "away"
 */
export function gameService(
  matchFirstServer: Side,
  gameNumber: number,
  expedite: boolean,
  order: DoublesOrder | null,
): ServiceState {
  return {
    server: firstServerOfGame(matchFirstServer, gameNumber),
    serverPlayer: order?.server ?? null,
    receiverPlayer: order?.receiver ?? null,
    servesLeft: expedite ? 1 : 2,
    lastServer: null,
    expedite,
  };
}

/**
 * Checks the order a doubles game starts with: the server from the side that serves first in the game, the
 * receiver from the other side (Law 2.13.4). Throws a `ScoringError` naming the fault.
 */
export function assertDoublesOrder(order: DoublesOrder, servingSide: Side, gameNumber: number): void {
  if (sideOfSlot(order.server) !== servingSide) {
    throw new ScoringError(
      `Cannot set the order of game ${gameNumber}: the first server must be a player of the ${servingSide} ` +
        `pair, who serve first in this game, got "${order.server}"`,
    );
  }
  if (sideOfSlot(order.receiver) === servingSide) {
    throw new ScoringError(
      `Cannot set the order of game ${gameNumber}: the first receiver must be a player of the other pair, got ` +
        `"${order.receiver}"`,
    );
  }
}

/**
 * The first receiver of a doubles game once its first server is chosen: the player who served to that server in
 * the preceding game (Law 2.13.4). In a game that began `S` to `R`, the service goes round S→R, R→S', S'→R',
 * R'→S (Law 2.13.5; S' and R' the partners), so R received from S and R' from S'.
 * @example firstReceiverAfter({ server: "home1", receiver: "away2" }, "away2") // "home1"
 * @example firstReceiverAfter({ server: "home1", receiver: "away2" }, "away1") // "home2"
 */
export function firstReceiverAfter(previous: DoublesOrder, server: PlayerSlot): PlayerSlot {
  return server === previous.receiver ? previous.server : partnerOf(previous.server);
}

/**
 * The order of a doubles game after the first when the umpire did not record one: the first receiver of the game
 * before serves first, to the player who served to them (Laws 2.13.4 and 2.13.6 allow the serving pair either
 * player; this is the choice a pair makes when it changes nothing).
 * @example defaultNextOrder({ server: "home1", receiver: "away2" }) // { server: "away2", receiver: "home1" }
 */
export function defaultNextOrder(previous: DoublesOrder): DoublesOrder {
  return { server: previous.receiver, receiver: previous.server };
}

/**
 * The service after one more point of the game (`played` points now played in it): at the end of a turn the
 * receiver becomes the server and, in doubles, the partner of the previous server the receiver (Law 2.13.5). A
 * turn is 2 points, and 1 point from 10-10 (Law 2.13.3) or under the expedite system (Law 2.15.4).
 * @example afterPoint(gameService("home", 1, false, null), 1).server // "home": the first turn has 1 point left
 */
export function afterPoint(state: ServiceState, played: number): ServiceState {
  const served = { ...state, lastServer: state.server, servesLeft: state.servesLeft - 1 };
  if (served.servesLeft > 0) return served;
  return { ...changeOfService(served), servesLeft: state.expedite || played >= 2 * DEUCE ? 1 : 2 };
}

/** The receiver becomes the server, and in doubles the partner of the previous server the receiver (Law 2.13.5). */
export function changeOfService(state: ServiceState): ServiceState {
  return {
    ...state,
    server: otherSide(state.server),
    serverPlayer: state.receiverPlayer,
    receiverPlayer: state.serverPlayer === null ? null : partnerOf(state.serverPlayer),
  };
}

/**
 * The service once the expedite system is introduced in a game (Law 2.15.3): after an interrupted rally, the
 * player who served it serves again; between rallies, the player who received the last rally of the game serves
 * (at the start of a game, its first server, Law 2.15.5). From then on each player serves 1 point in turn.
 * @example introduceExpedite({ ...state, server: "home", lastServer: "home", servesLeft: 1 }, false).server // "away"
 */
export function introduceExpedite(state: ServiceState, rallyInterrupted: boolean): ServiceState {
  const serving = !rallyInterrupted && state.lastServer !== null && state.lastServer === state.server
    ? changeOfService(state)
    : state;
  return { ...serving, servesLeft: 1, expedite: true };
}

/**
 * In the last possible game of a doubles match the pair due next to receive changes its order of receiving when
 * first one pair scores 5 points (Law 2.13.6): the receiver of the next point is the partner of the one due.
 */
export function changeReceivingOrder(state: ServiceState): ServiceState {
  return { ...state, receiverPlayer: state.receiverPlayer === null ? null : partnerOf(state.receiverPlayer) };
}
