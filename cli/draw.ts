/**
 * `deno task draw`: makes, shows, locks and unlocks a category's draw in the store DATABASE_URL names, and places
 * group qualifiers again, through db/draw_writes.ts and db/manage_writes.ts (the same writes as the management
 * API, audited as "cli").
 *
 *   deno task draw generate --event SLUG --category CODE [--group-size N] [--qualifiers 1|2] [--seed S]
 *   deno task draw show --event SLUG --category CODE [--json]
 *   deno task draw lock --event SLUG --category CODE
 *   deno task draw unlock --event SLUG --category CODE
 *   deno task draw advance --event SLUG --category CODE [--group A] [--lots NAME,NAME,...]
 *
 * The answer goes to stdout; problems go to stderr (exit 1), usage errors exit 2.
 * @module
 */
import { type CommandIo, STANDARD_IO } from "./command_io.ts";
import { refusalExit, storeCommand, UsageError } from "./store_command.ts";
import { drawJson } from "../api/manage/draws.ts";
import { advanceGroups, generateDraw, type GenerateDrawOptions } from "../db/draw_writes.ts";
import { findCategoryByCode, listCategoryCodes, readDrawDetail } from "../db/read_draw_detail.ts";
import { setDrawLocked } from "../db/manage_writes.ts";
import type { Store } from "../db/store.ts";
import { WriteError } from "../db/write_errors.ts";
import type { DrawSide } from "../views/schemas.ts";
import { groupDisplayName } from "../views/serialize.ts";
import { denoEnv } from "./config.ts";
import { isDrawnGroupSize, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "../domain/group_size.ts";

/** Where the command writes: `out` for its answer (stdout), `err` for problems (stderr). */
export type DrawIo = CommandIo;

/** The usage text. */
export const DRAW_USAGE = [
  "Usage: deno task draw generate --event SLUG --category CODE [--group-size 3-6] [--qualifiers 1|2] [--seed S]",
  "       deno task draw show --event SLUG --category CODE [--json]",
  "       deno task draw lock|unlock --event SLUG --category CODE",
  "       deno task draw advance --event SLUG --category CODE [--group A] [--lots NAME,NAME,...]",
  "The store comes from DATABASE_URL (default sqlite:./data/tournament.db).",
].join("\n");

export { UsageError };

/** Which category a command is about. */
export interface CategoryRef {
  event: string;
  category: string;
}

/** What the command line asks for. */
export type DrawCommand =
  | (CategoryRef & { kind: "generate"; options: GenerateDrawOptions })
  | (CategoryRef & { kind: "show"; json: boolean })
  | (CategoryRef & { kind: "lock" | "unlock" })
  | (CategoryRef & { kind: "advance"; group?: string; lots?: string[] });

const FLAGS: Record<DrawCommand["kind"], readonly string[]> = {
  generate: ["event", "category", "group-size", "qualifiers", "seed"],
  show: ["event", "category", "json"],
  lock: ["event", "category"],
  unlock: ["event", "category"],
  advance: ["event", "category", "group", "lots"],
};

/** Flags that take no value. */
const SWITCHES = new Set(["json"]);

/**
 * Parses the arguments (flags as `--name value` or `--name=value`).
 * @example parseDrawArgs(["generate", "--event", "open", "--category", "MS", "--group-size=4"])
 * // { kind: "generate", event: "open", category: "MS", options: { groupSize: 4 } }
 */
export function parseDrawArgs(args: readonly string[]): DrawCommand {
  const [command, ...rest] = args;
  if (command === undefined) throw new UsageError("Missing command");
  if (!Object.hasOwn(FLAGS, command)) {
    throw new UsageError(`Unknown command "${command}": expected generate, show, lock, unlock or advance`);
  }
  const kind = command as DrawCommand["kind"];
  const allowed = FLAGS[kind];
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) throw new UsageError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!allowed.includes(name)) {
      throw new UsageError(
        `Unknown flag "--${name}" for "${kind}": expected ${allowed.map((f) => `--${f}`).join(", ")}`,
      );
    }
    // The last of two would silently win ("--category a --category b" would draw category b).
    if (flags[name] !== undefined) throw new UsageError(`Option "--${name}" is given more than once`);
    if (SWITCHES.has(name)) {
      if (inline !== undefined) throw new UsageError(`Flag "--${name}" takes no value`);
      flags[name] = "";
      continue;
    }
    const value = inline ?? rest[++i];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("--"))) {
      throw new UsageError(`Flag "--${name}" needs a value`);
    }
    flags[name] = value;
  }
  for (const name of ["event", "category"]) {
    if (flags[name] === undefined) throw new UsageError(`Missing "--${name}": every draw command names one`);
  }
  const ref = { event: flags["event"]!, category: flags["category"]! };
  switch (kind) {
    case "generate": {
      const options: GenerateDrawOptions = {};
      const size = flags["group-size"];
      if (size !== undefined) {
        if (!/^[0-9]{1,2}$/.test(size) || !isDrawnGroupSize(Number(size))) {
          throw new UsageError(
            `Invalid "--group-size": expected ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}, got "${size}"`,
          );
        }
        options.groupSize = Number(size);
      }
      const qualifiers = flags["qualifiers"];
      if (qualifiers !== undefined) {
        if (!/^[12]$/.test(qualifiers)) {
          throw new UsageError(`Invalid "--qualifiers": expected 1 or 2, got "${qualifiers}"`);
        }
        options.qualifiersPerGroup = Number(qualifiers);
      }
      const seed = flags["seed"];
      if (seed !== undefined) {
        if (seed.trim() === "" || seed.length > 200) {
          throw new UsageError(`Invalid "--seed": expected 1 to 200 characters, got "${seed.slice(0, 40)}"`);
        }
        options.lotSeed = seed;
      }
      return { kind, ...ref, options };
    }
    case "show":
      return { kind, ...ref, json: flags["json"] !== undefined };
    case "advance": {
      const lots = flags["lots"]?.split(",").map((s) => s.trim());
      if (lots && lots.some((s) => s === "")) {
        throw new UsageError(
          `Invalid "--lots": expected players' names (or entry ids) separated by commas, got "${
            flags["lots"]
          }"`,
        );
      }
      if (lots && flags["group"] === undefined) {
        throw new UsageError(`Invalid "--lots": name the "--group" the lot order is for`);
      }
      return {
        kind,
        ...ref,
        ...(flags["group"] === undefined ? {} : { group: flags["group"] }),
        ...(lots ? { lots } : {}),
      };
    }
    default:
      return { kind, ...ref };
  }
}

