/**
 * Every `invalid-body` the management API answers says why as a code (`reason`, db/body_reasons.ts) and the values
 * its sentence names (`params`), so that a page can word it in its own language: the store's refusals provoked
 * through the API on the demo, a few of zod's, and a scan that no refusal is made without a reason.
 */
import assert from "node:assert/strict";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { BODY_REASONS } from "../../db/body_reasons.ts";
import { MAX_GROUP_SIZE } from "../../domain/group_size.ts";
import type { Store } from "../../db/store.ts";
import { importEvent } from "../../event_file/import.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { storeTest } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";
import { call, manageApp } from "./manage_fixtures.ts";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";

const REASONS: ReadonlySet<string> = new Set(BODY_REASONS);

/** Asserts an invalid-body problem with `reason`, on itself and on each of its `errors`; answers its params. */
async function refusedFor(res: Response, reason: string, status = 400): Promise<Record<string, unknown>> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  const problem = JSON.parse(text);
  assert.equal(problem.code, "invalid-body", text);
  assert.equal(problem.reason, reason, text);
  assert.equal(typeof problem.params, "object", text);
  assert.equal(typeof problem.detail, "string");
  for (const e of problem.errors ?? []) {
    assert.ok(REASONS.has(e.reason), JSON.stringify(e));
    assert.equal(typeof e.params, "object");
  }
  return problem.params;
}

/** The demo's categories by code, one of its players' ids, and the team demo's first group tie. */
async function seedDemo(store: Store) {
  const admin = await demoWithAdmin(store, "Desk");
  await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
  const categories = await store.db.selectFrom("subevents").innerJoin(
    "events",
    "events.id",
    "subevents.event_id",
  )
    .select(["subevents.id", "subevents.code", "subevents.kind", "subevents.format", "events.slug"])
    .execute();
  const of = (slug: string, pick: (c: (typeof categories)[number]) => boolean) => {
    const found = categories.find((c) => c.slug === slug && pick(c));
    assert.ok(found, `a category of ${slug}`);
    return found.id;
  };
  const player = await store.db.selectFrom("players").select("id").orderBy("display_name")
    .executeTakeFirstOrThrow();
  const tie = await store.db.selectFrom("matches").innerJoin(
    "subevents",
    "subevents.id",
    "matches.subevent_id",
  )
    .innerJoin("events", "events.id", "subevents.event_id").select("matches.id")
    .where("events.slug", "=", DEMO_TEAMS_SLUG).where("subevents.kind", "=", "team")
    .where("matches.home_entry_id", "is not", null).where("matches.status", "=", "scheduled")
    .executeTakeFirstOrThrow();
  return {
    admin,
    groups: of(DEMO_SLUG, (c) => c.format === "groups_knockout"),
    knockout: of(DEMO_SLUG, (c) => c.format === "knockout" && c.kind === "singles"),
    doubles: of(DEMO_SLUG, (c) => c.kind === "doubles"),
    player: player.id,
    tie: tie.id,
  };
}

