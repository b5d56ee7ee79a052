/**
 * What the spectators' pages show of the umpire's record (the API's `match.umpire`, docs/api.md "The umpire
 * block"): game or match point, the time-outs that may be running, and the words for cards, time-outs and the
 * expedite system. The pages render from the same serialised Match the API serves, so they say what it says.
 */
import { PAIR_SEPARATOR } from "../domain/person_name.ts";
import { shownAt } from "./client/countdown_rules.ts";
import type { PlayerLink } from "./components/player_names.tsx";
import { type I18n, i18nFor } from "./i18n/mod.ts";
import type { Match } from "./view_types.ts";

/** The umpire block of a match. */
export type Officiating = NonNullable<Match["umpire"]>;
type Side = "home" | "away";
type Card = Officiating["cards"][number];

/** A side's name. */
export const sideName = (m: Match, side: Side): string => side === "home" ? m.homeName : m.awayName;

/**
 * The game or match point of a match in play: the side that wins the game (or the match) with the next point,
 * and the words a scoreboard shows; null at any other score or when the match is not in play.
 * @example pointFlag(matchAt10to6InTheDecider) // { side: "home", match: true, text: "MATCH POINT" }
 */
export function pointFlag(m: Match): { side: Side; match: boolean; text: string } | null {
  const point = m.status === "in_progress" ? m.umpire?.gamePoint : null;
  if (!point) return null;
  return { side: point.side, match: point.match, text: point.match ? "MATCH POINT" : "GAME POINT" };
}

/**
 * The time-outs of a match in play that a page shows while they run: each with its end. Whether one runs is
 * the viewer's clock's to say (pages/client/countdowns.ts), so every dated one is rendered, hidden or not; a
 * time-out without an end is never shown (it cannot be timed).
 */
export function timedTimeouts(m: Match): { side: Side; endsAt: string }[] {
  if (m.status !== "in_progress" || !m.umpire) return [];
  return m.umpire.timeouts.flatMap((t) => t.endsAt === null ? [] : [{ side: t.side, endsAt: t.endsAt }]);
}

/**
 * The attributes of an element shown only before `until` (a time-out's end), or only from `after` on: the data
 * attribute the browser's script reads each moment, and `hidden` as the server's clock says at render time.
 */
export function timedAttributes(
  times: { until?: string; after?: string },
  now: number,
): Record<string, string | boolean> {
  const attributes: Record<string, string | boolean> = {
    hidden: !shownAt(times.until ?? null, times.after ?? null, now),
  };
  if (times.until !== undefined) attributes["data-until"] = times.until;
  if (times.after !== undefined) attributes["data-after"] = times.after;
  return attributes;
}

/** The latest end among time-outs (a flag that gives way to a running time-out is shown from then on). */
export function lastEnd(timeouts: readonly { endsAt: string }[]): string | undefined {
  return timeouts.map((t) => t.endsAt).sort().at(-1);
}

/**
 * The id of the player of a doubles pair who serves the next point, when the umpire recorded the order and
 * the side's name is its players' names ("A / B"), so that the page can mark that player within it; else null.
 */
export function servingPlayer(m: Match, side: Side, players: readonly PlayerLink[]): string | null {
  const server = m.status === "in_progress" ? m.umpire?.server : null;
  if (!server || server.side !== side || server.playerId === null || players.length < 2) return null;
  if (players.map((p) => p.displayName).join(PAIR_SEPARATOR) !== sideName(m, side)) return null;
  return players.some((p) => p.id === server.playerId) ? server.playerId : null;
}

/** The game and its score when something happened, home first as the pages write scores: "game 2 at 3–4". */
export const atScore = (
  e: { gameNumber: number; score: { home: number; away: number } },
  i18n: I18n = i18nFor("en"),
): string => i18n.t("umpire.atScore", { game: e.gameNumber, home: e.score.home, away: e.score.away });

/** A card's colour in words: "Yellow card", "Yellow and red card", "Red card". */
export function cardName(card: string, i18n: I18n = i18nFor("en")): string {
  return i18n.t(card === "yellow" ? "card.yellow" : card === "red" ? "card.red" : "card.yellowRed");
}

/**
 * A card in words, with its penalty points to the opponent and what a red card means (Regulation 3.5.2).
 * @example cardLine(m, { side: "home", target: "player", card: "yellow_red", penaltyPoints: 1, ... })
 * // "Yellow and red card to Anna Berg: 1 penalty point to Cleo Dubois"
 */
export function cardLine(m: Match, card: Card, i18n: I18n = i18nFor("en")): string {
  const words = i18n.t(card.target === "coach" ? "card.toCoach" : "card.to", {
    card: cardName(card.card, i18n),
    name: sideName(m, card.side),
  });
  const opponent = sideName(m, card.side === "home" ? "away" : "home");
  if (card.penaltyPoints > 0) {
    return i18n.n("card.penalty", card.penaltyPoints, { card: words, name: opponent });
  }
  if (card.card === "red") {
    return i18n.t(card.target === "coach" ? "card.sentAway" : "card.referred", { card: words });
  }
  return card.card === "yellow" ? i18n.t("card.warning", { card: words }) : words;
}

/**
 * Since when the expedite system is in operation (Law 2.15: to the end of the match once introduced), or was
 * for a match over; null when it never was.
 * @example expediteLine(m) // "Expedite system in operation since game 3 at 4–6, at both sides' request"
 */
export function expediteLine(m: Match, i18n: I18n = i18nFor("en")): string | null {
  const e = m.umpire?.expedite;
  if (!e) return null;
  const text = i18n.t(m.status === "in_progress" ? "expedite.since" : "expedite.from", {
    at: atScore(e, i18n),
  });
  return e.byRequest ? i18n.t("expedite.byRequest", { text }) : text;
}

/**
 * The cards a scoreboard shows for a side of a match in play: the latest card of its player (the pair, in doubles)
 * and of its coach, since cards carry over to the end of the match (Regulation 3.5.2); the player's first.
 * @example sideCards(m, "home") // [{ target: "player", card: "yellow_red", penaltyPoints: 2 }]
 */
export function sideCards(m: Match, side: Side): Card[] {
  if (m.status !== "in_progress" || !m.umpire) return [];
  const own = m.umpire.cards.filter((c) => c.side === side);
  return (["player", "coach"] as const).flatMap((target) => {
    const latest = own.filter((c) => c.target === target).at(-1);
    return latest ? [latest] : [];
  });
}

/** Whether the expedite system is in operation in a match in play (Law 2.15.6: once in, to the match's end). */
export const expediteOn = (m: Match): boolean => m.status === "in_progress" && !!m.umpire?.expedite;
