import assert from "node:assert/strict";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { MAX_IMPORT_FILE_BYTES, runImport as runImportHere } from "../../cli/import.ts";
import { openStore } from "../../db/store.ts";
import { withTempDir } from "../support/temp_dir.ts";

const root = new URL("../../", import.meta.url);
const script = new URL("cli/import.ts", root).pathname;
const config = new URL("deno.json", root).pathname;
const fixture = (name: string) => new URL(`tests/fixtures/import/${name}`, root).pathname;

interface Run {
  code: number;
  stdout: string[];
  stderr: string[];
}

/** The environment a child needs to find Deno's cache, plus `extra`; nothing else leaks in (DATABASE_URL). */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { NO_COLOR: "1" };
  for (const name of ["HOME", "PATH", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** Runs the command as `deno task import` does, with `flags` as its permissions. */
async function runImport(
  args: string[],
  options: { flags: string[]; env?: Record<string, string>; cwd?: string },
): Promise<Run> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--config", config, ...options.flags, script, ...args],
    env: childEnv(options.env ?? {}),
    clearEnv: true,
    cwd: options.cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split("\n").filter((l) => l !== "");
  return { code: output.code, stdout: lines(output.stdout), stderr: lines(output.stderr) };
}

/** Permissions for a store in `dir`, as narrow as the task's. */
const flagsFor = (
  dir: string,
) => ["--allow-read", `--allow-write=${dir}`, "--allow-net", "--allow-env=DATABASE_URL"];

/** Imports `file` into the SQLite store t.db of `dir`, with the narrow permissions of `flagsFor`. */
const importIntoDir = (dir: string, file: string) =>
  runImport([file], { flags: flagsFor(dir), env: { DATABASE_URL: `sqlite:${dir}/t.db` } });

function assertNoStackTrace(run: Run): void {
  for (const line of [...run.stdout, ...run.stderr]) {
    assert.doesNotMatch(line, /^\s+at |Uncaught|Stack backtrace/, `a stack trace line: ${line}`);
  }
}

async function eventCount(dbPath: string): Promise<number> {
  const store = await openStore(parseDatabaseUrl(`sqlite:${dbPath}`));
  try {
    const rows = await store.db.selectFrom("events").select("slug").execute();
    return rows.length;
  } finally {
    await store.close();
  }
}

Deno.test("[cli] import FILE loads the event and prints one summary line, then Unchanged", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const env = { DATABASE_URL: `sqlite:${dir}/t.db` };
    const first = await runImport([fixture("spring_open.json")], { flags: flagsFor(dir), env });
    assert.deepEqual(first.stderr, []);
    assert.equal(first.code, 0);
    assert.equal(first.stdout.length, 1);
    assert.match(
      first.stdout[0]!,
      /^Imported "spring-open-2026" \(event [0-9a-f-]{36}\): 2 categories, 8 players, 10 entries, 2 groups, 12 matches$/,
    );
    const second = await runImport([fixture("spring_open.json")], { flags: flagsFor(dir), env });
    assert.equal(second.code, 0);
    assert.deepEqual(second.stdout.length, 1);
    assert.match(
      second.stdout[0]!,
      /^Unchanged "spring-open-2026" \(event [0-9a-f-]{36}\): the store already holds/,
    );
    assert.equal(await eventCount(`${dir}/t.db`), 1);
  });
});

Deno.test("[cli] import FILE prints every problem of an invalid file as FILE: path: message and exits 1", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const file = fixture("invalid_semantic.json");
    const run = await importIntoDir(dir, file);
    assert.equal(run.code, 1);
    assert.deepEqual(run.stdout, []);
    assertNoStackTrace(run);
    assert.equal(run.stderr.length, 16);
    for (const line of run.stderr) assert.ok(line.startsWith(`${file}: `), line);
    assert.ok(
      run.stderr.includes(
        `${file}: event.endDate: The event ends ("2026-04-17") before it starts ("2026-04-18")`,
      ),
    );
    assert.ok(
      run.stderr.includes(
        `${file}: categories[1].matches[0].games[2]: "11-3" was played after the match was decided (2-0)`,
      ),
    );
    // Validation comes first: the store was not even opened.
    await assert.rejects(Deno.stat(`${dir}/t.db`), Deno.errors.NotFound);
  });
});

Deno.test("[cli] import leaves an existing store unchanged when the file is invalid", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const env = { DATABASE_URL: `sqlite:${dir}/t.db` };
    assert.equal((await runImport([fixture("spring_open.json")], { flags: flagsFor(dir), env })).code, 0);
    const changed = JSON.parse(await Deno.readTextFile(fixture("spring_open.json")));
    changed.event.name = "Changed";
    changed.categories[0].matches[0].winner = "s3";
    await Deno.writeTextFile(`${dir}/changed.json`, JSON.stringify(changed));
    const run = await runImport([`${dir}/changed.json`], { flags: flagsFor(dir), env });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      `${dir}/changed.json: categories[0].matches[0].winner: Entry "s3" contradicts the games: "s1" won them 3-1`,
    ]);
    const store = await openStore(parseDatabaseUrl(`sqlite:${dir}/t.db`));
    try {
      const event = await store.db.selectFrom("events").select(["name", "revision"])
        .executeTakeFirstOrThrow();
      assert.deepEqual([event.name, Number(event.revision)], ["Spring Open 2026", 1]);
    } finally {
      await store.close();
    }
  });
});

