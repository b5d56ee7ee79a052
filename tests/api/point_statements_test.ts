/**
 * What one point costs the store: the statements of a point written through the management API, the request's
 * authentication aside, counted by the store's statement hook (db/store.ts `onQuery`) on each dialect. On
 * PostgreSQL each statement is a round trip, so the count is the point's latency floor: a change that adds one
 * fails here and says which it added.
 */
import assert from "node:assert/strict";
import { logEventChanges } from "../../db/change_log.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { categoryScope, rosterScope } from "../../db/revision.ts";
import { benchScorer } from "../../bench/point_write.ts";
import { buildStore, type StoreSize } from "../../bench/build_store.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { DIALECTS, makeStore } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";
import { call, makeToken, manageApp, seedKnockout, T0 } from "./manage_fixtures.ts";

/** The statements of one point, BEGIN and COMMIT included, the token's check aside. */
const POINT_STATEMENTS = 11;

/**
 * The statements of a batch of `n` points from the umpire's page, BEGIN and COMMIT of each included: each point is
 * its own write, with the point's statements and one more, which stores its idempotency key (the key is read
 * with the match's row; expired keys are pruned when a match starts or ends, not with a point).
 */
const BATCH_STATEMENTS = (n: number) => (POINT_STATEMENTS + 1) * n;

/** The most a point may cost (issue 51). */
const POINT_BUDGET = 12;

/** A small store of the bench's shape: a few categories, each with a live match. */
const BENCH_SIZE: StoreSize = { events: 1, categories: 6, players: 200, live: 6, rankings: 200 };

/** A store whose statements are counted while `counting` is on. */
async function countedStore(dialect: "sqlite" | "postgres") {
  const seen: string[] = [];
  let counting = false;
  const store = await makeStore(dialect, {
    onQuery: (kind, _seconds, _failed, sql) => void (counting && seen.push(`${kind}: ${sql.slice(0, 120)}`)),
  });
  /** The statements `fn` made. */
  const count = async (fn: () => Promise<unknown>): Promise<string[]> => {
    seen.length = 0;
    counting = true;
    try {
      await fn();
    } finally {
      counting = false;
    }
    return [...seen];
  };
  return { store, count };
}

/** A match in play with three points scored, held by the umpire's device, and what scores it. */
async function matchInPlay(store: Awaited<ReturnType<typeof makeStore>>) {
  const ev = await seedKnockout(store.db);
  const scorer = await makeToken(store.db, "scorer", { label: "Umpire A" });
  const app = manageApp(store);
  const id = ev.rounds[0]![0]!;
  const headers = { "X-Scorer-Device": "device-1" };
  const post = (action: string, body: unknown) =>
    app.request(`/api/manage/matches/${id}/${action}`, call(scorer, "POST", body, headers));
  let res = await post("start", { firstServer: "home", revision: 0 });
  let revision = (await res.json()).data.revision as number;
  for (const side of ["home", "away", "home"]) {
    res = await post("point", { side, revision });
    revision = (await res.json()).data.revision;
  }
  return { app, id, scorer, headers, post, revision };
}

