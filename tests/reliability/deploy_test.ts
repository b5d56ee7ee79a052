/**
 * Runs on Deno Deploy as it is: the PostgreSQL path loads nothing Deploy lacks (node:sqlite is imported only
 * when a SQLite store is opened), signals are listened for only where the platform has them, and the server
 * started with Deploy's permissions (network and environment; no file system, no subprocess, no system
 * information) on PostgreSQL answers every public URL a crawl from its pages finds.
 */
import assert from "node:assert/strict";
import { onSignals } from "../../main.ts";
import { MAIN_PATH, postgresServerTest, reportFigure } from "../support/server.ts";

/** The modules main.ts loads before anything runs: its static imports, followed, without the dynamic ones. */
async function staticGraph(): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", MAIN_PATH],
    stdout: "piped",
  })
    .output();
  assert.ok(out.success, "deno info");
  type Dep = { specifier: string; code?: { specifier?: string }; isDynamic?: boolean };
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; dependencies?: Dep[] }[];
    redirects: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [new URL(`file://${MAIN_PATH}`).href];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const specifier = info.redirects[at] ?? at;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (!dep.isDynamic && dep.code?.specifier) stack.push(dep.code.specifier);
    }
  }
  return seen;
}

Deno.test("[deploy] main.ts loads node:sqlite only when a SQLite store is opened", async () => {
  const graph = await staticGraph();
  assert.ok([...graph].some((s) => s.endsWith("/db/store.ts")), "the walk reaches db/store.ts");
  assert.deepEqual([...graph].filter((s) => /node:sqlite|sqlite_adapter|durable_sqlite/.test(s)), []);
});

Deno.test("[deploy] onSignals() listens where signals exist and runs on where the platform has none", () => {
  const added: string[] = [];
  onSignals(["SIGTERM", "SIGINT"], () => {}, (signal) => void added.push(signal));
  assert.deepEqual(added, ["SIGTERM", "SIGINT"]);
  onSignals(["SIGTERM"], () => {}, () => {
    throw new TypeError("Deno.addSignalListener is not supported");
  });
});

const onPostgres = /^postgres(ql)?:/.test(Deno.env.get("DATABASE_URL") ?? "");

/** The same-origin links of an HTML page, as paths. */
function links(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

if (!onPostgres) {
  Deno.test({
    name: "[deploy] the server with Deploy's permissions (skipped: DATABASE_URL is not PostgreSQL)",
    ignore: true,
    fn: () => {},
  });
} else {
  postgresServerTest(
    "[deploy] the server with Deploy's permissions on PostgreSQL answers every public URL its pages link",
    "[deploy] the server with Deploy's permissions (skipped: no PostgreSQL 15 binaries)",
    async ({ spawn }) => {
      const server = await spawn({ permissions: ["--allow-net", "--allow-env"], env: { DEMO: "on" } });
      const queue = [
        "/",
        "/t/demo-open-2026",
        "/api",
        "/api/v1/events",
        "/api/v1/events/demo-open-2026",
        "/api/v1/rankings",
        "/api/v1/openapi.json",
        "/healthz",
        "/readyz",
      ];
      const seen = new Set<string>();
      const failures: string[] = [];
      while (queue.length > 0 && seen.size < 400) {
        const path = queue.shift()!;
        if (seen.has(path) || path.startsWith("/manage") || path.startsWith("/score")) continue;
        seen.add(path);
        const res = await fetch(server.origin + path);
        const body = await res.text();
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        if ((res.headers.get("Content-Type") ?? "").startsWith("text/html")) queue.push(...links(body));
      }
      reportFigure(
        "deploy",
        `${seen.size} URLs read with --allow-net --allow-env only, ${failures.length} not 200`,
      );
      assert.deepEqual(failures, [], server.output().slice(-2000));
      assert.ok(seen.size >= 50, `${seen.size} URLs read`);
      assert.doesNotMatch(server.output(), /NotCapable|PermissionDenied|Requires .* access/);
    },
  );
}
