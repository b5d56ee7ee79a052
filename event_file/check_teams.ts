/**
 * The rules of a team category that its schema cannot say (docs/teams.md): a team format that can be played,
 * teams with a name, and each tie's line-ups (players of the team, every position the format uses) and
 * matches (orders of the format, each result checked as a match's, none after the tie was decided, and a tie
 * status and winner that agree with them). Other categories have no team format, team names or ties.
 * @module
 */
import {
  lineupFault,
  resolveFormat,
  type SideLineup,
  type TeamFormat,
  TeamFormatError,
  type TeamFormatFault,
} from "../domain/team_formats.ts";
import { type TieMatchResult, tieScore } from "../domain/tie_score.ts";
import type { Add, CategoryContext } from "./check_context.ts";
import { checkResult } from "./check_result.ts";
import type { ImportProblemCode } from "./problem_codes.ts";
import { arr, eachObject, int, type Obj, obj, str } from "./read_json.ts";

const SIDES = ["home", "away"] as const;

/** Checks the team parts of a category (or that a category of another kind has none). */
export function checkTeams(category: Obj, path: string, ctx: CategoryContext, add: Add): void {
  if (str(category.kind) !== "team") {
    checkNoTeamParts(category, path, add);
    return;
  }
  const format = teamFormatOf(category.teamFormat, `${path}.teamFormat`, add);
  const players = new Map<string, Set<string>>();
  eachObject(category.entries, (entry, i) => {
    if (str(entry.name) === undefined) {
      add(`${path}.entries[${i}].name`, "A team needs its name", { code: "team-needs-name" });
    }
    const id = str(entry.id);
    if (id !== undefined) players.set(id, new Set(arr(entry.players).flatMap((p) => str(p) ?? [])));
  });
  eachObject(category.matches, (match, i) => {
    const tie = obj(match.tie);
    if (!tie || !format) return;
    checkTie(match, tie, `${path}.matches[${i}]`, { format, players, ctx }, add);
  });
}

function checkNoTeamParts(category: Obj, path: string, add: Add): void {
  const kind = str(category.kind) ?? "?";
  if (category.teamFormat !== undefined && category.teamFormat !== null) {
    add(`${path}.teamFormat`, `Only a category of kind "team" has a team format, not "${kind}"`, {
      code: "team-format-needs-team-kind",
      params: { kind },
    });
  }
  if (category.tablesPerTie !== undefined && category.tablesPerTie !== null) {
    add(`${path}.tablesPerTie`, `Only a category of kind "team" has tables per tie, not "${kind}"`, {
      code: "tables-per-tie-needs-team-kind",
      params: { kind },
    });
  }
  eachObject(category.entries, (entry, i) => {
    for (const field of ["name", "association"]) {
      if (entry[field] !== undefined && entry[field] !== null) {
        add(
          `${path}.entries[${i}].${field}`,
          `Only a team (an entry of a category of kind "team") has a ${field}`,
          { code: "team-field-needs-team-kind", params: { field } },
        );
      }
    }
  });
  eachObject(category.matches, (match, i) => {
    if (match.tie !== undefined && match.tie !== null) {
      add(`${path}.matches[${i}].tie`, `Only a match of a category of kind "team" is a tie, not "${kind}"`, {
        code: "tie-needs-team-kind",
        params: { kind },
      });
    }
  });
}

function teamFormatOf(value: unknown, path: string, add: Add): TeamFormat | undefined {
  if (value === undefined || value === null) {
    add(
      path,
      'A category of kind "team" needs its team format: "wttc", "olympic", "swaythling", "corbillon" or a ' +
        "custom format",
      { code: "team-format-missing" },
    );
    return undefined;
  }
  const custom = obj(value);
  try {
    if (custom) {
      return resolveFormat("custom", {
        name: str(custom.name),
        matches: arr(custom.matches) as never,
        winsNeeded: int(custom.winsNeeded) ?? 0,
        playAll: custom.playAll === true,
      });
    }
    return resolveFormat(str(value) ?? "");
  } catch (e) {
    add(
      path,
      `Cannot play the team format: ${e instanceof Error ? e.message : String(e)}`,
      // resolveFormat throws only a TeamFormatError; anything else is a fault of this code, not of the file.
      e instanceof TeamFormatError
        ? faultWords(e.fault)
        : { code: "team-format-unknown", params: { format: "" } },
    );
    return undefined;
  }
}

interface TieContext {
  format: TeamFormat;
  /** Each team's player keys, by entry key. */
  players: Map<string, Set<string>>;
  ctx: CategoryContext;
}