for (const dialect of DIALECTS) {
  Deno.test({
    name: `[${dialect}] [api] POST /api/manage/matches/:id/point costs ${POINT_STATEMENTS} statements`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store, count } = await countedStore(dialect);
      try {
        const { post, revision } = await matchInPlay(store);
        // A request refused after its token is checked (no side) costs what the check costs.
        const checking = await count(async () =>
          assert.equal((await post("point", { revision })).status, 400)
        );
        const request = await count(async () =>
          assert.equal((await post("point", { side: "away", revision })).status, 200)
        );
        const point = request.slice(checking.length);
        assert.deepEqual(request.slice(0, checking.length), checking);
        assert.ok(point.length <= POINT_BUDGET, `${point.length} statements:\n${point.join("\n")}`);
        assert.equal(point.length, POINT_STATEMENTS, `${point.length} statements:\n${point.join("\n")}`);
      } finally {
        await store.drop();
      }
    },
  });

  Deno.test({
    name: `[${dialect}] [api] a point of the bench on the bench's store costs ${POINT_STATEMENTS} statements`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store, count } = await countedStore(dialect);
      try {
        // The bench's case (bench/point_write.ts): the app of main.ts, the desk's token, matches imported in play
        // with their games and predictions, every category with its version row.
        const built = await buildStore(store, BENCH_SIZE, testNow());
        const app = createApp({ store, log: silentLogger, clock: testNow });
        const point = await benchScorer(store, app, built);
        for (const m of built.live) await point(m.id);
        const id = built.live[0]!.id;
        const checking = await count(async () => {
          const res = await app.request(
            `/api/manage/matches/${id}/point`,
            call(built.adminSecret, "POST", {}),
          );
          assert.equal(res.status, 400);
        });
        for (const m of built.live) {
          const request = await count(() => point(m.id));
          assert.deepEqual(request.slice(0, checking.length), checking);
          const written = request.slice(checking.length);
          assert.ok(written.length <= POINT_BUDGET, `${written.length} statements:\n${written.join("\n")}`);
          assert.equal(
            written.length,
            POINT_STATEMENTS,
            `${written.length} statements:\n${written.join("\n")}`,
          );
        }
      } finally {
        await store.drop();
      }
    },
  });

  Deno.test({
    name: `[${dialect}] [api] POST /api/manage/matches/:id/actions costs ${
      BATCH_STATEMENTS(1)
    } statements a point`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store, count } = await countedStore(dialect);
      try {
        const { app, id, scorer, headers, post, revision } = await matchInPlay(store);
        const read = () => app.request(`/api/manage/matches/${id}`, call(scorer, "GET", undefined, headers));
        const checking = await count(async () =>
          assert.equal((await post("actions", { revision, actions: [] })).status, 400)
        );
        for (const n of [1, 3]) {
          const actions = Array.from(
            { length: n },
            (_, i) => ({ key: `k${n}-${i}`, type: "point", side: "away" }),
          );
          const now = await count(async () => {
            const res = await post("actions", { revision: revision + (n === 1 ? 0 : 1), actions });
            assert.equal(res.status, 200);
            const body = await res.json();
            assert.deepEqual(
              body.data.results.map((r: { status: string }) => r.status),
              actions.map(() => "applied"),
            );
          });
          assert.deepEqual(now.slice(0, checking.length), checking);
          const batch = now.slice(checking.length);
          assert.ok(
            batch.length <= (POINT_BUDGET + 1) * n,
            `${batch.length} statements:\n${batch.join("\n")}`,
          );
          assert.equal(batch.length, BATCH_STATEMENTS(n), `${batch.length} statements:\n${batch.join("\n")}`);
        }
        // The batch answers, beside its results, what reading the match after it answers.
        const res = await post("actions", {
          revision: revision + 4,
          actions: [{ key: "last", type: "undo" }],
        });
        const { results, ...answered } = (await res.json()).data;
        assert.deepEqual(results.map((r: { status: string }) => r.status), ["applied"]);
        assert.deepEqual(answered, (await (await read()).json()).data);
      } finally {
        await store.drop();
      }
    },
  });

  Deno.test({
    name: `[${dialect}] writeMatch() writes a point in ${POINT_STATEMENTS} statements`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store, count } = await countedStore(dialect);
      try {
        const { revision } = await matchInPlay(store);
        const id = (await store.db.selectFrom("matches").select("id").where("status", "=", "in_progress")
          .executeTakeFirstOrThrow()).id;
        const point = await count(() =>
          writeMatch(store, id, { type: "point", side: "away" }, {
            actor: "Umpire A",
            now: T0,
            expectedRevision: revision,
            device: { id: "device-1", label: "Umpire A" },
          })
        );
        assert.equal(point.length, POINT_STATEMENTS, `${point.length} statements:\n${point.join("\n")}`);
      } finally {
        await store.drop();
      }
    },
  });

  Deno.test({
    name: `[${dialect}] [api] a point answers what reading the match after it answers, byte for byte`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store } = await countedStore(dialect);
      try {
        const { app, id, scorer, headers, post, revision } = await matchInPlay(store);
        const answer = await post("point", { side: "away", revision });
        assert.equal(answer.status, 200);
        const read = await app.request(`/api/manage/matches/${id}`, call(scorer, "GET", undefined, headers));
        assert.equal(read.status, 200);
        assert.equal(await answer.text(), await read.text());
      } finally {
        await store.drop();
      }
    },
  });

  Deno.test({
    name: `[${dialect}] a point's change feed holds what the general path would log`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { store } = await countedStore(dialect);
      try {
        const { id, post, revision } = await matchInPlay(store);
        assert.equal((await post("point", { side: "away", revision })).status, 200);
        const feed = () =>
          store.db.selectFrom("event_changes").selectAll().orderBy("kind").orderBy("resource_id").execute();
        const after = await feed();
        assert.ok(after.some((r) => r.kind === "match" && r.resource_id === id));
        const match = await store.db.selectFrom("matches").select("event_id").where("id", "=", id)
          .executeTakeFirstOrThrow();
        // Every resource of the event compared with what is logged: nothing is left to write.
        await store.db.transaction().execute((trx) =>
          logEventChanges(trx, {
            eventId: match.event_id,
            seq: Number.MAX_SAFE_INTEGER,
            categoryIds: undefined,
            rosterScope: rosterScope(match.event_id),
            categoryScope,
          })
        );
        assert.deepEqual(await feed(), after);
      } finally {
        await store.drop();
      }
    },
  });
}
