/**
 * The layers point down and no file imports itself back: reads the imports of every source file and checks them
 * against the layering of docs/architecture.md. The scan reads text, not Deno's module graph, so
 * that it sees `import type` (erased before `deno info` looks) and files no entry point reaches.
 *
 * From the bottom: domain/ and lib/ (each imports only itself; domain/ not even a package), db/, event_file/,
 * views/ (the public read side, for the API and the pages alike), http/ (the request plumbing both use), api/ and
 * pages/ (siblings: pages/ takes no value from db/ or api/, only their types), then cli/ and main.ts on top.
 * Type-only imports count for circles too: a circle of types still ties the files' meaning together (a change
 * to one is a change to the other), and it is where a circle of values starts.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);

/** Folders that are not source: data, build output, dependencies. */
const SKIPPED = new Set(["data", "dist", "node_modules"]);

/**
 * What a folder may not import, and why (`only`: all it may import). A folder without a rule (tests/, bench/,
 * scripts/, cli/, pages/, main.ts) is checked for circles only: it sits on top, or tests or measures any layer.
 */
interface LayerRule {
  from: string;
  only?: readonly string[];
  not?: readonly string[];
  /** Folders it may take types from but no value (`import type`, or `{ type A, type B }`). */
  typesOnly?: readonly string[];
  /** False: no package either (npm:, node:, the import map's names), only the repository's files. */
  packages?: boolean;
  /** Packages it may not import (by name, with any subpath or version). */
  notPackages?: readonly string[];
  why: string;
}

const RULES: readonly LayerRule[] = [
  {
    from: "domain",
    only: ["domain"],
    packages: false,
    why: "domain/ holds the rules only: pure functions over plain data, no storage, HTTP or pages",
  },
  {
    from: "lib",
    only: ["lib"],
    why: "lib/ is what every layer may use, so it can use no layer",
  },
  {
    from: "db",
    not: ["api", "pages", "cli", "event_file", "views", "http"],
    why:
      "db/ is storage: it throws codes and knows nothing of HTTP, pages, commands or the event-file format",
  },
  {
    from: "event_file",
    not: ["api", "pages", "cli", "views", "http"],
    why: "event_file/ is the import/export format: it reads and writes through db/ and is called from above",
  },
  {
    from: "views",
    not: ["api", "pages", "cli", "event_file", "http"],
    why: "views/ is what the API and the pages show of each resource: it reads through db/ and knows no HTTP",
  },
  {
    from: "http",
    not: ["api", "pages", "cli", "event_file"],
    why:
      "http/ is the request plumbing the API and the pages share (problems, limits, caches): it sits below both",
  },
  {
    from: "api",
    not: ["pages", "cli"],
    why:
      "api/ serves the API; what pages and the API share lives below both (http/, views/, lib/, db/, domain/)",
  },
  {
    from: "pages",
    not: ["cli"],
    typesOnly: ["db", "api"],
    notPackages: ["kysely", "npm:kysely", "pg", "npm:pg", "node:sqlite"],
    why: "pages/ renders what views/ gives, through http/ (a sibling of api/, and it queries nothing itself)",
  },
];

