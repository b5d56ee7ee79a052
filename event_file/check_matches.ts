/**
 * The rules of a category's matches that its schema cannot say: ids once, known entries of the right group,
 * one match per round and position, a knockout place that exists and agrees with the draw; then each result
 * (event_file/check_result.ts).
 * @module
 */
import { type Add, type CategoryContext, givenOnce } from "./check_context.ts";
import { checkResult } from "./check_result.ts";
import { plural } from "./messages.ts";
import { eachObject, int, type Obj, obj, str } from "./read_json.ts";

/** Checks the matches of a category. */
export function checkMatches(matches: unknown[], path: string, ctx: CategoryContext, add: Add): void {
  const ids = new Map<string, number>();
  const places = new Map<string, string>();
  const playsInRound = new Map<string, string>();
  const groupOrder = new Map<string, number>();
  eachObject(matches, (match, i) => {
    const matchPath = `${path}[${i}]`;
    const id = str(match.id);
    if (id !== undefined) {
      givenOnce(ids, id, i, (first) => {
        add(
          `${matchPath}.id`,
          `Duplicate match id "${id}" in category "${ctx.key}": also matches[${first}]`,
          {
            code: "match-id-again",
            params: { id, category: ctx.key, first },
          },
        );
      });
    }
    const label = id !== undefined ? `"${id}" (matches[${i}])` : `matches[${i}]`;
    const stage = str(match.stage);
    const home = str(match.home);
    const away = str(match.away);
    for (const [field, value] of [["home", home], ["away", away]] as const) {
      if (value !== undefined && !ctx.entries.has(value)) {
        add(`${matchPath}.${field}`, `Unknown entry "${value}": not an entry of category "${ctx.key}"`, {
          code: "entry-unknown-in-category",
          params: { entry: value, category: ctx.key },
        });
      }
    }
    if (home !== undefined && home === away) {
      add(`${matchPath}.away`, `Entry "${home}" cannot play itself`, {
        code: "match-plays-itself",
        params: { entry: home },
      });
    }

    let placeKey: string | undefined;
    if (stage === "group") {
      if (ctx.format === "knockout") {
        add(`${matchPath}.stage`, `A category of format "knockout" has no group matches`, {
          code: "match-knockout-no-group-stage",
        });
      }
      const group = str(match.group);
      const info = group === undefined ? undefined : ctx.groups.get(group);
      if (group === undefined) {
        if (match.group === undefined || match.group === null) {
          add(`${matchPath}.group`, "A group match needs its group", { code: "match-group-needs-group" });
        }
      } else if (!info) {
        add(`${matchPath}.group`, `Unknown group "${group}": not a group of category "${ctx.key}"`, {
          code: "group-unknown-in-category",
          params: { group, category: ctx.key },
        });
      }
      for (const [field, value] of [["home", home], ["away", away]] as const) {
        if (value === undefined) {
          if (match[field] === undefined || match[field] === null) {
            add(`${matchPath}.${field}`, "A group match needs both sides", {
              code: "match-group-needs-sides",
            });
          }
        } else if (info && ctx.entries.has(value) && !info.members.has(value)) {
          add(`${matchPath}.${field}`, `Entry "${value}" is not a member of group "${group}"`, {
            code: "entry-not-in-group",
            params: { entry: value, group: group ?? "" },
          });
        }
      }
      if (group !== undefined) {
        const order = groupOrder.get(group) ?? 0;
        groupOrder.set(group, order + 1);
        const round = int(match.round) ?? 1;
        const position = int(match.position) ?? order;
        placeKey = `group\u0000${group}\u0000${round}\u0000${position}`;
      }
    } else if (stage === "knockout") {
      if (ctx.format === "groups") {
        add(`${matchPath}.stage`, `A category of format "groups" has no knockout matches`, {
          code: "match-groups-no-knockout-stage",
        });
      }
      if (match.group !== undefined && match.group !== null) {
        add(`${matchPath}.group`, "A knockout match has no group", { code: "match-knockout-has-group" });
      }
      const round = int(match.round);
      const position = int(match.position);
      if (round !== undefined && position !== undefined) {
        placeKey = `knockout\u0000${round}\u0000${position}`;
        checkKnockoutPlace(match, matchPath, round, position, home, away, ctx, add);
        for (const [field, value] of [["home", home], ["away", away]] as const) {
          if (value === undefined || !ctx.entries.has(value)) continue;
          const roundKey = `${round}\u0000${value}`;
          const other = playsInRound.get(roundKey);
          if (other !== undefined) {
            add(`${matchPath}.${field}`, `Entry "${value}" already plays ${other} in round ${round}`, {
              code: "match-plays-twice-in-round",
              params: { entry: value, match: other, round },
            });
          } else playsInRound.set(roundKey, label);
        }
      }
    }
    if (placeKey !== undefined) {
      const other = places.get(placeKey);
      if (other !== undefined) {
        add(`${matchPath}.position`, `Match ${other} already has this round and position`, {
          code: "match-place-taken",
          params: { match: other },
        });
      } else places.set(placeKey, label);
    }
    // A tie's result is its matches' (event_file/check_teams.ts).
    if (obj(match.tie) === undefined) checkResult(match, matchPath, ctx, home, away, add);
  });
}

/** Checks that a knockout match's round and position exist in the draw, and its first-round sides. */
function checkKnockoutPlace(
  match: Obj,
  path: string,
  round: number,
  position: number,
  home: string | undefined,
  away: string | undefined,
  ctx: CategoryContext,
  add: Add,
): void {
  const size = ctx.drawSize;
  if (size === undefined) return;
  const rounds = Math.log2(size);
  if (round > rounds) {
    add(`${path}.round`, `Round ${round} does not exist in a draw of ${size} (${plural(rounds, "round")})`, {
      code: "match-round-beyond-draw",
      params: { round, size, rounds },
    });
    return;
  }
  const inRound = size / 2 ** round;
  if (position >= inRound) {
    add(
      `${path}.position`,
      `Position ${position} does not exist in round ${round} of a draw of ${size} (0 to ${inRound - 1})`,
      { code: "match-position-beyond-round", params: { position, round, size, last: inRound - 1 } },
    );
    return;
  }
  if (round !== 1) return;
  // A first-round match is played by the entries the draw (or a group, for a qualifier's slot) placed in its slots.
  for (
    const [field, value, slot] of [["home", home, 2 * position], ["away", away, 2 * position + 1]] as const
  ) {
    const drawn = str(ctx.slots[slot]) ?? str(obj(ctx.slots[slot])?.entry);
    if (value === undefined || drawn === undefined || drawn === "bye" || !ctx.entries.has(drawn)) continue;
    if (value !== drawn && match[field] !== undefined) {
      add(`${path}.${field}`, `Entry "${value}" differs from the draw: slots[${slot}] holds "${drawn}"`, {
        code: "match-differs-from-draw",
        params: { entry: value, slot, drawn },
      });
    }
  }
}
