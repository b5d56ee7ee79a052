/**
 * Every page's inline script (pages/client_script.ts `moduleScript`) declares every name its code uses: read from
 * the source files, the modules a page inlines are exactly those its main function imports, directly or through
 * each other; each of them declares nothing it does not export and runs nothing when declared; and every import
 * among them is by the exported name (the inlined scope knows no other).
 */
import assert from "node:assert/strict";
import {
  COUNTDOWNS_MODULES,
  COUNTDOWNS_SCRIPT,
  LIVE_REGIONS_MODULES,
  LIVE_REGIONS_SCRIPT,
  moduleDeclarations,
  type ScriptModules,
  STATE_CHANGES_SCRIPT,
  TV_FIT_SCRIPT,
  TV_ROTATION_SCRIPT,
} from "../../pages/client_script.ts";
import { countdowns } from "../../pages/client/countdowns.ts";
import { liveRegions } from "../../pages/client/live_regions.ts";
import { stateChanges } from "../../pages/client/state_changes.ts";
import { tvFit } from "../../pages/client/tv_fit.ts";
import { tvRotation } from "../../pages/client/tv_rotation.ts";
import { MANAGE_MODULES, MANAGE_SCRIPT } from "../../pages/operator/manage_page.tsx";
import { manageClient } from "../../pages/operator/client/manage_client.ts";
import { SCORE_MODULES, SCORE_SCRIPT } from "../../pages/operator/score_page.tsx";
import { scoreClient } from "../../pages/operator/client/score_client.ts";
import { STREAM_MODULES, STREAM_SCRIPT } from "../../pages/operator/stream_page.tsx";
import { streamClient } from "../../pages/operator/client/stream_client.ts";

const ROOT = new URL("../../", import.meta.url);

/** Each inline script of the pages: where its main function is, the modules it is given, its source. */
const SCRIPTS: { name: string; main: string; fn: () => void; modules: ScriptModules; script: string }[] = [
  {
    name: "live pages (event, category, match, player, overlays, TV)",
    main: "pages/client/live_regions.ts",
    fn: liveRegions,
    modules: LIVE_REGIONS_MODULES,
    script: LIVE_REGIONS_SCRIPT,
  },
  {
    name: "countdowns (match page, match overlay, TV)",
    main: "pages/client/countdowns.ts",
    fn: countdowns,
    modules: COUNTDOWNS_MODULES,
    script: COUNTDOWNS_SCRIPT,
  },
  {
    name: "TV rotation",
    main: "pages/client/tv_rotation.ts",
    fn: tvRotation,
    modules: [],
    script: TV_ROTATION_SCRIPT,
  },
  { name: "TV fit", main: "pages/client/tv_fit.ts", fn: tvFit, modules: [], script: TV_FIT_SCRIPT },
  {
    name: "state changes (overlays)",
    main: "pages/client/state_changes.ts",
    fn: stateChanges,
    modules: [],
    script: STATE_CHANGES_SCRIPT,
  },
  {
    name: "/manage",
    main: "pages/operator/client/manage_client.ts",
    fn: manageClient,
    modules: MANAGE_MODULES,
    script: MANAGE_SCRIPT,
  },
  {
    name: "/score",
    main: "pages/operator/client/score_client.ts",
    fn: scoreClient,
    modules: SCORE_MODULES,
    script: SCORE_SCRIPT,
  },
  {
    name: "/manage/stream",
    main: "pages/operator/client/stream_client.ts",
    fn: streamClient,
    modules: STREAM_MODULES,
    script: STREAM_SCRIPT,
  },
];

/**
 * Names a page's code may use from the browser: a module declaring one of them would hide it from every other
 * module of the script (in their own modules, each had its own scope).
 */
const BROWSER_GLOBALS = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  ...["window", "document", "navigator", "location", "history", "localStorage", "sessionStorage", "screen"],
  ...["name", "status", "event", "open", "close", "print", "confirm", "alert", "prompt", "focus", "blur"],
  ...[
    "scroll",
    "top",
    "parent",
    "frames",
    "length",
    "origin",
    "CSS",
    "Node",
    "Element",
    "HTMLElement",
    "Image",
  ],
]);

/** An import statement of a source file: what it names for values, and the file it reads. */
interface ValueImport {
  names: string[];
  /** Problems of the statement for an inlined module ("import * as", a renamed name, a package...). */
  problems: string[];
  file: string | null;
}