storeTest(
  "[api] every invalid-body the management API answers carries a reason and its params",
  async (store) => {
    const d = await seedDemo(store);
    const app = manageApp(store, testNow);
    const send = (path: string, method: string, body?: unknown) =>
      app.request(`/api/manage${path}`, call(d.admin, method, body));
    const raw = (path: string, body: string) =>
      app.request(`/api/manage${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${d.admin}`, "Content-Type": "application/json" },
        body,
      });
    const draw = `/subevents/${d.groups}/draw`;

    // zod's: the body as a whole, an unknown field, a bound, a kind, an option.
    assert.deepEqual(await refusedFor(await raw(draw, "{"), "not-json"), {});
    assert.deepEqual(await refusedFor(await raw(draw, "5"), "not-object"), {});
    assert.deepEqual(await refusedFor(await send(draw, "POST", { grupSize: 4 }), "unknown-field"), {
      field: "grupSize",
    });
    assert.deepEqual(await refusedFor(await send(draw, "POST", { groupSize: 99 }), "too-big"), {
      field: "groupSize",
      maximum: MAX_GROUP_SIZE,
    });
    assert.deepEqual(await refusedFor(await send(draw, "POST", { groupSize: "four" }), "expected-type"), {
      field: "groupSize",
      expected: "number",
    });
    assert.deepEqual(await refusedFor(await send(draw, "POST", { qualifiersPerGroup: 3 }), "not-an-option"), {
      field: "qualifiersPerGroup",
      options: [1, 2],
    });
    assert.deepEqual(
      await refusedFor(
        await send(`/events/${DEMO_SLUG}/check-in/withdraw-no-shows`, "POST", {}),
        "missing-field",
      ),
      { field: "confirm" },
    );

    // The store's: entries, draws, lots, ties, check-in, sessions.
    const entries = (id: string) => `/subevents/${id}/entries`;
    assert.deepEqual(
      await refusedFor(
        await send(entries(d.doubles), "POST", { players: [{ playerId: d.player }, { playerId: d.player }] }),
        "same-player-twice",
      ),
      { field: "players" },
    );
    const count = await refusedFor(
      await send(entries(d.knockout), "POST", {
        players: [{ name: "Ann Example" }, { name: "Bea Example" }],
      }),
      "player-count",
    );
    assert.deepEqual({ ...count, category: "" }, { field: "players", category: "", expected: 1, count: 2 });
    const advance = `/subevents/${d.groups}/draw/advance`;
    const groups = await refusedFor(await send(advance, "POST", { group: "Z" }), "unknown-group");
    assert.equal(groups.field, "group");
    assert.equal(groups.group, "Z");
    assert.ok(Array.isArray(groups.groups) && groups.groups.length > 0);
    assert.deepEqual(await refusedFor(await send(advance, "POST", { lots: ["x"] }), "group-needed"), {
      field: "lots",
    });
    const group = (groups.groups as string[])[0]!;
    const member = await refusedFor(
      await send(advance, "POST", { group, lots: ["Nobody Here"] }),
      "not-in-group",
    );
    assert.equal(member.field, "lots[0]");
    assert.equal(member.value, "Nobody Here");
    const names = member.names as string[];
    assert.ok(names.length > 1);
    const twice = await refusedFor(
      await send(advance, "POST", { group, lots: [names[0], names[0]] }),
      "listed-twice",
    );
    assert.deepEqual(twice, { field: "lots[1]", value: names[0] });
    const tables = await refusedFor(
      await send(`/subevents/${d.knockout}/tables-per-tie`, "PUT", { tablesPerTie: 2 }),
      "not-team-category",
    );
    assert.equal(typeof tables.category, "string");
    const lineup = await refusedFor(
      await send(`/ties/${d.tie}/lineups`, "PUT", { home: { positions: {} } }),
      "missing-field",
    );
    assert.match(String(lineup.field), /^home\.positions\./);
    assert.deepEqual(
      await refusedFor(
        await send(`/events/${DEMO_SLUG}/check-in/withdraw-no-shows`, "POST", { confirm: true }),
        "nobody-checked-in",
      ),
      {},
    );
    const session = (id: string, start: string, end: string, tables: number[]) => ({
      id,
      start: `2026-11-28T${start}:00Z`,
      end: `2026-11-28T${end}:00Z`,
      tables,
    });
    assert.deepEqual(
      await refusedFor(
        await send(`/events/${DEMO_SLUG}/sessions`, "PUT", {
          sessions: [session("am", "09:00", "13:00", [1, 2]), session("side", "10:00", "12:00", [2])],
        }),
        "sessions-overlap",
      ),
      { field: "sessions[1].tables", session: "side", other: "am", table: 2 },
    );
    assert.deepEqual(
      await refusedFor(
        await send(`/events/${DEMO_SLUG}/sessions`, "PUT", {
          sessions: [session("am", "09:00", "13:00", [1, 2])],
          categories: { [d.knockout]: ["pm"] },
        }),
        "unknown-session",
      ),
      {
        field: `categories.${d.knockout}[0]`,
        value: "pm",
        sessions: ["am"],
        category: await categoryName(store, d.knockout),
      },
    );
    assert.deepEqual(
      await refusedFor(
        await send(`/events/${DEMO_SLUG}/sessions`, "PUT", {
          sessions: [session("am", "13:00", "09:00", [1])],
        }),
        "ends-before-start",
      ),
      { field: "sessions.0.end" },
    );

    // The routes' own: tokens, the stream's slate, the relay.
    assert.deepEqual(
      await refusedFor(
        await send("/tokens", "POST", { role: "scorer", label: "T", event: "no-such-cup" }),
        "unknown-event",
      ),
      { field: "event", value: "no-such-cup" },
    );
    assert.deepEqual(
      await refusedFor(
        await send("/tokens", "POST", { role: "admin", label: "T", table: 3 }),
        "token-refused",
      ),
      {},
    );
    const slate = await refusedFor(
      await send(`/events/${DEMO_SLUG}/stream/slate/nap`, "POST"),
      "not-an-option",
    );
    assert.equal(slate.field, "kind");
    assert.deepEqual(await refusedFor(await send("/relay/takeover", "POST"), "no-relay", 409), {});
  },
);

