/**
 * Rows for the management tests: an event with one knockout category of `size` players (every round's
 * matches, first-round sides known, tables 1, 2, ...), built with the shared factories of
 * tests/support/fixtures.ts, and helpers to make tokens and an app around a store.
 */
import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { AppDeps } from "../../http/deps.ts";
import { clientAddressVar } from "../../http/client_address.ts";
import { manageApi, type ManageOptions } from "../../api/manage/mod.ts";
import { silentLogger } from "../../lib/log.ts";
import type { Database, DrawState, EventStatus } from "../../db/schema.ts";
import { makeCategory, makeEntry, makeEvent, makeMatch, makePlayer } from "../support/fixtures.ts";
import type { Store } from "../../db/store.ts";
import { createToken, type TokenRole } from "../../db/tokens.ts";

/** The fixed time of the tests. */
export const T0 = new Date("2026-11-28T10:00:00.000Z");

/** What `seedKnockout` made. */
export interface SeededEvent {
  eventId: string;
  slug: string;
  categoryId: string;
  entryIds: string[];
  /** Match ids by round (index 0 = first round), each round by bracket position. */
  rounds: string[][];
}

/** Options of `seedKnockout`. */
export interface SeedOptions {
  slug?: string;
  status?: EventStatus;
  size?: number;
  bestOf?: number;
  drawState?: DrawState;
  doubles?: boolean;
}

/** An event with one knockout category of `size` (a power of two) entries; first-round matches get tables. */
export async function seedKnockout(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeededEvent> {
  const slug = options.slug ?? "test-open";
  const size = options.size ?? 4;
  const bestOf = options.bestOf ?? 3;
  const at = T0.toISOString();
  const stamps = { created_at: at };
  const event = await makeEvent(db, {
    slug,
    name: `Event ${slug}`,
    status: options.status ?? "published",
    ...stamps,
    updated_at: at,
  });
  const sub = await makeCategory(db, {
    event_id: event.id,
    code: "MS",
    name: "Men's singles",
    kind: options.doubles ? "doubles" : "singles",
    best_of: bestOf,
    position: 0,
    draw_state: options.drawState ?? "locked",
    draw_size: size,
  });
  const entryIds: string[] = [];
  for (let i = 0; i < size; i++) {
    const player = (name: string) =>
      makePlayer(db, {
        display_name: name,
        association: null,
        prior_rating: 1500 + 50 * (size - i),
        prior_deviation: 100,
        prior_match_count: 20,
        listed: 0,
        ...stamps,
      });
    const p1 = await player(`Player ${slug} ${i + 1}`);
    const p2 = options.doubles ? await player(`Partner ${slug} ${i + 1}`) : null;
    const entry = await makeEntry(db, {
      subevent_id: sub.id,
      player1_id: p1.id,
      player2_id: p2?.id ?? null,
      seed: i + 1,
    });
    entryIds.push(entry.id);
  }
  const rounds: string[][] = [];
  let count = size / 2;
  for (let round = 1; count >= 1; round++, count /= 2) {
    const ids: string[] = [];
    for (let pos = 0; pos < count; pos++) {
      const first = round === 1;
      const match = await makeMatch(db, {
        event_id: event.id,
        subevent_id: sub.id,
        round_no: round,
        bracket_pos: pos,
        label: count === 1 ? "Final" : `Round ${round} match ${pos + 1}`,
        home_entry_id: first ? entryIds[2 * pos]! : null,
        away_entry_id: first ? entryIds[2 * pos + 1]! : null,
        table_no: first ? pos + 1 : null,
        best_of: bestOf,
        ...stamps,
        updated_at: at,
      });
      ids.push(match.id);
    }
    rounds.push(ids);
  }
  return { eventId: event.id, slug, categoryId: sub.id, entryIds, rounds };
}

/** Makes a token and returns its secret. */
export async function makeToken(
  db: Kysely<Database>,
  role: TokenRole,
  limits: { eventId?: string; tableNo?: number; label?: string } = {},
): Promise<string> {
  const { secret } = await createToken(db, {
    role,
    label: limits.label ?? `${role} token`,
    eventId: limits.eventId ?? null,
    tableNo: limits.tableNo ?? null,
  }, T0);
  return secret;
}

/** A clock that tests move by hand. */
export function manualClock(start = T0) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

/** The management API alone, mounted at /api/manage as in main.ts, on the given store. */
export function manageApp(store: Store, clock: () => Date = () => T0, options: ManageOptions = {}): Hono {
  const deps: AppDeps = { store, log: silentLogger, clock };
  const app = new Hono();
  // As main.ts's createApp: the client's address first, for the limit on failed logins.
  app.use("*", clientAddressVar(0));
  app.route("/api/manage", manageApi(deps, options));
  return app;
}

/** Request options for a JSON call with a bearer token. */
export function call(
  token: string | null,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  const h: Record<string, string> = { ...headers };
  if (token !== null) h["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) h["Content-Type"] = "application/json";
  return { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) };
}

/** A knockout of four (seedKnockout) and the desk's admin token, as a browser suite seeds it. */
export async function seedDeskKnockout(db: Kysely<Database>, slug: string) {
  const ev = await seedKnockout(db, { slug, bestOf: 3, size: 4 });
  const secret = await makeToken(db, "admin", { label: "Desk" });
  return { ev, secret };
}

/** Writes to a match over HTTP as the desk does (`/api/manage/matches/{id}/{action}`); fails on any status but 200. */
export function matchWriter(origin: string, secret: string) {
  return async (id: string, action: string, body: Record<string, unknown> = {}): Promise<void> => {
    const res = await fetch(
      `${origin}/api/manage/matches/${id}/${action}`,
      call(secret, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
    );
    if (res.status !== 200) throw new Error(`${action} answered ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
  };
}
