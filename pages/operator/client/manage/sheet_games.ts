/**
 * The games of a score sheet as the desk types them ("11-7 9-11 11-5", "11:7, 9:11", "11–7;9–11"), for the
 * operator's page. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`). Whether the games make a legal, decided match is the server's to say.
 */
import { pw } from "./play_words.ts";

/**
 * The games typed, home first, or a message saying which part could not be read.
 * @example parseSheetGames("11-7, 9-11 11:5") // { games: [{ home: 11, away: 7 }, { home: 9, away: 11 }, { home: 11, away: 5 }] }
 * @example parseSheetGames("11-7 9") // { error: 'Cannot read "9": write each game as home-away, e.g. 11-7' }
 */
export function parseSheetGames(
  text: string,
): { games: { home: number; away: number }[] } | { error: string } {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== "");
  if (parts.length === 0) return { error: pw("play.sheet.empty") };
  const games: { home: number; away: number }[] = [];
  for (const part of parts) {
    const m = /^(\d{1,2})[-:–—](\d{1,2})$/.exec(part);
    if (!m) return { error: pw("play.sheet.unreadable", { part: part.slice(0, 20) }) };
    games.push({ home: Number(m[1]), away: Number(m[2]) });
  }
  return { games };
}
