/**
 * How the umpire's page names a match and its sides: "?" for a side not known yet, each player by slot for the
 * doubles order, times as hours and minutes, and the clashes that stand in the way of a start. Pure functions;
 * every declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { Clash } from "../../../../domain/clashes.ts";
import type { Side } from "../../../../domain/scoring.ts";
import { clashWords } from "../clash_words.ts";
import type { ClashMatch } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import type { Names } from "../tap_words.ts";
import { w } from "./words.ts";

/** A time as hours and minutes in the reader's words ("10:30"). */
export function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/**
 * A side's name, "?" while it is not known.
 * @example sideName({ homeName: "Anna Berg", awayName: null }, "away") // "?"
 */
export function sideName(m: Pick<ScoringMatch, "homeName" | "awayName">, side: Side): string {
  return (side === "home" ? m.homeName : m.awayName) ?? "?";
}

/**
 * Both sides, home first.
 * @example versus({ homeName: "Anna Berg", awayName: null }) // "Anna Berg v ?"
 */
export function versus(m: Pick<ScoringMatch, "homeName" | "awayName">): string {
  return `${sideName(m, "home")} v ${sideName(m, "away")}`;
}

/** The names the words of a tap use: each side's, and each player's by slot ("home1", "away2"). */
export function names(m: Pick<ScoringMatch, "homeName" | "awayName" | "homePlayers" | "awayPlayers">): Names {
  const players: Record<string, string> = {};
  m.homePlayers.forEach((p, i) => (players[`home${i + 1}`] = p.name));
  m.awayPlayers.forEach((p, i) => (players[`away${i + 1}`] = p.name));
  return { home: sideName(m, "home"), away: sideName(m, "away"), players };
}

/**
 * What a clash says stands in the way of starting a match, naming the other matches (`others`, as the answer
 * cited them) and their tables.
 * @example startClashWords(playerBusy, others) // "Anna Berg is playing now: Karl Lund v Anna Berg (table 3)"
 */
export function startClashWords(clash: Clash, others: readonly ClashMatch[]): string {
  const byId = new Map(others.map((m) => [m.id, m]));
  const describe = (id: string) => {
    const m = byId.get(id);
    return m ? versus(m) : w("score.anotherMatch");
  };
  const where = (id: string) => {
    const n = byId.get(id)?.tableNo;
    return n ? w("score.atTable", { table: n }) : "";
  };
  return clashWords(clash, describe, where, clock, true);
}
