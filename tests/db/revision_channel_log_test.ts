/**
 * What the revision channel (db/revision_cache.ts `postgresRevisions`) logs when it cannot come up: a connection
 * that is not made (a slow start, a database away) says so and what to check, and only a connection that
 * listens but never hears its own heartbeat is called a transaction pooler's. Fake clients stand in for
 * node-postgres: no PostgreSQL is needed.
 */
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type pg from "pg";
import { postgresRevisions } from "../../db/revision_cache.ts";
import type { Logger } from "../../lib/log.ts";
import { until } from "../support/wait.ts";

/** A client that connects (or never does) and answers every query, but delivers no notification. */
function fakeClient(connects: boolean): pg.Client {
  const client = new EventEmitter() as EventEmitter & Record<string, unknown>;
  client.connect = () => connects ? Promise.resolve() : new Promise(() => {});
  client.query = () => Promise.resolve({ rows: [{ s: "public" }] });
  client.end = () => Promise.resolve();
  return client as unknown as pg.Client;
}

const pool = { query: () => Promise.resolve({ rows: [{ value: 1 }] }) } as unknown as pg.Pool;

async function firstWarning(connects: boolean): Promise<string> {
  const warnings: string[] = [];
  const log: Logger = { info() {}, warn: (m) => void warnings.push(m), error() {} };
  const revisions = postgresRevisions(pool, () => fakeClient(connects), { log });
  try {
    await until(() => warnings.length > 0, "the revision channel's first warning");
    return warnings[0]!;
  } finally {
    await revisions.close();
  }
}

Deno.test("postgresRevisions() says a connection was not made, not that a pooler drops notifications", async () => {
  const line = await firstWarning(false);
  assert.match(line, /could not connect \(no connection within \d+ ms\)/);
  assert.doesNotMatch(line, /does not carry notifications|pooler/);
  assert.match(line, /reading the revision from the store on every request/);
});

Deno.test("postgresRevisions() names a transaction pooler when the connection listens but hears nothing", async () => {
  const line = await firstWarning(true);
  assert.match(line, /does not carry notifications \(no heartbeat within \d+ ms\)/);
  assert.match(line, /transaction pooler/);
});
