/** Where the store is: an SQLite file (or memory) or a PostgreSQL server, as parsed from DATABASE_URL. */
export type StoreUrl =
  | { kind: "sqlite"; path: string; memory: boolean; url: string }
  | { kind: "postgres"; url: string };
