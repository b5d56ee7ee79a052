/**
 * `deno task token`: makes, lists and revokes the tokens of the management API in the store DATABASE_URL names.
 *
 *   deno task token create --role scorer [--event SLUG] [--table N] [--label LABEL]
 *   deno task token create --role admin [--label LABEL]
 *   deno task token create --role relay --event SLUG [--label LABEL]   (on the public server: docs/relay.md)
 *   deno task token list
 *   deno task token revoke ID
 *
 * A new token's secret is printed once (stdout) and never stored; problems go to stderr (exit 1), usage errors
 * exit 2.
 * @module
 */
import { TokenBody } from "../api/manage/bodies.ts";
import { type CommandIo, STANDARD_IO } from "./command_io.ts";
import { refusalExit, storeCommand, UsageError } from "./store_command.ts";
import { denoEnv } from "./config.ts";
import { findManagedEvent } from "../db/read_manage.ts";
import type { Store } from "../db/store.ts";
import {
  createToken,
  listTokens,
  revokeToken,
  TokenError,
  type TokenRecord,
  type TokenRole,
} from "../db/tokens.ts";

/** Where the command writes: `out` for its answer (stdout), `err` for problems (stderr). */
export type TokenIo = CommandIo;

/** The usage text. */
export const TOKEN_USAGE = [
  "Usage: deno task token create --role admin|scorer|relay [--event SLUG] [--table N] [--label LABEL]",
  "       deno task token list",
  "       deno task token revoke ID",
  "The store comes from DATABASE_URL (default sqlite:./data/tournament.db).",
].join("\n");

export { UsageError };

/** What the command line asks for. */
export type TokenCommand =
  | { kind: "create"; role: TokenRole; event: string | null; table: number | null; label: string }
  | { kind: "list" }
  | { kind: "revoke"; id: string };

/**
 * Parses the arguments (flags as `--name value` or `--name=value`).
 * @example parseTokenArgs(["create", "--role", "scorer", "--table=3"]) // { kind: "create", role: "scorer", table: 3, ... }
 */
export function parseTokenArgs(args: readonly string[]): TokenCommand {
  const [command, ...rest] = args;
  if (command === "list") {
    if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}" after "list"`);
    return { kind: "list" };
  }
  if (command === "revoke") {
    if (rest.length !== 1 || rest[0]!.startsWith("--")) throw new UsageError(`"revoke" needs one token ID`);
    return { kind: "revoke", id: rest[0]! };
  }
  if (command !== "create") {
    throw new UsageError(
      command === undefined
        ? "Missing command"
        : `Unknown command "${command}": expected create, list or revoke`,
    );
  }
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) throw new UsageError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!["role", "event", "table", "label"].includes(name)) {
      throw new UsageError(`Unknown flag "--${name}": expected --role, --event, --table, --label`);
    }
    // The last of two would silently win: "--role scorer --role admin" must not quietly make an admin token.
    if (flags[name] !== undefined) throw new UsageError(`Option "--${name}" is given more than once`);
    const value = inline ?? rest[++i];
    if (value === undefined || value === "") throw new UsageError(`Flag "--${name}" needs a value`);
    flags[name] = value;
  }
  const role = flags["role"];
  if (role !== "admin" && role !== "scorer" && role !== "relay") {
    throw new UsageError(`Invalid "--role": expected "admin", "scorer" or "relay", got "${role ?? ""}"`);
  }
  let table: number | null = null;
  if (flags["table"] !== undefined) {
    // Digits only, then the API's own rule (1 to the import format's highest table number).
    const checked = /^\d{1,6}$/.test(flags["table"])
      ? TokenBody.shape.table.safeParse(Number(flags["table"]))
      : null;
    if (!checked?.success || checked.data === undefined) {
      const expected = checked?.error?.issues[0]?.message ?? "expected a table number";
      throw new UsageError(`Invalid "--table": ${expected}, got "${flags["table"]}"`);
    }
    table = checked.data;
  }
  const event = flags["event"] ?? null;
  if (role === "admin" && (event !== null || table !== null)) {
    throw new UsageError(`An admin token cannot be limited: "--event" and "--table" are for scorer tokens`);
  }
  if (role === "relay" && (event === null || table !== null)) {
    throw new UsageError(`A relay token pushes one event: give "--event SLUG" and no "--table"`);
  }
  const label = (flags["label"] === undefined ? undefined : tokenLabel(flags["label"])) ??
    (role === "admin"
      ? "admin"
      : role === "relay"
      ? `relay ${event}`
      : ["scorer", event, table === null ? null : `table ${table}`].filter(Boolean).join(" "));
  return { kind: "create", role, event, table, label };
}

/** A `--label` checked by the API's own rule (`TokenBody.shape.label`), so that the two cannot drift apart. */
function tokenLabel(value: string): string {
  const checked = TokenBody.shape.label.safeParse(value);
  if (checked.success) return checked.data;
  const reason = checked.error.issues[0]?.message ?? "expected a label";
  throw new UsageError(`Invalid "--label": ${reason}, got ${value.trim().length} characters`);
}

/** One line of `token list`. */
export function tokenLine(t: TokenRecord): string {
  const limits = [
    t.eventSlug ? `event ${t.eventSlug}` : null,
    t.tableNo === null ? null : `table ${t.tableNo}`,
  ]
    .filter(Boolean).join(", ");
  const state = t.revokedAt
    ? `revoked ${t.revokedAt}`
    : t.lastUsedAt
    ? `last used ${t.lastUsedAt}`
    : "never used";
  return `${t.id}  ${t.role.padEnd(6)}  ${JSON.stringify(t.label)}${limits ? ` (${limits})` : ""}  ${state}`;
}

/** Runs the command on an open store; returns the exit code. */
export async function runTokenCommand(
  store: Store,
  command: TokenCommand,
  io: TokenIo,
  now: Date,
): Promise<number> {
  if (command.kind === "list") {
    const tokens = await listTokens(store.db);
    if (tokens.length === 0) io.out("No token yet: the server makes an admin token on its first start");
    for (const t of tokens) io.out(tokenLine(t));
    return 0;
  }
  if (command.kind === "revoke") {
    if (!await revokeToken(store.db, command.id, now)) {
      io.err(`Cannot revoke token "${command.id}": no token has this ID (see "deno task token list")`);
      return 1;
    }
    io.out(`Revoked token ${command.id}`);
    return 0;
  }
  let eventId: string | null = null;
  // A relay token names its event by slug: the venue's first push makes the event here.
  if (command.event !== null && command.role !== "relay") {
    const event = await findManagedEvent(store.db, command.event);
    if (!event) {
      io.err(`Cannot create the token: no event has the slug "${command.event}"`);
      return 1;
    }
    eventId = event.id;
  }
  try {
    const { token, secret } = await createToken(store.db, {
      role: command.role,
      label: command.label,
      eventId,
      tableNo: command.table,
      relaySlug: command.role === "relay" ? command.event : null,
    }, now);
    io.out(tokenLine(token));
    io.out(`Secret (shown once, give it to its holder): ${secret}`);
    return 0;
  } catch (e) {
    return refusalExit(e, TokenError, io);
  }
}

/** The whole command: parses, opens the store DATABASE_URL names, runs, closes; returns the exit code. */
export const runToken = storeCommand({ parse: parseTokenArgs, usage: TOKEN_USAGE, run: runTokenCommand });

if (import.meta.main) Deno.exit(await runToken(Deno.args, denoEnv, STANDARD_IO));