/** The imports of a file that bring values (type-only imports are erased and do not count). */
function valueImports(file: string, text: string): ValueImport[] {
  const out: ValueImport[] = [];
  for (const m of text.matchAll(/^import\s+([\s\S]*?)\s*from\s+"([^"]+)";/gm)) {
    const [, clause, spec] = m as unknown as [string, string, string];
    if (/^type\s/.test(clause)) continue;
    const problems: string[] = [];
    const names: string[] = [];
    const braces = /^\{([\s\S]*)\}$/.exec(clause);
    if (!braces) problems.push(`${file}: "import ${clause}" (only named imports reach an inlined scope)`);
    for (const part of (braces?.[1] ?? "").split(",").map((p) => p.trim()).filter((p) => p !== "")) {
      if (part.startsWith("type ")) continue;
      if (/\sas\s/.test(part)) {
        problems.push(`${file}: "${part}" (an inlined scope knows only the exported name)`);
      }
      names.push(part.split(/\s/)[0]!);
    }
    if (names.length === 0 && problems.length === 0) continue;
    const local = spec.startsWith(".");
    if (!local) problems.push(`${file}: imports "${spec}" (only the project's own modules can be inlined)`);
    out.push({
      names,
      problems,
      file: local ? new URL(spec, new URL(file, ROOT)).href.slice(ROOT.href.length) : null,
    });
  }
  for (const m of text.matchAll(/^import\s+"([^"]+)";/gm)) {
    out.push({ names: [], problems: [`${file}: "${m[0]}"`], file: null });
  }
  return out;
}

/**
 * Top-level lines of a module that an inlined scope would not get: a declaration without `export`, a mutable
 * export (inlined, it would be its first value forever), or a statement that runs when the module loads.
 */
function undeclared(file: string, text: string): string[] {
  const out: string[] = [];
  let inComment = false;
  for (const line of text.split("\n")) {
    if (inComment) {
      inComment = !line.includes("*/");
      continue;
    }
    if (/^\/\*/.test(line)) {
      inComment = !line.includes("*/");
      continue;
    }
    if (line === "" || /^[ \t})\]/]/.test(line) || /^(import|type|interface)\b/.test(line)) continue;
    if (/^export\s+(async\s+)?(function\*?|const|class|type|interface)\b/.test(line)) continue;
    out.push(`${file}: ${line}`);
  }
  return out;
}

/** The files a main file imports values from, directly or through them, each with the names it imports. */
async function importClosure(main: string): Promise<{ files: string[]; problems: string[] }> {
  const files: string[] = [];
  const problems: string[] = [];
  const queue = [main];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    for (const imp of valueImports(file, text)) {
      problems.push(...imp.problems);
      if (imp.file !== null && imp.file !== main && !files.includes(imp.file)) {
        files.push(imp.file);
        queue.push(imp.file);
      }
    }
  }
  return { files, problems };
}

/** The first import circle among these files (type imports too), as the files around it; null when none. */
async function importCircle(files: readonly string[]): Promise<string[] | null> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    const specs = [...text.matchAll(/^import\s[\s\S]*?from\s+"(\.[^"]+)";/gm)].map((m) => m[1]!);
    edges.set(file, specs.map((spec) => new URL(spec, new URL(file, ROOT)).href.slice(ROOT.href.length)));
  }
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    for (const next of edges.get(file) ?? []) {
      const circle = visit(next, [...path, file]);
      if (circle) return circle;
    }
    done.add(file);
    return null;
  };
  for (const file of files) {
    const circle = visit(file, []);
    if (circle) return circle;
  }
  return null;
}

for (const s of SCRIPTS) {
  Deno.test(`the modules of the inline script of ${s.name} import each other without a circle`, async () => {
    const { files } = await importClosure(s.main);
    assert.equal(await importCircle([s.main, ...files]), null);
  });

  Deno.test(`the inline script of ${s.name} is given exactly the modules its code imports`, async () => {
    const { files, problems } = await importClosure(s.main);
    assert.deepEqual(problems, []);
    const given = new Set<unknown>(s.modules);
    const missing: string[] = [];
    for (const file of files) {
      const namespace = await import(new URL(file, ROOT).href);
      if (!given.delete(namespace)) missing.push(file);
    }
    assert.deepEqual(missing, [], "imported but not inlined");
    assert.equal(given.size, 0, "inlined but not imported");
  });

  Deno.test(`the modules inlined into ${s.name} declare nothing they do not export, and run nothing`, async () => {
    const { files } = await importClosure(s.main);
    const hidden: string[] = [];
    for (const file of files) hidden.push(...undeclared(file, await Deno.readTextFile(new URL(file, ROOT))));
    // The main file is written as a function expression: it declares nothing but that function.
    const mainText = await Deno.readTextFile(new URL(s.main, ROOT));
    hidden.push(...undeclared(s.main, mainText));
    assert.deepEqual(hidden, []);
    assert.deepEqual(Object.keys(await import(new URL(s.main, ROOT).href)), [s.fn.name]);
  });

  Deno.test(`the inline script of ${s.name} hides none of the browser's globals behind a name it declares`, () => {
    const declared = s.modules.flatMap((m) => Object.keys(m));
    assert.deepEqual(declared.filter((name) => BROWSER_GLOBALS.has(name)), []);
  });

  Deno.test(`the inline script of ${s.name} parses, and its declarations run alone`, () => {
    new Function(s.script);
    new Function(`${moduleDeclarations(...s.modules)}\nreturn 0;`)();
    assert.ok(s.script.includes(`(${s.fn.toString()})();`));
  });
}
