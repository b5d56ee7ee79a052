/**
 * The large event of the print tests: a group of 6 half played (a walkover and a retirement among the results,
 * the rest scheduled on tables with times), a locked knockout draw of 128 entries with its first round decided,
 * and locked draws of 64 and 32 not started, all in one published event.
 */
import { roundRobinOrder } from "../../domain/groups.ts";
import type { EventFile, MatchInput } from "../../event_file/format.ts";

/** The event's slug. */
export const BIG_SLUG = "print-big";

/** The event file. */
export function bigPrintEvent(): EventFile {
  const players = Array.from({ length: 128 }, (_, i) => ({
    id: `p${i + 1}`,
    displayName: `Player ${i + 1} ${"Longname".repeat(i % 3)}`,
    association: `Club ${1 + (i % 17)}`,
  }));
  const six = players.slice(0, 6).map((p) => p.id);
  const groupMatches: MatchInput[] = roundRobinOrder(6, 1).flatMap((round, r) =>
    round.map(([a, b], k) => {
      const n = r * 3 + k;
      const base = { id: `g${n}`, stage: "group" as const, group: "A", round: r + 1, position: k };
      const home = `g-${six[a]}`, away = `g-${six[b]}`;
      const at = `2026-06-01T${String(9 + r).padStart(2, "0")}:${k === 0 ? "00" : "30"}:00.000Z`;
      if (n === 0) {
        return { ...base, home, away, status: "completed", resultReason: "walkover", winner: home };
      }
      if (n === 1) {
        return {
          ...base,
          home,
          away,
          status: "completed",
          resultReason: "retired",
          retirementAfterGame: 1,
          games: ["11-7"],
          winner: away,
          firstServer: "home",
          startedAt: at,
          completedAt: at,
        };
      }
      if (n < 8) {
        return {
          ...base,
          home,
          away,
          status: "completed",
          games: n % 2 ? ["11-8", "9-11", "11-6"] : ["7-11", "11-9", "8-11"],
          winner: n % 2 ? home : away,
          firstServer: "home",
          startedAt: at,
          completedAt: at,
        };
      }
      return { ...base, home, away, status: "scheduled", table: 1 + k, scheduledAt: at };
    })
  );
  const koMatches: MatchInput[] = Array.from({ length: 64 }, (_, k) => ({
    id: `k1-${k}`,
    stage: "knockout",
    round: 1,
    position: k,
    home: `k-p${2 * k + 1}`,
    away: `k-p${2 * k + 2}`,
    status: "completed",
    games: ["11-5", "11-6", "11-9"],
    winner: `k-p${2 * k + 1}`,
    firstServer: "home",
  }));
  return {
    format: "tt-event/1",
    event: {
      slug: BIG_SLUG,
      name: "Print Open",
      venue: "Hall",
      startDate: "2026-06-01",
      endDate: "2026-06-01",
      status: "published",
      description: "",
      posterUrl: null,
    },
    players,
    categories: [
      {
        id: "G6",
        name: "Group of six",
        kind: "singles",
        format: "groups",
        bestOf: 3,
        groupSize: 6,
        entries: six.map((id, i) => ({ id: `g-${id}`, players: [id], ...(i < 2 ? { seed: i + 1 } : {}) })),
        groups: [{ name: "A", entries: six.map((id) => `g-${id}`) }],
        matches: groupMatches,
      },
      {
        id: "K128",
        name: "Open 128",
        kind: "singles",
        format: "knockout",
        bestOf: 5,
        entries: players.map((p) => ({ id: `k-${p.id}`, players: [p.id] })),
        draw: { state: "locked", size: 128, slots: players.map((p) => `k-${p.id}`) },
        matches: koMatches,
      },
      ...[64, 32].map((n) => ({
        id: `K${n}`,
        name: `Open ${n}`,
        kind: "singles" as const,
        format: "knockout" as const,
        bestOf: 5,
        entries: players.slice(0, n).map((p) => ({ id: `k${n}-${p.id}`, players: [p.id] })),
        draw: { state: "locked" as const, size: n, slots: players.slice(0, n).map((p) => `k${n}-${p.id}`) },
      })),
    ],
  };
}
