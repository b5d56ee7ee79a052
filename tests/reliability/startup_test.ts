/**
 * Start-up on PostgreSQL, as a platform runs it (settings from the environment only, several instances on one
 * database): without `DEMO` an empty store stays empty and no secret reaches the log, the first admin token
 * comes from `deno task token create --role admin`; with `DEMO=on`, two instances started together on an
 * empty database both come up and serve, ten times over (each round in a fresh schema). Skipped, with the
 * reason in its name, without the PostgreSQL binaries.
 */
import assert from "node:assert/strict";
import pg from "pg";
import { FIRST_ADMIN_HINT } from "../../cli/start_banner.ts";
import { SECRET_PREFIX } from "../../db/tokens.ts";
import {
  POSTGRES_PERMISSIONS,
  postgresServerTest,
  REPO_ROOT,
  spawnServer,
  taskPermissions,
} from "../support/server.ts";

/** A token secret as the server or the token command prints it. */
const SECRET = new RegExp(`${SECRET_PREFIX}[A-Za-z0-9_-]{20,}`);

/** A DATABASE_URL whose store lives in a new, empty schema of the database. */
async function freshSchema(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${name}`);
  return u.toString();
}

async function getJson(origin: string, path: string, init?: RequestInit) {
  const res = await fetch(origin + path, init);
  return { status: res.status, body: await res.json() };
}

postgresServerTest(
  "[startup] on PostgreSQL without DEMO: no demo, no secret in the log; the token command makes the first admin",
  "[startup] on PostgreSQL without DEMO (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
  async ({ db, spawn }) => {
    const server = await spawn({ args: [] });
    const events = await getJson(server.origin, "/api/v1/events");
    assert.equal(events.status, 200);
    assert.deepEqual(events.body.data.events, [], "the demo is not loaded unless asked for");
    assert.doesNotMatch(server.output(), SECRET, "no token secret in the log");
    assert.ok(server.output().includes(FIRST_ADMIN_HINT), server.output());

    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        ...taskPermissions("token"),
        "cli/token.ts",
        "create",
        "--role",
        "admin",
        "--label",
        "ops",
      ],
      cwd: REPO_ROOT,
      env: { DATABASE_URL: db.url, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const printed = new TextDecoder().decode(out.stdout);
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    const secret = SECRET.exec(printed)?.[0];
    assert.ok(secret, printed);
    const whoami = await getJson(server.origin, "/api/manage/whoami", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    assert.equal(whoami.status, 200, JSON.stringify(whoami.body));
    assert.doesNotMatch(server.output(), SECRET);
  },
);

postgresServerTest(
  "[startup] two instances started together on an empty PostgreSQL database both serve, ten times",
  "[startup] two instances on an empty database (skipped: no PostgreSQL 15 binaries)",
  async ({ db }) => {
    for (let round = 1; round <= 10; round++) {
      const url = await freshSchema(db.url, `startup_${round}`);
      const start = () =>
        spawnServer({
          databaseUrl: url,
          permissions: POSTGRES_PERMISSIONS,
          args: [],
          env: { DEMO: "on", SIMULATE: "off" },
          startTimeoutMs: 60_000,
        });
      const started = await Promise.allSettled([start(), start()]);
      const servers = started.flatMap((s) => s.status === "fulfilled" ? [s.value] : []);
      try {
        for (const s of started) {
          if (s.status === "rejected") assert.fail(`round ${round}: ${(s.reason as Error).message}`);
        }
        for (const server of servers) {
          const events = await getJson(server.origin, "/api/v1/events");
          assert.equal(events.status, 200, `round ${round}`);
          assert.deepEqual(events.body.data.events.map((e: { slug: string }) => e.slug), [
            "demo-open-2026",
          ]);
          const event = await getJson(server.origin, "/api/v1/events/demo-open-2026");
          assert.equal(event.status, 200, `round ${round}`);
        }
        // One demo, one first admin token: the start-up work ran once.
        const secrets = servers.flatMap((s) => s.output().match(new RegExp(SECRET, "g")) ?? []);
        assert.equal(secrets.length, 1, `round ${round}: ${secrets.length} admin tokens printed`);
      } finally {
        await Promise.all(servers.map((s) => s.dispose()));
      }
    }
  },
);