function checkTie(match: Obj, tie: Obj, path: string, t: TieContext, add: Add): void {
  for (const field of ["games", "current"]) {
    if (match[field] !== undefined && match[field] !== null) {
      add(`${path}.${field}`, "A tie has no games of its own: its matches are in tie.matches", {
        code: "tie-has-no-games",
        params: { field },
      });
    }
  }
  const lineups: Partial<Record<"home" | "away", SideLineup>> = {};
  for (const side of SIDES) {
    const raw = obj(tie[side]);
    if (!raw) continue;
    const lineupPath = `${path}.tie.${side}`;
    const team = str(match[side]);
    const positions: Record<string, string> = {};
    for (const [position, player] of Object.entries(obj(raw.positions) ?? {})) {
      const key = str(player);
      if (key !== undefined) positions[position] = key;
    }
    const pairList = arr(raw.pair).flatMap((p) => str(p) ?? []);
    const lineup: SideLineup = {
      positions,
      pair: pairList.length === 2 ? [pairList[0]!, pairList[1]!] : null,
    };
    const problem = lineupFault(t.format, side, lineup);
    if (problem) add(lineupPath, sentence(problem.message), faultWords(problem.fault));
    const known = team === undefined ? undefined : t.players.get(team);
    if (known) {
      for (const [position, player] of Object.entries(positions)) {
        if (!known.has(player)) {
          add(`${lineupPath}.positions.${position}`, `Player "${player}" is not a player of team "${team}"`, {
            code: "player-not-in-team",
            params: { player, team: team ?? "" },
          });
        }
      }
      pairList.forEach((player, j) => {
        if (!known.has(player)) {
          add(`${lineupPath}.pair[${j}]`, `Player "${player}" is not a player of team "${team}"`, {
            code: "player-not-in-team",
            params: { player, team: team ?? "" },
          });
        }
      });
    }
    if (!problem) lineups[side] = lineup;
  }

  const results: TieMatchResult[] = [];
  const orders = new Set<number>();
  const count = t.format.matches.length;
  eachObject(tie.matches, (m, j) => {
    const matchPath = `${path}.tie.matches[${j}]`;
    const order = int(m.order);
    if (order === undefined) return;
    if (order > count) {
      add(`${matchPath}.order`, `The format has ${count} matches: no match ${order}`, {
        code: "tie-order-beyond-format",
        params: { count, order },
      });
      return;
    }
    if (orders.has(order)) {
      add(`${matchPath}.order`, `Match ${order} of the tie is given twice`, {
        code: "tie-order-again",
        params: { order },
      });
      return;
    }
    orders.add(order);
    const status = str(m.status) ?? "scheduled";
    if (status !== "scheduled" && (!lineups.home || !lineups.away)) {
      add(
        `${matchPath}.status`,
        `Match ${order} of the tie cannot have begun: both line-ups are needed first`,
        { code: "tie-match-before-lineups", params: { order } },
      );
    }
    // The sides of a tie's match are its line-ups'; its winner is a side.
    checkResult({ ...m, home: "home", away: "away" }, matchPath, t.ctx, "home", "away", add);
    const winner = str(m.winner);
    results.push({ order, status, winner: winner === "home" || winner === "away" ? winner : null });
  });

  const score = tieScore(t.format, results);
  eachObject(tie.matches, (m, j) => {
    const order = int(m.order);
    if (order !== undefined && score.notNeeded.includes(order) && str(m.status) !== "scheduled") {
      add(
        `${path}.tie.matches[${j}].status`,
        `Match ${order} is not needed: the tie was decided ${score.home}-${score.away} before it`,
        { code: "tie-match-not-needed", params: { order, score: `${score.home}-${score.away}` } },
      );
    }
  });
  // A tie decided by a result reason of its own (a team's walkover) is not checked against its matches.
  if (match.resultReason !== undefined && match.resultReason !== null) return;
  const status = str(match.status);
  const text = `${score.home}-${score.away}`;
  if (status !== undefined && status !== score.status) {
    add(`${path}.status`, `The tie's matches (${text}) make its status "${score.status}", not "${status}"`, {
      code: "tie-status-mismatch",
      params: { score: text, expected: score.status, status },
    });
  }
  const winnerKey = score.winner === null ? undefined : str(match[score.winner]);
  const winner = str(match.winner);
  if (score.status === "completed" && winner !== winnerKey) {
    add(
      `${path}.winner`,
      winnerKey === undefined
        ? `The tie's matches (${text}) give it no winner`
        : `The tie's matches (${text}) make "${winnerKey}" its winner`,
      winnerKey === undefined
        ? { code: "tie-no-winner", params: { score: text } }
        : { code: "tie-winner", params: { score: text, winner: winnerKey } },
    );
  }
}

/** The code of each fault of a team format or a line-up. */
const FAULT_CODES: Record<TeamFormatFault["code"], ImportProblemCode> = {
  "unknown-format": "team-format-unknown",
  "custom-needs-matches": "team-format-custom-needs-matches",
  "no-matches": "team-format-no-matches",
  "match-type": "team-format-match-type",
  "doubles-side": "team-format-doubles-side",
  "position-name": "team-format-position-name",
  "wins-needed": "team-format-wins-needed",
  "no-player": "lineup-no-player",
  "player-twice": "lineup-player-twice",
  "unknown-position": "lineup-unknown-position",
  "no-pair": "lineup-no-pair",
  "pair-twice": "lineup-pair-twice",
};

function faultWords(fault: TeamFormatFault) {
  return { code: FAULT_CODES[fault.code], params: fault.params };
}

/** A domain message as a sentence of the file's messages: capital first letter. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
