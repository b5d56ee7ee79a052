/**
 * How a clash (domain/clashes.ts, sent as is by the management API) reads on the operator's and the umpire's
 * pages. Every declaration is exported so that the pages can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import type { Clash } from "../../../domain/clashes.ts";
import { pw } from "./manage/play_words.ts";

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
  const count = (n: number) => n === 1 ? pw("play.clash.oneMatch") : pw("play.clash.matches", { n });
  const ids = clash.matchIds;
  switch (clash.kind) {
    case "table-busy":
      return pw("play.clash.tableBusy", {
        table: clash.tableNo,
        count: count(ids.length),
        list: list(ids, describe),
      });
    case "player-busy":
      return starting
        ? pw("play.clash.playerPlaying", { player: clash.player.name, list: list(ids, placed) })
        : pw("play.clash.playerBusy", {
          player: clash.player.name,
          count: count(ids.length),
          list: list(ids, placed),
        });
    case "table-double-booked":
      return pw("play.clash.tableDouble", {
        table: clash.tableNo,
        count: count(ids.length),
        time: time(clash.scheduledAt),
        list: list(ids, describe),
      });
    case "player-double-booked":
      return pw("play.clash.playerDouble", {
        player: clash.player.name,
        count: count(ids.length),
        time: time(clash.scheduledAt),
        list: list(ids, placed),
      });
  }
}