/** The flag of the CLI for a field of the write's messages (`Invalid "groupSize"` -> `Invalid "--group-size"`). */
const FLAG_OF: Record<string, string> = {
  lotSeed: "--seed",
  groupSize: "--group-size",
  qualifiersPerGroup: "--qualifiers",
  group: "--group",
  lots: "--lots",
};

function cliMessage(message: string): string {
  return message.replace(/^Invalid "([a-zA-Z]+)(\[\d+\])?"/, (all, field: string) => {
    const flag = FLAG_OF[field];
    return flag ? `Invalid "${flag}"` : all;
  });
}

type DrawJson = ReturnType<typeof drawJson>;

const FORMATS: Record<string, string> = {
  knockout: "knockout",
  groups: "round-robin groups",
  groups_knockout: "groups feeding a knockout",
};

/** A side: the entry with its seed and, for a group qualifier, its place ("Ana Lopez [1] (1st Group A)"). */
function sideText(side: DrawSide, slot?: DrawSide): string {
  if (side.kind !== "entry" || side.entry === null) return side.label;
  const seed = side.entry.seed === null ? "" : ` [${side.entry.seed}]`;
  // A first-round match row names the entry only; its slot still knows the group place it came from.
  const qualifier = side.qualifier ?? (slot?.entry?.id === side.entry.id ? slot.qualifier : null);
  const q = qualifier
    ? ` (${qualifier.place === 1 ? "1st" : "2nd"} ${groupDisplayName(qualifier.groupName)})`
    : "";
  return `${side.entry.name}${seed}${q}`;
}

/** A match's result: the winner and the games, or how it was decided without them; "(in play)" meanwhile. */
function resultText(
  m: { winnerId: string | null; homeId: string; homeName: string; awayName: string; status: string },
  games: { home: number; away: number },
  reason: string | null,
): string {
  if (m.winnerId === null) return m.status === "in_progress" ? " (in play)" : "";
  const winner = m.winnerId === m.homeId ? m.homeName : m.awayName;
  const score = `${games.home}-${games.away}`;
  return ` -> ${winner} (${
    reason === "walkover" ? "walkover" : reason === null ? score : `${score}, ${reason}`
  })`;
}

/**
 * The draw as readable text: the category, its groups (members in seeding order, matches by round) and the
 * bracket round by round, each position "home  v  away" with the result once there is one.
 */