/** One import of a file: the specifier as written, the line it is on, and whether it takes types alone. */
export interface ImportRef {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/**
 * `import ... from "x"`, `import type ... from "x"`, `export ... from "x"`, `import "x"` (over several lines). An
 * import clause holds no quote, semicolon, parenthesis, `=` or backtick: the match cannot run from an `export
 * function` into a later string.
 */
const STATIC_IMPORT =
  /^[ \t]*(?:import|export)\b([^"'`;()=]*?)\bfrom\s*(["'])([^"']+)\2|^[ \t]*import\s*(["'])([^"']+)\4/gm;

/**
 * Whether an import clause (what stands between `import`/`export` and `from`) takes types alone: `type { A }`, or
 * braces whose every name is marked `type`.
 * @example typesOnly(" type { A } ") // true
 * @example typesOnly(" { type A, b } ") // false
 */
function typesOnly(clause: string): boolean {
  if (/^\s*type\b/.test(clause)) return true;
  const names = /^\s*\{([^}]*)\}\s*$/.exec(clause)?.[1]?.split(",").map((n) => n.trim()).filter((n) =>
    n !== ""
  );
  return names !== undefined && names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/** `import("x")` with a literal specifier: a static edge of the module graph, loaded later. */
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(["'])([^"']+)\1\s*\)/g;

/**
 * The imports a source text makes: static, type-only, re-exports and literal dynamic imports; a line that is a
 * comment (`//`, or ` * ` inside a block comment) is not read for dynamic imports, which comments often show.
 * @example importsOf('import type { A } from "./a.ts";\nexport { b } from "../b.ts";')
 * // [{ specifier: "./a.ts", line: 1 }, { specifier: "../b.ts", line: 2 }]
 */
export function importsOf(text: string): ImportRef[] {
  const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
  const out: ImportRef[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const typeOnly = m[1] !== undefined && typesOnly(m[1]);
    out.push({ specifier: (m[3] ?? m[5])!, line: lineAt(m.index + m[0].length), typeOnly });
  }
  text.split("\n").forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const m of line.matchAll(DYNAMIC_IMPORT)) {
      out.push({ specifier: m[2]!, line: i + 1, typeOnly: false });
    }
  });
  return out;
}

/** Every .ts and .tsx file of the repository, as paths from its root. */
async function sourceFiles(dir = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** An import of a repository file: the file imported, the line, whether it takes types alone. */
interface Edge {
  target: string;
  line: number;
  typeOnly: boolean;
}

/** The repository's files and, for each, the repository files it imports (with the line of the import). */
async function importGraph(): Promise<Map<string, Edge[]>> {
  return (await scanImports()).graph;
}

/** The import graph, and for each file the packages it imports (specifiers that name no repository file). */
async function scanImports(): Promise<{
  graph: Map<string, Edge[]>;
  packages: Map<string, ImportRef[]>;
}> {
  const files = await sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, Edge[]>();
  const packages = new Map<string, ImportRef[]>();
  for (const file of files) {
    const edges: Edge[] = [];
    packages.set(file, []);
    for (const ref of importsOf(await Deno.readTextFile(new URL(file, ROOT)))) {
      if (!ref.specifier.startsWith("./") && !ref.specifier.startsWith("../")) {
        packages.get(file)!.push(ref);
        continue;
      }
      const target = new URL(ref.specifier, new URL(file, ROOT)).href.slice(ROOT.href.length);
      assert.ok(known.has(target), `${file}:${ref.line} imports "${ref.specifier}", which is no source file`);
      edges.push({ target, line: ref.line, typeOnly: ref.typeOnly });
    }
    graph.set(file, edges);
  }
  return { graph, packages };
}

/** The top folder of a path ("" for a file at the root, such as main.ts). */
function folderOf(path: string): string {
  const slash = path.indexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

/** The import circles of a graph: one circle (as a path back to its start) per strongly connected component. */
export function importCircles(graph: ReadonlyMap<string, readonly { target: string }[]>): string[][] {
  // Tarjan's strongly connected components, iterative: the graph is deep enough to matter.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!.target;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== frame.node);
        const selfImport = (graph.get(node) ?? []).some((e) => e.target === node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((component) => circleThrough(graph, new Set(component)));
}

/** One circle inside a strongly connected component, from its first file (by name) back to it. */
function circleThrough(
  graph: ReadonlyMap<string, readonly { target: string }[]>,
  component: ReadonlySet<string>,
): string[] {
  const start = [...component].sort()[0]!;
  // Breadth-first from start to start within the component: the shortest circle through it.
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const { target } of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = from.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!from.has(target)) {
        from.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

Deno.test("importsOf() reads static, type-only, re-exported and literal dynamic imports, not comments", () => {
  // "\u0028" is "(": written so, the dynamic imports of this sample are not imports of this file.
  const text = [
    'import assert from "node:assert/strict";',
    "import {",
    "  type A,",
    "  b,",
    '} from "./a.ts";',
    'import type { C } from "../c.ts";',
    'export { d } from "./d.ts";',
    'export * from "./e.ts";',
    'import "./f.ts";',
    'const g = await import\u0028"./g.ts");',
    '// const h = await import\u0028"./h.ts");',
    ' * `import\u0028"./i.ts")` in a doc comment',
    'const j = "import x from \\"./j.ts\\"";',
    'import { type K, type L } from "./k.ts";',
    'export type { M } from "./m.ts";',
  ].join("\n");
  assert.deepEqual(importsOf(text).map((r) => `${r.line} ${r.specifier}${r.typeOnly ? " (types)" : ""}`), [
    "1 node:assert/strict",
    "5 ./a.ts",
    "6 ../c.ts (types)",
    "7 ./d.ts",
    "8 ./e.ts",
    "9 ./f.ts",
    "14 ./k.ts (types)",
    "15 ./m.ts (types)",
    "10 ./g.ts",
  ]);
});

Deno.test("importCircles() finds each circle once, as a path back to its start, and a file importing itself", () => {
  const edges = (...targets: string[]) => targets.map((target) => ({ target }));
  const graph = new Map([
    ["a.ts", edges("b.ts")],
    ["b.ts", edges("c.ts", "d.ts")],
    ["c.ts", edges("a.ts")],
    ["d.ts", edges()],
    ["e.ts", edges("e.ts")],
    ["f.ts", edges("a.ts")],
  ]);
  assert.deepEqual(importCircles(graph), [["a.ts", "b.ts", "c.ts", "a.ts"], ["e.ts", "e.ts"]]);
});

Deno.test("[architecture] every layer imports only the layers below it", async () => {
  const { graph, packages } = await scanImports();
  assert.ok(graph.size > 300, `the scan finds ${graph.size} source files`);
  const findings: string[] = [];
  for (const [file, edges] of graph) {
    const rule = RULES.find((r) => r.from === folderOf(file));
    if (!rule) continue;
    for (const { specifier, line } of packages.get(file)!) {
      const named = (p: string) =>
        specifier === p || specifier.startsWith(`${p}/`) || specifier.startsWith(`${p}@`);
      if (rule.packages === false || rule.notPackages?.some(named)) {
        findings.push(`${file}:${line} imports "${specifier}": ${rule.why}`);
      }
    }
    for (const { target, line, typeOnly } of edges) {
      const folder = folderOf(target);
      if (folder === rule.from) continue;
      const refused = rule.only ? !rule.only.includes(folder) : rule.not!.includes(folder);
      if (refused) findings.push(`${file}:${line} imports ${target}: ${rule.why}`);
      else if (!typeOnly && rule.typesOnly?.includes(folder)) {
        findings.push(`${file}:${line} imports a value of ${target}: ${rule.why}`);
      }
    }
  }
  assert.deepEqual(findings, []);
});

Deno.test("[architecture] a read module of db/ imports no write module", async () => {
  const graph = await importGraph();
  const findings: string[] = [];
  for (const [file, edges] of graph) {
    if (!/^db\/read_[^/]+\.ts$/.test(file)) continue;
    for (const { target, line } of edges) {
      if (/^db\/[^/]+_writes\.ts$|^db\/write_transaction\.ts$/.test(target)) {
        findings.push(`${file}:${line} imports ${target}: reads must not depend on writes`);
      }
    }
  }
  assert.deepEqual(findings, []);
});

Deno.test("[architecture] no import circle between files, type-only imports included", async () => {
  const graph = await importGraph();
  assert.deepEqual(importCircles(graph).map((circle) => circle.join(" -> ")), []);
});

Deno.test("[architecture] pages/ names db/ and api/ only in the types of its browser scripts", async () => {
  const graph = await importGraph();
  const findings: string[] = [];
  for (const [file, edges] of graph) {
    // The browser scripts (client/) name the answers they fetch by the API's and the store's types.
    if (folderOf(file) !== "pages" || file.includes("/client/")) continue;
    for (const { target, line } of edges) {
      if (["db", "api"].includes(folderOf(target))) {
        findings.push(
          `${file}:${line} imports ${target}: a page reads through views/ and answers through http/`,
        );
      }
    }
  }
  assert.deepEqual(findings, []);
});
