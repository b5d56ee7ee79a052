/**
 * Least privilege: `deno task start` runs with explicit, narrow Deno permissions, and the program needs no
 * file of the repository at run time. Three checks: the task's flags themselves; the real server started
 * with exactly those flags from an empty temporary working directory (it serves every kind of route, writes
 * only ./data, and reports no permission error), and on PostgreSQL without any file permission at all; and a
 * static scan of main.ts's module graph for file reads, dynamic imports and module-relative paths.
 */
import assert from "node:assert/strict";
import { ENV_NAMES } from "../../cli/config.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import {
  MAIN_PATH,
  postgresServerTest,
  prepareStore,
  REPO_ROOT,
  serverTest,
  type SpawnedServer,
  START_PERMISSIONS,
} from "../support/server.ts";

const PERMISSION_ERROR = /NotCapable|PermissionDenied|Requires \w+ access|run again with the --allow/i;

/** Every file under a folder, as paths relative to it. */
async function filesUnder(root: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(`${root}/${prefix}`)) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory) out.push(...await filesUnder(root, path));
    else out.push(path);
  }
  return out.sort();
}

/** Requests one URL of each kind of route (API, pages, overlays, operator pages) and returns the failures. */
async function serveEverything(server: SpawnedServer): Promise<string[]> {
  const get = async (path: string) => {
    const res = await fetch(server.origin + path);
    return { status: res.status, body: await res.text() };
  };
  const event = JSON.parse((await get("/api/v1/events/demo-open-2026")).body);
  const categoryId: string = event.data.subevents[0].id;
  const matches = JSON.parse((await get(`/api/v1/subevents/${categoryId}/matches`)).body);
  const matchId: string = matches.data.matches[0].id;
  const paths = [
    "/",
    "/api",
    "/api/v1/openapi.json",
    "/api/v1/events",
    "/api/v1/rankings",
    `/api/v1/subevents/${categoryId}/standings`,
    `/api/v1/subevents/${categoryId}/draw`,
    `/api/v1/matches/${matchId}`,
    "/rankings",
    "/t/demo-open-2026",
    "/t/demo-open-2026/tv",
    "/t/demo-open-2026/poster",
    `/m/${matchId}`,
    `/overlay/match/${matchId}`,
    `/overlay/subevent/${categoryId}`,
    "/manage",
    "/score",
    "/no-such-page",
  ];
  const failures: string[] = [];
  for (const path of paths) {
    const { status, body } = await get(path);
    if (status >= 500 || PERMISSION_ERROR.test(body)) {
      failures.push(`${path} answered ${status}: ${body.slice(0, 200)}`);
    }
  }
  return failures;
}

/** Leave to list the machine's network addresses, and no other system information. */
const NETWORK_INTERFACES = "--allow-sys=networkInterfaces";

Deno.test("[least privilege] deno task start asks for the network, named variables and ./data only", () => {
  const flags = START_PERMISSIONS;
  for (const broad of ["-A", "--allow-all", "--allow-run", "--allow-ffi", "--allow-import", "--allow-sys"]) {
    assert.ok(
      !flags.some((f) => f === broad || f.startsWith(`${broad}=`) && f !== NETWORK_INTERFACES),
      `no ${broad}`,
    );
  }
  // The one system fact it reads: the machine's network addresses, so that the QR codes on the TV and the poster
  // carry the LAN address phones open (cli/start_banner.ts, http/public_origin.ts).
  assert.ok(flags.includes(NETWORK_INTERFACES));
  assert.ok(flags.includes("--allow-net"));
  assert.ok(flags.includes("--allow-read=./data") && flags.includes("--allow-write=./data"), flags.join(" "));
  assert.ok(!flags.includes("--allow-read") && !flags.includes("--allow-write"), "no unscoped file access");
  const env = flags.find((f) => f.startsWith("--allow-env="));
  assert.ok(env, "environment access is a list of names, not all of it");
  // Every variable the configuration reads (cli/config.ts), else a platform could not set it.
  for (const name of ENV_NAMES) assert.ok(env.split(/[=,]/).includes(name), name);
});

serverTest(
  "[least privilege] with the start task's flags, from an empty folder, it serves and writes only ./data",
  async (spawn) => {
    const server = await spawn({ permissions: START_PERMISSIONS });
    assert.deepEqual(await serveEverything(server), []);
    const files = await filesUnder(server.cwd);
    assert.ok(files.every((f) => f.startsWith("data/tournament.db")), `files written: ${files.join(", ")}`);
    assert.ok(files.includes("data/tournament.db"));
    assert.doesNotMatch(server.output(), PERMISSION_ERROR);
    // It runs from anywhere: the working directory is not the repository's.
    assert.ok(!server.cwd.startsWith(REPO_ROOT));
  },
);

postgresServerTest(
  "[least privilege] on PostgreSQL it needs no file permission at all and writes nothing",
  "[least privilege] on PostgreSQL (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
  async ({ db, spawn }) => {
    await prepareStore(db.url, (store) => loadDemoIfEmpty(store, new Date()));
    // The start task's flags without --allow-read and --allow-write.
    const server = await spawn();
    assert.deepEqual(await serveEverything(server), []);
    assert.deepEqual(await filesUnder(server.cwd), [], "no file written");
    assert.doesNotMatch(server.output(), PERMISSION_ERROR);
  },
);

/**
 * What reads files or loads code at run time: module-relative paths, file reads, dynamic imports of a
 * computed specifier. A dynamic import of a literal specifier (`import("pg")`, `import("./openapi.ts")`) is
 * static to `deno compile` and `deno info`, which put it in the graph (the binary carries it), and Deno loads
 * it without a read permission.
 */
const RUNTIME_FILE_ACCESS = [
  /Deno\.(readFile|readTextFile|readFileSync|readTextFileSync|open|openSync|readDir|readDirSync|readLink|realPath|lstat|stat)\b/,
  /\bimport\.meta\.(dirname|filename|resolve)\b/,
  /new URL\([^)]*import\.meta\.url/,
  /\bimport\s*\((?!"[\w@./-]+"\))/,
  /\b(readFileSync|createReadStream)\b/,
];

/**
 * A line that opens a file of the store's own (the SQLite WAL that db/durable_sqlite.ts syncs: under the data
 * folder the server may write, never a file of the repository) carries this comment, and is not a finding.
 */
const STORE_FILE_MARK = "// the store's own file, not the repository's";

Deno.test("[least privilege] main.ts's module graph reads no file of the repository at run time", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", MAIN_PATH],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; dependencies?: { specifier: string }[] }[];
  };
  const root = new URL(`file://${REPO_ROOT}`).href;
  const local = graph.modules.filter((m) => m.specifier.startsWith(root));
  assert.ok(local.length >= 50, `the graph has ${local.length} local modules`);
  const findings: string[] = [];
  for (const module of local) {
    const path = module.specifier.slice(root.length);
    for (const dep of module.dependencies ?? []) {
      if (/^node:fs(\/|$)/.test(dep.specifier)) findings.push(`${path} imports ${dep.specifier}`);
    }
    const lines = (await Deno.readTextFile(new URL(module.specifier))).split("\n");
    lines.forEach((line, i) => {
      if (line.includes(STORE_FILE_MARK)) return;
      // Comments are not code: a one-line block comment, a line comment, a line inside a block comment.
      const code = line.replace(/\/\*.*?\*\//g, "").replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
      for (const pattern of RUNTIME_FILE_ACCESS) {
        if (pattern.test(code)) findings.push(`${path}:${i + 1}: ${line.trim().slice(0, 100)}`);
      }
    });
  }
  assert.deepEqual(findings, []);
});