export function renderDraw(d: DrawJson): string[] {
  const lines: string[] = [];
  lines.push(`${d.name} (${d.code}), event ${d.eventSlug}`);
  const groups = d.groupSize === null ? "" : `, groups of ${d.groupSize}`;
  const q = d.qualifiersPerGroup === null || d.format !== "groups_knockout"
    ? ""
    : `, ${d.qualifiersPerGroup} from each group`;
  lines.push(`${FORMATS[d.format] ?? d.format}, best of ${d.bestOf}${groups}${q}`);
  lines.push(`Draw: ${d.drawState}${d.lotSeed === null ? "" : `, lot seed "${d.lotSeed}"`}`);
  if (d.unassigned.length) {
    lines.push(
      `Positions assigned to nothing (a lock is refused): ${d.unassigned.map((p) => p + 1).join(", ")}`,
    );
  }
  for (const g of d.groups) {
    lines.push("", g.label);
    for (const [i, m] of g.members.entries()) {
      lines.push(`  ${i + 1}. ${m.entry.name}${m.entry.seed === null ? "" : ` [${m.entry.seed}]`}`);
    }
    const rounds = new Map<number, string[]>();
    for (const m of g.matches) {
      if (!m) continue;
      const result = resultText(m, m.gamesWon, m.resultReasonCode);
      rounds.set(m.roundNo, [...rounds.get(m.roundNo) ?? [], `${m.homeName} v ${m.awayName}${result}`]);
    }
    for (const [round, matches] of rounds) lines.push(`  Round ${round}: ${matches.join("; ")}`);
    const standing = d.standings.find((s) => s.groupId === g.id);
    if (standing?.complete) {
      lines.push(
        `  Final standings: ${
          standing.rows.map((r) => `${r.position}. ${r.entry.name}${r.tied ? " (tied)" : ""}`).join(", ")
        }`,
      );
    }
  }
  if (d.bracket) {
    lines.push("", `Knockout, ${d.bracket.size} slots`);
    for (const round of d.bracket.rounds) {
      lines.push(round.label);
      const width = String(round.matches.length).length;
      for (const pos of round.matches) {
        const m = pos.match;
        const result = m === null ? "" : resultText(m, m.gamesWon, m.resultReasonCode);
        const slot = (k: number) =>
          round.roundNo === 1 ? d.bracket?.slots[2 * pos.bracketPos + k] : undefined;
        const home = sideText(pos.home, slot(0));
        const away = sideText(pos.away, slot(1));
        lines.push(`  ${String(pos.bracketPos + 1).padStart(width)}. ${home}  v  ${away}${result}`);
      }
    }
  }
  return lines;
}

/** Runs the command on an open store; returns the exit code. */
export async function runDrawCommand(
  store: Store,
  command: DrawCommand,
  io: DrawIo,
  now: Date,
): Promise<number> {
  const id = await findCategoryByCode(store.db, command.event, command.category);
  if (id === null) {
    const codes = await listCategoryCodes(store.db, command.event);
    io.err(
      codes === null
        ? `Cannot find the draw: no event has the slug "${command.event}" ("--event")`
        : `Cannot find the draw: event "${command.event}" has no category "${command.category}" ("--category"; ` +
          `its categories: ${codes.join(", ") || "none"})`,
    );
    return 1;
  }
  const ctx = { actor: "cli", now };
  try {
    switch (command.kind) {
      case "generate": {
        const made = await generateDraw(store, id, command.options, ctx);
        io.out(
          `Drew "${command.category}" (${made.format}): ${
            made.size === null ? "" : `${made.size} slots, `
          }${made.groupCount} groups, ${made.matchCount} matches${
            made.groupsKept ? " (groups in play kept, knockout drawn again)" : ""
          }; lot seed "${made.lotSeed}"; the draw is a draft until "deno task draw lock"`,
        );
        break;
      }
      case "show": {
        const detail = await readDrawDetail(store.db, id);
        const json = drawJson(detail!);
        if (command.json) io.out(JSON.stringify(json, null, 2));
        else for (const line of renderDraw(json)) io.out(line);
        break;
      }
      case "lock":
      case "unlock": {
        const change = await setDrawLocked(store, id, command.kind === "lock", ctx);
        io.out(
          change.changed
            ? `The draw of "${command.category}" is now ${change.status}`
            : `The draw of "${command.category}" was already ${change.status}: nothing changed`,
        );
        break;
      }
      case "advance": {
        const result = await advanceGroups(store, id, { group: command.group, lots: command.lots }, ctx);
        for (const p of result.placements) {
          io.out(`Group ${p.groupName} place ${p.place}: ${p.entryId ?? p.state}`);
        }
        io.out(result.changed ? "The knockout was updated" : "Nothing changed");
        break;
      }
    }
    return 0;
  } catch (e) {
    return refusalExit(e, WriteError, io, cliMessage);
  }
}

/** The whole command: parses, opens the store DATABASE_URL names, runs, closes; returns the exit code. */
export const runDraw = storeCommand({ parse: parseDrawArgs, usage: DRAW_USAGE, run: runDrawCommand });

if (import.meta.main) Deno.exit(await runDraw(Deno.args, denoEnv, STANDARD_IO));