Deno.test("[cli] import names a missing file in one line and exits 1", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const run = await runImport([`${dir}/nope.json`], { flags: flagsFor(dir) });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stdout, []);
    assert.deepEqual(run.stderr, [`${dir}/nope.json: Cannot read the file: no such file`]);
  });
});

Deno.test("[cli] import reports unreadable JSON in one line with its line and column and exits 1", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const file = fixture("malformed_json.txt");
    const run = await runImport([file], { flags: flagsFor(dir) });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      `${file}: Invalid JSON at line 7, column 5: expected "," or "}" after a property value, got "\\""`,
    ]);
    await Deno.writeFile(`${dir}/latin1.json`, new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const latin1 = await runImport([`${dir}/latin1.json`], { flags: flagsFor(dir) });
    assert.equal(latin1.code, 1);
    assert.deepEqual(latin1.stderr, [`${dir}/latin1.json: Cannot read the file: it is not UTF-8 text`]);
  });
});

Deno.test("[cli] import refuses a NUL character in a text, naming its path, and exits 1", async () => {
  await withTempDir("tt-import-", async (dir) => {
    // The HTTP import refuses such a body (http/limits.ts hasNul); the command must not store "A" for "A\0B".
    const text = (await Deno.readTextFile(fixture("spring_open.json"))).replace('"Ana Lopez"', '"A\\u0000B"');
    await Deno.writeTextFile(`${dir}/nul.json`, text);
    const run = await importIntoDir(dir, `${dir}/nul.json`);
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      `${dir}/nul.json: players[0].displayName: Expected a text without a NUL character (\\u0000), got "A\\u0000B"`,
    ]);
    await assert.rejects(Deno.stat(`${dir}/t.db`), Deno.errors.NotFound);
  });
});

Deno.test("[cli] import refuses a lone surrogate, a number past its range and a year past 9999, naming each path", async () => {
  await withTempDir("tt-import-", async (dir) => {
    // Each was stored changed (U+FFFD, "+010000-...") or failed in the store (an integer column on PostgreSQL).
    const text = (await Deno.readTextFile(fixture("spring_open.json")))
      .replace('"Ana Lopez"', '"Ana\\ud800Lopez"')
      .replace('"players": ["p1"], "seed": 1', '"players": ["p1"], "seed": 2147483648')
      .replace('"completedAt": "2026-04-18T09:31:00Z"', '"completedAt": "9999-12-31T23:59:59-14:00"');
    await Deno.writeTextFile(`${dir}/bad.json`, text);
    const run = await importIntoDir(dir, `${dir}/bad.json`);
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      `${dir}/bad.json: categories[0].entries[0].seed: Expected a number <= 9999, got 2147483648`,
      `${dir}/bad.json: players[0].displayName: Expected a text without a lone UTF-16 surrogate, got "Ana\\ud800Lopez"`,
      `${dir}/bad.json: categories[0].matches[0].completedAt: "9999-12-31T23:59:59-14:00" is outside the years ` +
      "0001 to 9999 in UTC",
    ]);
    assertNoStackTrace(run);
    await assert.rejects(Deno.stat(`${dir}/t.db`), Deno.errors.NotFound);
  });
});

Deno.test("[cli] import refuses a file over 64 MiB without reading it, naming the file and its size", async () => {
  assert.equal(MAX_IMPORT_FILE_BYTES, 64 * 1024 * 1024, "the limit docs/import-format.md states");
  await withTempDir("tt-import-", async (dir) => {
    const file = `${dir}/huge.json`;
    // Sparse: the size is what counts, and the command must not read it to find out.
    await Deno.writeTextFile(file, "");
    await Deno.truncate(file, MAX_IMPORT_FILE_BYTES + 1);
    const run = await importIntoDir(dir, file);
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      `${file}: Cannot read the file: it has ${
        MAX_IMPORT_FILE_BYTES + 1
      } bytes, more than the limit of 64 MiB (67108864 bytes)`,
    ]);
    // Exactly at the limit is read (and is then no JSON).
    await Deno.truncate(file, MAX_IMPORT_FILE_BYTES);
    const at = await importIntoDir(dir, file);
    assert.equal(at.code, 1);
    assert.match(at.stderr[0]!, /: Invalid JSON at line 1, column 1: /);
  });
});

Deno.test("[cli] import reads a device like /dev/zero only up to the limit and refuses it", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const run = await runImport(["/dev/zero"], { flags: flagsFor(dir) });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr, [
      "/dev/zero: Cannot read the file: it has more than the limit of 64 MiB (67108864 bytes)",
    ]);
  });
});

