/**
 * An in-process client of the public API for tests: every response it sees is checked against the OpenAPI
 * document with a real JSON Schema validator (Ajv, draft 2020-12), with no extra field allowed, and against
 * the headers every /api/v1 response carries. A response the document does not describe fails the test.
 */
import assert from "node:assert/strict";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Hono } from "hono";
import { createApp } from "../../main.ts";
import { silentLogger } from "../../lib/log.ts";
import type { Store } from "../../db/store.ts";
import { openApiDocument as documentOf } from "../../api/openapi.ts";
import { PUBLIC_ROUTES } from "../../api/routes.ts";

const openApiDocument = () => documentOf(PUBLIC_ROUTES);
import { CACHE_CONTROL } from "../../http/http_cache.ts";

const DOC_ID = "https://api.test/openapi.json";

/** The clock of the app under test. */
export const NOW = new Date("2026-11-28T10:00:00.000Z");

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A copy of the document where every object schema with properties allows no other property. */
function strict(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strict);
  if (!isObj(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = strict(v);
  const type = out.type;
  const isObject = type === "object" || (Array.isArray(type) && type.includes("object"));
  if (isObject && isObj(out.properties) && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

// deno-lint-ignore no-explicit-any
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true });
// deno-lint-ignore no-explicit-any
(addFormats as any)(ajv);
ajv.addSchema({ ...(strict(openApiDocument()) as Json), $id: DOC_ID });

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

const docPaths = Object.keys(openApiDocument().paths as Json);

/** The documented path template that a request path (under /api/v1) matches, or undefined. */
export function templateOf(path: string): string | undefined {
  return docPaths.find((template) => {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+").replaceAll(".", "\\.")}$`);
    return re.test(path);
  });
}

/** A checked response: status, headers, the text and (for JSON) the parsed body. */
export interface ApiResponse {
  res: Response;
  status: number;
  text: string;
  // deno-lint-ignore no-explicit-any
  body: any;
}

/** Every body the client saw, for the leak test. */
export const seenBodies: string[] = [];

/**
 * Checks a response of `method path` against the document: a documented status, the documented media type,
 * a body valid against the documented schema (or no body for 204, 304 and HEAD), and the shared headers.
 */
export function checkAgainstDocument(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  text: string,
) {
  const { pathname } = new URL(url, "http://x");
  const at = `${method} ${url} -> ${status}`;
  assert.equal(headers.get("cache-control"), CACHE_CONTROL, `${at}: Cache-Control`);
  assert.equal(headers.get("access-control-allow-origin"), "*", `${at}: Access-Control-Allow-Origin`);
  assert.match(headers.get("vary") ?? "", /Accept-Encoding/, `${at}: Vary`);
  if (status === 204 || status === 304 || method === "HEAD") {
    assert.equal(text, "", `${at}: no body`);
    return undefined;
  }
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim();
  const template = pathname.startsWith("/api/v1") ? templateOf(pathname.slice("/api/v1".length)) : undefined;
  let schemaRef: string;
  if (template === undefined) {
    // Paths outside the document are 404s, described by the Problem schema.
    assert.equal(status, 404, `${at}: an undocumented path is a 404`);
    schemaRef = `${DOC_ID}#/components/schemas/Problem`;
  } else {
    const op = method === "GET" ? "get" : method === "OPTIONS" ? "options" : "get";
    const responses = ((openApiDocument().paths as Json)[template] as Json)[op] as Json;
    const documented = (responses.responses as Json)[String(status)] as Json | undefined;
    assert.ok(documented, `${at}: status ${status} is documented for ${op.toUpperCase()} ${template}`);
    const content = documented.content as Json | undefined;
    assert.ok(content && type in content, `${at}: content type "${type}" is documented`);
    schemaRef = `${DOC_ID}#/${
      pointer("paths", template, op, "responses", String(status), "content", type, "schema")
    }`;
  }
  assert.match(
    type,
    status < 400 ? /^application\/json$/ : /^application\/problem\+json$/,
    `${at}: media type`,
  );
  const body = JSON.parse(text);
  const validate = ajv.getSchema(schemaRef);
  assert.ok(validate, `${at}: schema ${schemaRef} resolves`);
  if (!validate(body)) {
    assert.fail(`${at}: body does not match the document: ${JSON.stringify(validate.errors, null, 1)}`);
  }
  return body;
}

/** An app on the store and a `request` that checks every response against the document. */
export function apiClient(store: Store, clock: () => Date = () => NOW) {
  const app: Hono = createApp({ store, log: silentLogger, clock });
  return {
    app,
    async request(path: string, init: RequestInit = {}): Promise<ApiResponse> {
      const res = await app.request(path, init);
      const method = (init.method ?? "GET").toUpperCase();
      const encoding = res.headers.get("content-encoding");
      let text: string;
      if (encoding === null) text = await res.text();
      else {
        const raw = new Uint8Array(await res.arrayBuffer());
        text = raw.length === 0 ? "" : await decode(raw, encoding);
      }
      seenBodies.push(text);
      const body = checkAgainstDocument(method, path, res.status, res.headers, text);
      return { res, status: res.status, text, body };
    },
  };
}

/** Decodes a br or gzip body. */
export async function decode(bytes: Uint8Array<ArrayBuffer>, encoding: string): Promise<string> {
  if (encoding === "br") {
    const { brotliDecompressSync } = await import("node:zlib");
    return new TextDecoder().decode(brotliDecompressSync(bytes));
  }
  assert.equal(encoding, "gzip");
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}
