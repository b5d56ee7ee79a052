/**
 * Crash safety on SQLite and on PostgreSQL: a burst of concurrent writes over HTTP (publishing events, making tokens: each one
 * transaction with its revision bump and audit row), the server SIGKILLed in the middle, three times. After
 * each kill every acknowledged write is in the store, every write is all-or-nothing (a published event has its
 * audit row and an audit row its published event; likewise for tokens), on SQLite `PRAGMA integrity_check` and
 * `foreign_key_check` are clean, and the restarted server serves the acknowledged data. (Points under a kill
 * are covered by the operator tests; this file takes the other writes.)
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { type Store } from "../../db/store.ts";
import {
  hasPostgres,
  POSTGRES_PERMISSIONS,
  type PostgresInstance,
  prepareSqliteStore,
  prepareStore,
  reportFigure,
  spawnServer,
  startPostgres,
} from "../support/server.ts";
import { addDraftEvents, demoWithAdmin } from "../support/demo_store.ts";

const EVENTS = 150;
const ROUNDS = 3;
const WORKERS = 8;

type Row = Record<string, unknown>;

/** Reads the store as the kill left it, with a connection of the test's own (as the restart will). */
interface Inspector {
  rows(query: string): Promise<Row[]>;
  /** Store-level soundness beyond the rows: SQLite's integrity and foreign key checks. */
  sound(): Promise<void>;
  close(): Promise<void>;
}

function sqliteInspector(path: string): Inspector {
  const db = new DatabaseSync(path);
  // node:sqlite rows have a null prototype: copy them into plain objects.
  const rows = (query: string) => Promise.resolve(db.prepare(query).all().map((r) => ({ ...r })) as Row[]);
  return {
    rows,
    async sound() {
      assert.deepEqual(await rows("pragma integrity_check"), [{ integrity_check: "ok" }]);
      assert.deepEqual(await rows("pragma foreign_key_check"), []);
    },
    close: () => Promise.resolve(db.close()),
  };
}

async function postgresInspector(url: string): Promise<Inspector> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    rows: async (query) => (await client.query(query)).rows as Row[],
    // PostgreSQL enforces the foreign keys itself and recovers from its WAL; the rows' checks below are the test.
    sound: () => Promise.resolve(),
    close: () => client.end(),
  };
}

for (const kind of ["sqlite", "postgres"] as const) {
  Deno.test({
    name: kind === "postgres" && !hasPostgres()
      ? "[crash] on PostgreSQL: skipped, no PostgreSQL 15 server binaries"
      : `[crash] ${kind}: SIGKILL during a burst of writes loses no acknowledged write and leaves a sound store`,
    ignore: kind === "postgres" && !hasPostgres(),
    sanitizeResources: false,
    sanitizeOps: false,
    fn: () => crashTest(kind),
  });
}