storeTest(
  "[api] the request guards' invalid bodies carry a reason: a hidden character, a NUL, too deep",
  async (store) => {
    const admin = await demoWithAdmin(store, "Desk");
    const app = createApp({ store, log: silentLogger, clock: testNow });
    const put = (body: string) =>
      app.request(`/api/manage/events/${DEMO_SLUG}/announcement`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body,
      });
    assert.deepEqual(await refusedFor(await put('{"text":"Table 3 \u202eis free"}'), "hidden-character"), {
      field: "text",
      character: "U+202E",
    });
    assert.deepEqual(await refusedFor(await put('{"text":"a\\u0000b"}'), "hidden-character"), {
      field: "text",
      character: "U+0000",
    });
    const deep = await refusedFor(await put(`{"text":${"[".repeat(40)}${"]".repeat(40)}}`), "too-deep");
    assert.equal(typeof deep.depth, "number");
    assert.equal(typeof deep.maximum, "number");
  },
);

async function categoryName(store: Store, id: string): Promise<string> {
  return (await store.db.selectFrom("subevents").select("name").where("id", "=", id)
    .executeTakeFirstOrThrow()).name;
}

/** The TypeScript files under `dir`, with their text. */
async function* sources(dir: string): AsyncGenerator<[string, string]> {
  for await (const entry of Deno.readDir(new URL(`../../${dir}/`, import.meta.url))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sources(path);
    else if (entry.name.endsWith(".ts")) {
      yield [path, await Deno.readTextFile(new URL(`../../${path}`, import.meta.url))];
    }
  }
}

Deno.test("no invalid-body is made without a reason: the store's, the routes' and the guards'", async () => {
  const made: string[] = [];
  for (const dir of ["db", "api", "http"]) {
    for await (const [path, text] of sources(dir)) {
      // A WriteError or HttpError made with the code itself, not through invalidBody()/invalidBodyError().
      for (const m of text.matchAll(/new (WriteError|HttpError)\(\s*(?:\d+,\s*)?"invalid-body"/g)) {
        made.push(`${path}: ${m[0]}`);
      }
      // A guard's refusal: each names its reason.
      for (const call of text.split("guardResponse(").slice(1)) {
        const args = call.slice(0, call.indexOf(");"));
        if (args.includes('"invalid-body"') && !args.includes("refusal(")) made.push(`${path}: guard`);
      }
    }
  }
  // db/write_errors.ts `invalidBody` is the one that makes them; api/manage/matches.ts `prefixed` renames the
  // field of a refusal already made, keeping its reason.
  assert.deepEqual(made.sort(), [
    'api/manage/matches.ts: new HttpError(400, "invalid-body"',
    'db/write_errors.ts: new WriteError("invalid-body"',
  ]);
});
