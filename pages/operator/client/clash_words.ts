/**
 * How a clash (domain/clashes.ts, sent as is by the management API) reads on the operator's and the umpire's
 * pages. Every declaration is exported so that the pages can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import type { Clash } from "../../../domain/clashes.ts";

/**
 * A sentence for a clash. `describe` names a match ("Anna Schmidt v Ben Okafor"), `where` gives its place
 * ("table 4") or "" when it has none, `time` a scheduled time in the reader's words. With `starting`, the
 * sentence says what stands in the way of starting another match (the clash's matches are the ones in progress).
 * @example clashWords({ kind: "table-busy", tableNo: 3, matchIds: ["a", "b"] }, ...) // "Table 3 has 2 matches in progress: A v B, C v D"
 */
export function clashWords(
  clash: Clash,
  describe: (matchId: string) => string,
  where: (matchId: string) => string,
  time: (iso: string) => string,
  starting = false,
): string {
  const placed = (id: string) => where(id) ? `${describe(id)} (${where(id)})` : describe(id);
  const list = (ids: string[], show: (id: string) => string) => ids.map(show).join(", ");
  const count = (n: number) => n === 1 ? "a match" : `${n} matches`;
  const ids = clash.matchIds;
  switch (clash.kind) {
    case "table-busy":
      return `Table ${clash.tableNo} has ${count(ids.length)} in progress: ${list(ids, describe)}`;
    case "player-busy":
      return starting
        ? `${clash.player.name} is playing now: ${list(ids, placed)}`
        : `${clash.player.name} is in ${count(ids.length)} in progress: ${list(ids, placed)}`;
    case "table-double-booked":
      return `Table ${clash.tableNo} has ${count(ids.length)} at ${time(clash.scheduledAt)}: ${
        list(ids, describe)
      }`;
    case "player-double-booked":
      return `${clash.player.name} has ${count(ids.length)} at ${time(clash.scheduledAt)}: ${
        list(ids, placed)
      }`;
  }
}
