/**
 * The readable API reference at /api: server-rendered HTML from the OpenAPI document, self-contained (inline
 * CSS, no script, no CDN, no external asset) so that it works on an offline venue LAN. It carries the other
 * pages' security headers: main.ts mounts it behind the pages' middleware (pages/security_headers.ts), whose
 * nonce allows its one inline style, and which lets main's handler keep it with the style's hash instead.
 */
import type { Context } from "hono";
import type { AnswerVersion } from "../http/answer_cache.ts";
import { PROBLEM_TYPES, problemType } from "../http/problem.ts";
import { PUBLIC_ROUTES } from "./routes.ts";

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** Inline markup of descriptions: `code` spans only; everything else is escaped text. */
function inline(text: string): string {
  return text.split("`").map((part, i) => i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part))
    .join("");
}

/** Paragraphs (blank-line separated) and "- " lists of a description. */
function blocks(text: string): string {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    if (lines[0]?.startsWith("- ")) {
      const items: string[] = [];
      for (const line of lines) {
        if (line.startsWith("- ")) items.push(line.slice(2));
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      return `<ul>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`;
    }
    return `<p>${inline(lines.join(" "))}</p>`;
  }).join("\n");
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const schemaLink = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

/** A schema's type in words, with links to named schemas. */
function typeOf(schema: unknown): string {
  if (!isObj(schema)) return "any";
  if (typeof schema.$ref === "string") return schemaLink(refName(schema.$ref));
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      const named = parts.filter((p) => !(isObj(p) && Object.keys(p).length === 1 && "description" in p));
      return named.map(typeOf).join(key === "allOf" ? " and " : " or ");
    }
  }
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((v) => v === null ? "null" : `<code>${escapeHtml(JSON.stringify(v))}</code>`)
      .join(" | ");
  }
  const types = Array.isArray(schema.type) ? schema.type as string[] : [String(schema.type ?? "any")];
  return types.map((t) => {
    if (t === "array") return `array of ${typeOf(schema.items)}`;
    if (t === "string" && typeof schema.format === "string") return `string (${escapeHtml(schema.format)})`;
    return escapeHtml(t);
  }).join(" or ");
}