async function crashTest(kind: "sqlite" | "postgres") {
  const cwd = await Deno.makeTempDir({ prefix: "tt-rel-crash-" });
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  let postgres: PostgresInstance | undefined;
  try {
    const now = new Date();
    postgres = kind === "postgres" ? await startPostgres() : undefined;
    const prepare = <T>(fn: (store: Store) => Promise<T>): Promise<T> =>
      postgres ? prepareStore(postgres.url, fn) : prepareSqliteStore(cwd, fn);
    const spawn = () =>
      spawnServer(
        postgres ? { cwd, databaseUrl: postgres.url, permissions: POSTGRES_PERMISSIONS } : { cwd },
      );
    const inspect = () =>
      postgres
        ? postgresInspector(postgres.url)
        : Promise.resolve(sqliteInspector(`${cwd}/data/tournament.db`));
    const admin = await prepare(async (store) => {
      // The demo first: it loads only into an empty store.
      const secret = await demoWithAdmin(store, "crash admin", now);
      await addDraftEvents(store, EVENTS, "crash", "Crash Cup", now);
      return secret;
    });
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    const published = new Set<string>();
    const tokens = new Set<string>();
    let next = 0;
    let killedAfter = 0;

    for (let round = 0; round < ROUNDS; round++) {
      server = await spawn();
      const origin = server.origin;
      // Kill after a number of acknowledgements that differs per round, while requests are in flight.
      const killAt = 15 + round * 20;
      let acks = 0;
      let killed = false;
      const { promise: killedNow, resolve: markKilled } = Promise.withResolvers<void>();
      const worker = async (w: number) => {
        while (!killed && next < EVENTS) {
          const i = next++;
          const isToken = (i + w) % 3 === 0;
          const url = isToken
            ? `${origin}/api/manage/tokens`
            : `${origin}/api/manage/events/crash-${i}/publish`;
          const body = isToken ? JSON.stringify({ role: "scorer", label: `crash-token-${i}` }) : undefined;
          const res = await fetch(url, { method: "POST", headers, body }).catch(() => null);
          if (res === null) return; // the server is gone
          const answer = await res.json().catch(() => null);
          if (res.status === 200 || res.status === 201) {
            if (isToken) tokens.add(answer.data.token.label);
            else published.add(`crash-${i}`);
            if (++acks === killAt && !killed) {
              killed = true;
              server!.signal("SIGKILL");
              markKilled();
            }
          } else if (!killed) {
            assert.fail(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      if (!killed) {
        server.signal("SIGKILL");
        markKilled();
      }
      await killedNow;
      const status = await server.exited;
      assert.equal(status.signal, "SIGKILL", "the server was killed, not stopped");
      killedAfter += acks;

      // The store as the kill left it (read with a connection of our own, as the restart will).
      const db = await inspect();
      const rows = (query: string) => db.rows(query);
      try {
        await db.sound();
        const status = new Map(
          (await rows("select slug, status from events where slug like 'crash-%'"))
            .map((r) => [r.slug as string, r.status as string]),
        );
        for (const slug of published) {
          assert.equal(status.get(slug), "published", `acknowledged publish of ${slug}`);
        }
        const labels = new Set((await rows("select label from tokens")).map((r) => r.label as string));
        for (const label of tokens) assert.ok(labels.has(label), `acknowledged token ${label}`);
        // All or nothing: each published event has its audit row, and each audit row its published event.
        const audited = new Set(
          (await rows(
            "select e.slug from audit_log a join events e on e.id = a.event_id where a.action = 'event.publish'",
          ))
            .map((r) => r.slug as string),
        );
        const isPublished = [...status].filter(([, s]) => s === "published").map(([slug]) => slug).sort();
        assert.deepEqual([...audited].sort(), isPublished);
        const tokenIds = new Set((await rows("select id from tokens")).map((r) => r.id as string));
        const tokenAudit = (await rows("select detail from audit_log where action = 'token.create'"))
          .map((r) => JSON.parse(r.detail as string).tokenId as string);
        assert.deepEqual(new Set(tokenAudit), tokenIds);
        // The revision counted every committed publish (tokens are not public data: no bump).
        const global = Number((await rows("select value from revisions where scope = 'global'"))[0]!.value);
        assert.ok(global >= isPublished.length, `global revision ${global}`);
      } finally {
        await db.close();
      }
    }

    // Restarted, the server serves every acknowledged publish.
    const restarted = server = await spawn();
    for (const slug of published) {
      const res: Response = await fetch(`${restarted.origin}/api/v1/events/${slug}`);
      assert.equal(res.status, 200, slug);
      await res.body?.cancel();
    }
    reportFigure(
      `crash ${kind}`,
      `${ROUNDS} SIGKILLs after ${killedAfter} acknowledged writes (${published.size} publishes, ${tokens.size} ` +
        `tokens): none lost, ${kind === "sqlite" ? "integrity_check ok" : "every write all or nothing"}`,
    );
    assert.ok(published.size + tokens.size >= 60);
  } finally {
    await server?.dispose();
    await postgres?.dispose();
    await Deno.remove(cwd, { recursive: true }).catch(() => {});
  }
}
