/**
 * Every file a comment or a document names exists: a comment that points at a file renamed or removed sends its
 * reader nowhere, so a rename that forgets one fails here. A path is written from the repository's root or from a
 * folder the naming file sits in (pages/client_script.ts names its `client/` files so); `path/to/…` is a placeholder,
 * and `../` leaves the repository.
 */
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED = new Set(["node_modules", "data", "coverage"]);

/** A file path in text: folders and a file with a known ending, not a part of a longer name or of a URL. */
const PATH =
  /(?<![\w./@:-])([a-z_][\w.-]*\/(?:[\w.-]+\/)*[\w.-]+\.(?:ts|tsx|md|json|sql|sh|js|css|html))(?![\w/]|\.\w)/g;

/** The comments of a source file (a `//` inside a string is taken too: a URL, which PATH passes over). */
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/**
 * The file paths a text names, each with its line.
 * @example namedPaths("// see api/mod.ts\nconst x = 1;") // [{ path: "api/mod.ts", line: 1 }]
 */
export function namedPaths(text: string, source = true): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  const parts = source
    ? [...text.matchAll(COMMENTS)].map((m) => ({ text: m[0], at: m.index }))
    : [{ text, at: 0 }];
  for (const part of parts) {
    for (const m of part.text.matchAll(PATH)) {
      const at = part.at + m.index;
      found.push({ path: m[1]!, line: text.slice(0, at).split("\n").length });
    }
  }
  return found.filter(({ path }) => !path.startsWith("path/to/"));
}

async function* files(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* files(path);
    else if (/\.(ts|tsx|md)$/.test(entry.name)) yield path;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("namedPaths() finds paths in comments only, and not in URLs or longer names", () => {
  const text = [
    "// The list (views/category_matches.ts) and pages/tv.tsx.",
    'const url = "https://example.org/api/mod.ts"; // https://deno.land/x/y/mod.ts',
    'import { x } from "./api/mod.ts";',
    "/* bench/run.ts.gz, path/to/event.json, @std/assert/mod.ts */",
  ].join("\n");
  assert.deepEqual(namedPaths(text), [
    { path: "views/category_matches.ts", line: 1 },
    { path: "pages/tv.tsx", line: 1 },
  ]);
  assert.deepEqual(namedPaths("See `docs/api.md`.", false), [{ path: "docs/api.md", line: 1 }]);
});

Deno.test("[hygiene] every file path named in a comment or a document exists", async () => {
  const missing: string[] = [];
  for await (const file of files(ROOT)) {
    const name = relative(ROOT, file);
    for (const { path, line } of namedPaths(await Deno.readTextFile(file), !file.endsWith(".md"))) {
      // From the root, or from a folder the file sits in.
      const folders = [ROOT];
      for (let dir = dirname(file); dir.startsWith(ROOT) && dir !== ROOT; dir = dirname(dir)) {
        folders.push(dir);
      }
      let found = false;
      for (const folder of folders) if (!found) found = await exists(join(folder, path));
      if (!found) missing.push(`${name}:${line} names ${path}`);
    }
  }
  assert.deepEqual(missing, [], `files named that do not exist:\n${missing.join("\n")}`);
});