/** Limits of a schema in words (minimum, maximum, default). */
function limits(schema: Json): string {
  const parts: string[] = [];
  if (typeof schema.minimum === "number") parts.push(`min ${schema.minimum}`);
  if (typeof schema.maximum === "number") parts.push(`max ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.length ? ` <span class="muted">(${escapeHtml(parts.join(", "))})</span>` : "";
}

/**
 * A field's own description: on the field, or (a field of a named schema's shape) in the part of its `allOf`
 * that holds nothing else, beside the reference to the shared schema.
 */
function ownDescription(prop: Json): string | undefined {
  if (typeof prop.description === "string") return prop.description;
  const parts = Array.isArray(prop.allOf) ? prop.allOf.filter(isObj) : [];
  const part = parts.find((p) => typeof p.description === "string" && !("$ref" in p));
  return part?.description as string | undefined;
}

/** The rows of a schema's property table; nested objects get dotted names. */
function propertyRows(schema: Json, prefix = ""): string {
  const props = isObj(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required as string[] : []);
  return Object.entries(props).map(([name, raw]) => {
    const prop = isObj(raw) ? raw : {};
    const nested = isObj(prop.properties) ? propertyRows(prop, `${prefix}${name}.`) : "";
    const own = ownDescription(prop);
    const description = own === undefined ? "" : inline(own);
    return `<tr><td><code>${escapeHtml(prefix + name)}</code>${
      required.has(name) ? "" : " <span class=muted>optional</span>"
    }</td>` +
      `<td>${typeOf(prop)}${limits(prop)}</td><td>${description}</td></tr>${nested}`;
  }).join("\n");
}

function operationSection(path: string, method: string, op: Json): string {
  const id = typeof op.operationId === "string" ? op.operationId : `${method}-${path}`;
  const params = Array.isArray(op.parameters) ? op.parameters.filter(isObj) : [];
  const responses = isObj(op.responses) ? op.responses : {};
  const paramRows = params.map((p) => {
    const schema = isObj(p.schema) ? p.schema : {};
    return `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>` +
      `<td>${typeOf(schema)}${limits(schema)}</td><td>${
        inline(String(p.description ?? schema.description ?? ""))
      }</td></tr>`;
  }).join("\n");
  const responseRows = Object.entries(responses).map(([status, raw]) => {
    const r = isObj(raw) ? raw : {};
    const content = isObj(r.content) ? r.content : {};
    const media = Object.entries(content).map(([type, body]) =>
      `<code>${escapeHtml(type)}</code> ${isObj(body) ? typeOf(body.schema) : ""}`
    ).join("<br>");
    return `<tr><td>${escapeHtml(status)}</td><td>${
      inline(String(r.description ?? ""))
    }</td><td>${media}</td></tr>`;
  }).join("\n");
  return `<section class="op" id="${escapeHtml(id)}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/api/v1${
    escapeHtml(path)
  }</code></h3>
<p><strong>${inline(String(op.summary ?? ""))}</strong></p>
${blocks(String(op.description ?? ""))}
${
    paramRows
      ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr>${paramRows}</table>`
      : ""
  }
<h4>Responses</h4><table><tr><th>Status</th><th>Description</th><th>Body</th></tr>${responseRows}</table>
</section>`;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}
h1{margin-top:1.5rem}h2{border-bottom:2px solid #d0d7de;padding-bottom:.25rem;margin-top:3rem}
h3{margin-bottom:.25rem}code{font:.9em ui-monospace,monospace;background:#f3f4f6;padding:0 .2em;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.95em}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f6f8fa}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8em;padding:.1rem .4rem}
.get{background:#1a7f37}.options{background:#6e7781}.muted{color:#6e7781;font-size:.9em}
.op{border-top:1px solid #eaeef2;padding-top:.5rem}nav ul{columns:2}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}code{background:#161b22}
th{background:#161b22}th,td{border-color:#30363d}a{color:#58a6ff}}
`;

/** The reference page as HTML, rendered from an OpenAPI document; `nonce` allows its inline style. */
export function renderReferencePage(doc: Json, nonce: string): string {
  const info = isObj(doc.info) ? doc.info : {};
  const paths = isObj(doc.paths) ? doc.paths : {};
  const schemas = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
  const operations: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObj(op)) continue;
      operations.push(operationSection(path, method, op));
      if (method === "get") {
        toc.push(
          `<li><a href="#${escapeHtml(String(op.operationId))}"><code>GET /api/v1${
            escapeHtml(path)
          }</code></a></li>`,
        );
      }
    }
  }
  const schemaSections = Object.entries(schemas).filter(([, s]) => isObj(s)).map(([name, raw]) => {
    const schema = raw as Json;
    return `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>
${blocks(String(schema.description ?? ""))}
<table><tr><th>Field</th><th>Type</th><th>Description</th></tr>${propertyRows(schema)}</table></section>`;
  }).join("\n");
  const problems = PROBLEM_TYPES.map((p) =>
    `<section id="problem-${p.code}"><h3>${p.status} ${escapeHtml(p.title)}</h3>` +
    `<p><code>type</code>: <code>${escapeHtml(problemType(p.code))}</code></p><p>${
      inline(p.when)
    }.</p></section>`
  ).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title ?? "API"))}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(String(info.title ?? "API"))} <span class="muted">version ${
    escapeHtml(String(info.version ?? ""))
  }</span></h1>
${blocks(String(info.description ?? ""))}
<p>The machine-readable description: <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI 3.1).</p>
<nav><h2>Endpoints</h2><ul>${toc.join("\n")}</ul></nav>
${operations.join("\n")}
<h2 id="licence">Licence</h2>
<p>${
    escapeHtml(String(isObj(info.license) ? info.license.name ?? "" : ""))
  }: the API and its data are free to read,
keep and show, on any site and in any app, with no key, no account and no fee. Poll no faster than the data
changes.</p>
<h2 id="errors">Errors</h2>
${problems}
<h2 id="schemas">Schemas</h2>
${schemaSections}
</main>
</body>
</html>
`;
}

/**
 * What the page is served with: the pages' security middleware puts the response's nonce in `c.var.nonce`, and
 * reads a page's version from `c.var.pageVersion` (the shape of pages/security_headers.ts `PageEnv`).
 */
export interface ReferencePageEnv {
  Variables: { nonce: string; pageVersion: AnswerVersion | undefined };
}

/** The page around its nonce, rendered once per process (the document does not change while it runs). */
let halves: [before: string, after: string] | undefined;

const NONCE_SLOT = "\u0000nonce\u0000";

/** The document's version: it never changes while the process runs, so a kept page outlives every write. */
const UNCHANGING: AnswerVersion = { version: "reference", current: () => Promise.resolve("reference") };

/**
 * GET /api: the reference page. The document's module is loaded at the first request (see api/routes.ts
 * `openApiAnswer`).
 */
export async function referencePage(c: Context<ReferencePageEnv>): Promise<Response> {
  if (halves === undefined) {
    const page = renderReferencePage(
      (await import("./openapi.ts")).openApiDocument(PUBLIC_ROUTES),
      NONCE_SLOT,
    );
    const at = page.indexOf(NONCE_SLOT);
    halves = [page.slice(0, at), page.slice(at + NONCE_SLOT.length)];
  }
  c.set("pageVersion", UNCHANGING);
  return c.body(halves[0] + c.var.nonce + halves[1], 200, { "Content-Type": "text/html; charset=utf-8" });
}