/** Writes `bytes` into the FIFO `path` (waiting for a reader); a reader that stops early is not an error. */
async function feedFifo(path: string, bytes: Uint8Array): Promise<void> {
  using fifo = await Deno.open(path, { write: true });
  try {
    let written = 0;
    while (written < bytes.length) written += await fifo.write(bytes.subarray(written));
  } catch (e) {
    if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
  }
}

Deno.test({
  name: "runImport() reads a FIFO up to the limit: a small file imports, a longer stream is refused",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await withTempDir("tt-import-", async (dir) => {
      const fifo = `${dir}/pipe.json`;
      const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
      assert.equal(made.code, 0);
      const env = (name: string) => name === "DATABASE_URL" ? `sqlite:${dir}/t.db` : undefined;
      const capture = () => {
        const out: string[] = [];
        const err: string[] = [];
        return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
      };
      const small = capture();
      const [code] = await Promise.all([
        runImportHere([fifo], env, small.io),
        feedFifo(fifo, await Deno.readFile(fixture("spring_open.json"))),
      ]);
      assert.deepEqual(small.err, []);
      assert.equal(code, 0);
      assert.match(small.out[0]!, /^Imported "spring-open-2026"/);
      const long = capture();
      const [refused] = await Promise.all([
        runImportHere([fifo], env, long.io, undefined, { maxFileBytes: 1000 }),
        feedFifo(fifo, new Uint8Array(5000).fill(0x20)),
      ]);
      assert.equal(refused, 1);
      assert.deepEqual(long.err, [`${fifo}: Cannot read the file: it has more than the limit of 1000 bytes`]);
    });
  },
});

Deno.test("[cli] import without a file prints the usage and exits 2", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const run = await runImport([], { flags: flagsFor(dir) });
    assert.equal(run.code, 2);
    assert.deepEqual(run.stderr, [
      "Usage: deno task import [--replace] FILE  (the store comes from DATABASE_URL; --replace lets the file " +
      "remove or change what the desk made)",
    ]);
  });
});

Deno.test("[cli] import reports a store that cannot be opened in one line and exits 1", async () => {
  await withTempDir("tt-import-", async (dir) => {
    const file = fixture("spring_open.json");
    const bad = await runImport([file], {
      flags: flagsFor(dir),
      env: { DATABASE_URL: "mysql://localhost/x" },
    });
    assert.equal(bad.code, 1);
    assert.equal(bad.stderr.length, 1);
    assert.match(bad.stderr[0]!, /: Invalid DATABASE_URL "mysql:\/\/localhost\/x": expected sqlite:PATH/);
    // A store outside the permitted folder: the permission error is one line too.
    const denied = await runImport([file], {
      flags: flagsFor(`${dir}/only-here`),
      env: { DATABASE_URL: `sqlite:${dir}/t.db` },
    });
    assert.equal(denied.code, 1);
    assert.equal(denied.stderr.length, 1);
    assert.match(denied.stderr[0]!, /: Cannot open the store "sqlite:.*t\.db": /);
    assertNoStackTrace(denied);
  });
});

Deno.test("[cli] import works with the task's own permissions and default store", async () => {
  const deno = JSON.parse(await Deno.readTextFile(config)) as { tasks: { import: { command: string } } };
  const words = deno.tasks.import.command.split(/\s+/);
  const flags = words.filter((w) => w.startsWith("--"));
  assert.ok(flags.includes("--allow-write=./data"));
  await withTempDir("tt-import-", async (dir) => {
    const run = await runImport([fixture("spring_open.json")], { flags, cwd: dir });
    assert.deepEqual(run.stderr, []);
    assert.equal(run.code, 0);
    assert.equal(await eventCount(`${dir}/data/tournament.db`), 1);
  });
});

const pgUrl = (() => {
  const raw = Deno.env.get("DATABASE_URL");
  return raw && /^postgres(ql)?:/.test(raw) ? raw : undefined;
})();

Deno.test({
  name: "[cli] import loads into PostgreSQL when DATABASE_URL names one",
  ignore: pgUrl === undefined,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { default: pg } = await import("pg");
    const schema = `t_cli_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(pgUrl!);
      url.searchParams.set("options", `-c search_path=${schema}`);
      // npm:pg reads the PG* variables of libpq, so PostgreSQL needs them permitted besides DATABASE_URL.
      const flags = ["--allow-read", "--allow-net", "--allow-env=DATABASE_URL,PG*"];
      const env = { DATABASE_URL: url.toString() };
      const first = await runImport([fixture("spring_open.json")], { flags, env });
      assert.deepEqual(first.stderr, []);
      assert.equal(first.code, 0);
      assert.match(first.stdout[0]!, /^Imported "spring-open-2026"/);
      const second = await runImport([fixture("spring_open.json")], { flags, env });
      assert.match(second.stdout[0]!, /^Unchanged "spring-open-2026"/);
      const rows = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.matches`);
      assert.equal(rows.rows[0].n, 12);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  },
});
