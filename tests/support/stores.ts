/**
 * Store tests loop over the dialects: SQLite (in memory) always, PostgreSQL when DATABASE_URL points at one.
 * Each PostgreSQL test gets a schema of its own, dropped afterwards, so tests never see each other's rows.
 */
import pg from "pg";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore, type Store, type StoreOptions } from "../../db/store.ts";

const pgUrl = (() => {
  const raw = Deno.env.get("DATABASE_URL");
  return raw && /^postgres(ql)?:/.test(raw) ? raw : undefined;
})();

/** The dialects this run tests: "sqlite" always, "postgres" when DATABASE_URL is a PostgreSQL URL. */
export const DIALECTS: readonly ("sqlite" | "postgres")[] = pgUrl ? ["sqlite", "postgres"] : ["sqlite"];

/** Opens an empty, migrated store of the dialect; `drop()` closes it and removes what it made. */
export async function makeStore(
  dialect: "sqlite" | "postgres",
  options: StoreOptions = {},
): Promise<Store & { drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const store = await openStore(parseDatabaseUrl("sqlite::memory:"), options);
    return { ...store, close: store.close, drop: () => store.close() };
  }
  const schema = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(pgUrl!);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const store = await openStore(parseDatabaseUrl(url.toString()), options);
  return {
    ...store,
    close: store.close,
    drop: async () => {
      await store.close();
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Registers one test per dialect, named `[sqlite] name` / `[postgres] name`, on a fresh store. */
export function storeTest(name: string, fn: (store: Store) => Promise<void>): void {
  for (const dialect of DIALECTS) {
    Deno.test({
      name: `[${dialect}] ${name}`,
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        const store = await makeStore(dialect);
        try {
          await fn(store);
        } finally {
          await store.drop();
        }
      },
    });
  }
}

/** A test of PostgreSQL alone on a fresh store, named `[postgres] name` (ignored without DATABASE_URL). */
export function postgresTest(name: string, fn: (store: Store) => Promise<void>): void {
  Deno.test({
    name: `[postgres] ${name}`,
    ignore: !DIALECTS.includes("postgres"),
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const store = await makeStore("postgres");
      try {
        await fn(store);
      } finally {
        await store.drop();
      }
    },
  });
}
