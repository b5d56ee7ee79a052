/// <reference lib="dom" />
/**
 * The forms of a match row that write its games: correcting one game's score, and keying in a paper score sheet
 * (replacing any taps) or mending a result. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { make, setStatus } from "../dom.ts";
import { numberInput, submitButton } from "./controls.ts";
import { parseSheetGames } from "./sheet_games.ts";
import { matchNames, sheetQuestion, sideName } from "./match_words.ts";
import type { ManagePage, OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/** The form that corrects a game of a match that has games (its last game filled in); null when it has none. */
export function correctGameForm(page: ManagePage, m: OverviewMatch): HTMLFormElement | null {
  if (m.gameScores.length === 0 || m.resultReasonCode === "walkover") return null;
  const last = m.gameScores[m.gameScores.length - 1]!;
  const form = make("form", "inline correct");
  const game = numberInput(pw("play.form.game"), 1, m.gameScores.length, m.gameScores.length);
  const home = numberInput(sideName(m, "home"), 0, 99, last.home);
  const away = numberInput(sideName(m, "away"), 0, 99, last.away);
  // Required: an emptied field would be sent as 0 and refused as "got 0".
  for (const field of [game, home, away]) field.input.required = true;
  form.append(game.label, home.label, away.label, submitButton(pw("play.form.correct")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void page.write(`/matches/${m.id}/correct`, {
      game: Number(game.input.value),
      home: Number(home.input.value),
      away: Number(away.input.value),
      revision: m.revision,
    });
  });
  return form;
}

/**
 * The form that enters a match's result from the score sheet, or replaces a finished one's; null while a side
 * is unknown or for a result decided by a reason (taken back first).
 */
export function resultForm(page: ManagePage, m: OverviewMatch): HTMLFormElement | null {
  if (m.homeId === null || m.awayId === null || m.resultReasonCode !== null) return null;
  const form = make("form", "inline result");
  const label = make(
    "label",
    "",
    `${pw(m.status === "completed" ? "play.form.replaceResult" : "play.form.result")} `,
  );
  const games = make("input");
  games.placeholder = "11-7 9-11 11-5";
  games.size = 16;
  games.required = true;
  games.setAttribute("aria-label", pw("play.form.gamesOf", { match: matchNames(m) }));
  label.append(games);
  form.append(label, submitButton(pw(m.status === "completed" ? "play.form.replace" : "play.form.enter")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const read = parseSheetGames(games.value);
    if ("error" in read) return setStatus(read.error, "error");
    const asked = sheetQuestion(m, read.games);
    const question = m.status !== "scheduled" ? pw("play.form.replacesScored", { question: asked }) : asked;
    if (!confirm(question)) return;
    void page.write(
      `/matches/${m.id}/result`,
      { games: read.games, revision: m.revision },
      pw("play.form.entered"),
    );
  });
  return form;
}
