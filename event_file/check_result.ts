/**
 * The rules of a match's result that its schema cannot say: finished games, none after the decision, a winner
 * who is a side and agrees with the games, a status that fits the games and the result reason, real times in
 * order.
 * @module
 */
import { isFinishedGame, isRunningGame, type Score, type Side } from "../domain/scoring.ts";
import type { Add, CategoryContext } from "./check_context.ts";
import { FIRST_YEAR, instantOf, isInYears, LAST_YEAR, parseScore, YEARS_TEXT } from "./parse.ts";
import type { ImportProblemCode } from "./problem_codes.ts";
import { arr, int, type Obj, str } from "./read_json.ts";

/** Checks a match's games, current game, winner, times and status together. */
export function checkResult(
  match: Obj,
  path: string,
  ctx: CategoryContext,
  home: string | undefined,
  away: string | undefined,
  add: Add,
): void {
  const status = str(match.status);
  const reason = str(match.resultReason);
  const winner = str(match.winner);
  const has = (field: string) => match[field] !== undefined && match[field] !== null;

  // Games: each one finished, none after the match was decided.
  const rawGames = arr(match.games);
  let gamesOk = Array.isArray(match.games) || match.games === undefined;
  const won: Score = { home: 0, away: 0 };
  let decidedBy: Side | null = null;
  const needed = ctx.bestOf === undefined ? undefined : (ctx.bestOf + 1) / 2;
  for (const [i, raw] of rawGames.entries()) {
    const text = str(raw);
    const score = text === undefined ? null : parseScore(text);
    if (!score) {
      gamesOk = false;
      continue;
    }
    const gamePath = `${path}.games[${i}]`;
    if (!isFinishedGame(score.home, score.away)) {
      add(
        gamePath,
        `"${text}" is not a finished game: a game is won by the first side to 11 points, with a 2-point lead ` +
          "from 10-10",
        { code: "game-not-finished", params: { score: text ?? "" } },
      );
      gamesOk = false;
      continue;
    }
    if (decidedBy !== null) {
      add(gamePath, `"${text}" was played after the match was decided (${won.home}-${won.away})`, {
        code: "game-after-decision",
        params: { score: text ?? "", games: `${won.home}-${won.away}` },
      });
      gamesOk = false;
      continue;
    }
    const side: Side = score.home > score.away ? "home" : "away";
    won[side] += 1;
    if (needed !== undefined && won[side] >= needed) decidedBy = side;
  }
  if (needed === undefined) gamesOk = false;
  const gamesText = `${won.home}-${won.away}`;

  const currentText = str(match.current);
  const current = currentText === undefined ? null : parseScore(currentText);
  const running = current !== null && current.home + current.away > 0;
  if (current && !isRunningGame(current.home, current.away)) {
    add(`${path}.current`, `"${currentText}" is not the score of a game in play`, {
      code: "current-not-in-play",
      params: { score: currentText ?? "" },
    });
  } else if (running && decidedBy !== null && status !== "scheduled") {
    add(`${path}.current`, `The games already decide the match (${gamesText}): no game is running`, {
      code: "current-after-decision",
      params: { games: gamesText },
    });
  }

  const winnerSide: Side | null = winner === undefined
    ? null
    : winner === home
    ? "home"
    : winner === away
    ? "away"
    : null;
  if (winner !== undefined && winnerSide === null && status === "completed") {
    const sides = `home ${home === undefined ? "not known" : `"${home}"`}, away ${
      away === undefined ? "not known" : `"${away}"`
    }`;
    add(`${path}.winner`, `Entry "${winner}" is not a side of this match (${sides})`, {
      code: "winner-not-a-side",
      params: { entry: winner, home: home ?? "?", away: away ?? "?" },
    });
  }

  const startedAt = checkTime(match, "startedAt", path, add);
  const completedAt = checkTime(match, "completedAt", path, add);
  checkTime(match, "scheduledAt", path, add);
  if (startedAt !== null && completedAt !== null && completedAt < startedAt) {
    add(
      `${path}.completedAt`,
      `The match was completed ("${match.completedAt}") before it started ("${match.startedAt}")`,
      {
        code: "completed-before-started",
        params: { completedAt: String(match.completedAt), startedAt: String(match.startedAt) },
      },
    );
  }

  const onlyCompleted = (field: string, what: string, code: ImportProblemCode) => {
    if (has(field)) {
      add(`${path}.${field}`, `Only a completed match has ${what}, this one is "${status}"`, {
        code,
        params: { status: status ?? "" },
      });
    }
  };
  const onlyWhenCompleted = () => {
    onlyCompleted("winner", "a winner", "only-completed-winner");
    onlyCompleted("resultReason", "a result reason", "only-completed-reason");
    onlyCompleted("retirementAfterGame", "a retirement", "only-completed-retirement");
    onlyCompleted("completedAt", "a completion time", "only-completed-time");
  };
  const bothSides = (what: string, code: ImportProblemCode) => {
    for (const field of ["home", "away"] as const) {
      if (!has(field)) add(`${path}.${field}`, `${what} needs both sides`, { code });
    }
  };
  const notRetired = () => {
    if (has("retirementAfterGame")) {
      add(`${path}.retirementAfterGame`, `Only a match with result reason "retired" has a retirement`, {
        code: "retirement-needs-retired",
      });
    }
  };

  switch (status) {
    case "scheduled":
      if (rawGames.length > 0) {
        add(
          `${path}.games`,
          `A scheduled match has no games: set its status to "in_progress" or "completed"`,
          { code: "scheduled-has-games" },
        );
      }
      if (running) {
        add(`${path}.current`, `A scheduled match has no running game`, {
          code: "scheduled-has-running-game",
        });
      }
      if (has("startedAt")) {
        add(`${path}.startedAt`, "A scheduled match has not started", { code: "scheduled-has-started" });
      }
      onlyWhenCompleted();
      break;
    case "in_progress":
      bothSides("A match in progress", "in-progress-needs-sides");
      if (gamesOk && decidedBy !== null) {
        add(`${path}.status`, `The games decide the match (${gamesText}): its status must be "completed"`, {
          code: "games-decide-status",
          params: { games: gamesText },
        });
      }
      onlyWhenCompleted();
      break;
    case "completed": {
      bothSides("A completed match", "completed-needs-sides");
      if (reason === undefined) {
        if (gamesOk && decidedBy === null) {
          add(
            `${path}.games`,
            `The games (${gamesText}) do not decide a best of ${ctx.bestOf}: a completed match needs the ` +
              `deciding game or a result reason`,
            {
              code: "games-do-not-decide",
              params: { games: gamesText, bestOf: ctx.bestOf ?? "?", wins: needed ?? "?" },
            },
          );
        }
        if (running) {
          add(`${path}.current`, "A match completed on games has no running game", {
            code: "completed-has-running-game",
          });
        }
        if (gamesOk && decidedBy !== null && winnerSide !== null && winnerSide !== decidedBy) {
          const gamesWinner = decidedBy === "home" ? home : away;
          const wonText = decidedBy === "home" ? gamesText : `${won.away}-${won.home}`;
          add(
            `${path}.winner`,
            `Entry "${winner}" contradicts the games: "${gamesWinner}" won them ${wonText}`,
            {
              code: "winner-contradicts-games",
              params: { entry: winner ?? "", gamesWinner: gamesWinner ?? "", games: wonText },
            },
          );
        }
        notRetired();
        break;
      }
      if (!has("winner")) {
        add(`${path}.winner`, `A match completed by "${reason}" needs a winner`, {
          code: "reason-needs-winner",
          params: { reason },
        });
      }
      if (reason === "walkover") {
        if (rawGames.length > 0) {
          add(`${path}.games`, "A walkover has no games: the match was not played", {
            code: "walkover-has-games",
          });
        }
        if (running) {
          add(`${path}.current`, "A walkover has no running game: the match was not played", {
            code: "walkover-has-running-game",
          });
        }
      } else if (gamesOk && decidedBy !== null) {
        add(
          `${path}.resultReason`,
          `The games already decide the match (${gamesText}): remove "${reason}" or the games after the decision`,
          { code: "games-decide-reason", params: { games: gamesText, reason } },
        );
      }
      if (reason === "retired") {
        const after = int(match.retirementAfterGame);
        if (after !== undefined && gamesOk && after !== rawGames.length) {
          add(
            `${path}.retirementAfterGame`,
            `Expected ${rawGames.length} (the number of finished games in "games"), got ${after}`,
            { code: "retirement-game-count", params: { expected: rawGames.length, given: after } },
          );
        }
      } else notRetired();
      break;
    }
  }
}

/** Checks a date-time field; returns its instant, or null when absent or invalid. */
export function checkTime(match: Obj, field: string, path: string, add: Add): number | null {
  const value = str(match[field]);
  if (value === undefined) return null;
  // A value that fails the schema's pattern has been reported; only a well-formed but unreal time is added.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = instantOf(value);
  if (ms === null) {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      add(`${path}.${field}`, `"${value}" is not a real date and time`, {
        code: "time-not-real",
        params: { value },
      });
    }
    return null;
  }
  if (!isInYears(new Date(ms).getUTCFullYear())) {
    add(`${path}.${field}`, `"${value}" is outside ${YEARS_TEXT} in UTC`, {
      code: "time-outside-years",
      params: { value, from: String(FIRST_YEAR).padStart(4, "0"), to: String(LAST_YEAR) },
    });
    return null;
  }
  return ms;
}
