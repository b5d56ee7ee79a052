/**
 * The one answer cache of a server: finished answers kept by request URL, content coding and the version of
 * their resource, used by both ways an answer is made.
 *
 * - Main's handler (the hot path) serves a GET from here before the router and the middleware run: a poll of data
 *   that did not change then costs a generation read (mostly a cached value), a map lookup and a clone, less than
 *   a bare `Deno.serve` spends making its response. Anything else goes through the app, once for concurrent
 *   requests of the same URL (`miss`).
 * - In the app, http/respond.ts `serve()` takes its answer from here, or builds its body once per version (for
 *   every coding and every waiting request) and keeps it here; pages and the app's other answers are handed to
 *   `rememberPage` and `rememberApi`.
 *
 * One clock says when a kept answer may be stale: the store's generation (db/store_generation.ts), which any
 * committed write moves. An answer is served as it is at the generation it was last known right at; at a later
 * one, it is checked first with one read of its resource's version (db/read_versions.ts), and kept for that
 * generation too when the version held. An answer with no version (the OpenAPI document, a page without one) is
 * made again after any write.
 *
 * What is kept: public API answers (200 with its body, per content coding, and the ETag for 304s) and the public
 * pages whose answer depends on the URL and the data only (per content coding too: a kept page over 1 KiB is
 * compressed for a client that accepts br or gzip). A page is rendered with a placeholder nonce; the kept page
 * allows its inline scripts and styles by their hashes instead (pages/csp_hashes.ts), so that it is the same
 * bytes for everyone. Answers are clones of a kept, never-sent response: Deno.serve sends a clone's bytes without
 * copying them. Never kept: errors, 404s, HEAD (in the hot path), requests with a body, the management API and
 * the operator pages. Bounded by count and bytes, least recently used first out.
 */
import type { MiddlewareHandler } from "hono";
import { chooseCoding, type Coding, COMPRESSION_THRESHOLD, encode } from "./compression.ts";
import { ifNoneMatchHits } from "./http_cache.ts";
import { NEGOTIATED_PAGE_CACHE_CONTROL, PAGE_CACHE_CONTROL, pageEtag } from "./page_cache.ts";
import { requestTarget } from "./limits.ts";
import { BoundedLru } from "../lib/lru.ts";
import { SingleFlight } from "../lib/single_flight.ts";
import { Slots } from "../lib/slots.ts";
import { languageKey } from "../lib/languages.ts";
import { MAX_KEPT_BYTES } from "../views/payload.ts";
import { bytesOf, partsResponse, textResponse } from "./text_response.ts";

/** The version an answer was made at, and how to read the resource's version now (db/read_versions.ts). */
export interface AnswerVersion {
  version: string;
  current: () => Promise<string | null>;
}

/** What http/respond.ts knows of an answer it made. */
export interface AnswerFacts {
  /** The bytes it sends, already in the client's coding (none for a 304); keeping them copies nothing. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** Lets a kept answer be checked again after a write elsewhere with one small read, not made again. */
  version: AnswerVersion;
}

/**
 * What main's handler passes to the app (as Hono's env) for a GET it may keep the answer of: the store's
 * generation read before the app ran. The answer is kept under it, never under a later one.
 */
export interface KeptBindings {
  generation?: number;
}

/**
 * The per-request variables of the app's answers (Hono's typed `c.var`): the generation an answer may be kept
 * under (set by `keptGeneration`, absent when it may not be kept: an in-process call, HEAD), and what
 * http/respond.ts knows of the answer it made.
 */
export type AnswerEnv = {
  Bindings: KeptBindings;
  Variables: { generation?: number; answer?: AnswerFacts };
};

/** Middleware, mounted first: puts the generation main's handler passed into `c.var.generation`. */
export function keptGeneration(): MiddlewareHandler<AnswerEnv> {
  return async (c, next) => {
    const generation = (c.env as KeptBindings | undefined)?.generation;
    if (typeof generation === "number") c.set("generation", generation);
    await next();
  };
}

/** Turns a page rendered with a nonce into one with CSP hashes (pages/csp_hashes.ts), or null when it cannot. */
export type PageHasher = (
  html: string,
  policy: string,
  nonce: string,
) => Promise<{ html: string; policy: string } | null>;

/** What a page kept by `rememberPage` is made with. */
export interface PageOptions {
  /** The page's own version, read before its data: the kept page outlives writes that leave it alone. */
  version?: AnswerVersion;
  /** Turns the kept page's placeholder nonce into CSP hashes. */
  hashPage: PageHasher;
  /** A fresh nonce, for a page that is not kept. */
  nonce: () => string;
}

/**
 * A kept answer: one URL in one coding, at the version of its resource. Answers are clones of never-sent
 * template responses: cloning a response with a body of bytes costs a fraction of building one with its headers
 * (each header is validated on construction).
 */
interface Entry {
  /** The version it was made at; null for an answer kept for its generation only. */
  version: string | null;
  /** Reads the version now, to check the answer at a later generation (null: the app answers then). */
  current: (() => Promise<string | null>) | null;
  /** The latest generation it is known right at (-1: none yet, it is checked at its first hot request). */
  generation: number;
  /** Null for a page made for its generation only (an API answer always has one, a kept page its own). */
  etag: string | null;
  /** Null when only a 304 was seen so far (the entry can answer 304s only). */
  ok: Response | null;
  /** The 304 of an API answer or a kept page. */
  notModified: Response | null;
  /** The bytes `ok` sends (its own memory, not a copy). */
  body: Uint8Array<ArrayBuffer> | null;
  bytes: number;
}

/** Headers that describe a body, which a 304 does not carry; and the length, which Deno.serve sets itself. */
const BODY_HEADERS = new Set(["content-type", "content-encoding", "content-length"]);

const MAX_ENTRIES = 4000;

/**
 * Builds that run at once. A build awaits its queries one by one, so without a bound every poller's build
 * would start and hold its rows at the same time: after a write under 64 connections, 64 categories' worth of
 * rows and half-made JSON (docs/benchmarks.md, "Measured for the code"). A few at a time keep PostgreSQL's round
 * trips overlapped.
 */
const CONCURRENT_BUILDS = 4;

/** The brotli quality of kept pages (http/compression.ts `encode`): fast whatever the page holds. */
const PAGE_BROTLI_QUALITY = 4;

/** The key of the identity coding (no `Accept-Encoding`, or none the server sends). */
const IDENTITY = "-";

/**
 * The key of a request's kept answer: its coding and URL, and for a page the language it asks for besides its URL
 * (the `lang` cookie, `Accept-Language`: lib/languages.ts), when its URL names none.
 */
function keyOf(req: Request): string {
  const coding = codingKey(req.headers.get("accept-encoding"));
  return isApi(req.url) ? coding + " " + req.url : `${coding} ${languageKey(req)} ${req.url}`;
}

/** A key for the coding a client gets; an `Accept-Encoding` value maps to the same coding on every request. */
const codingKeys = new Map<string, string>();

function codingKey(acceptEncoding: string | null | undefined): string {
  if (acceptEncoding === null || acceptEncoding === undefined) return IDENTITY;
  let key = codingKeys.get(acceptEncoding);
  if (key === undefined) {
    key = chooseCoding(acceptEncoding) ?? IDENTITY;
    // Clients send a handful of distinct values; a flood of made-up ones must not grow this without bound.
    if (codingKeys.size < 256) codingKeys.set(acceptEncoding, key);
  }
  return key;
}

const isApi = (url: string) => requestTarget(url).startsWith("/api/");

/** The 304 of an answer: its headers without those that describe a body. */
function notModifiedOf(headers: Iterable<[string, string]>): Response {
  return new Response(null, {
    status: 304,
    headers: [...headers].filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())),
  });
}

/** How http/respond.ts asks for an answer: the request, the version and ETag it read, and how to build it. */
export interface VersionedRequest {
  url: string;
  acceptEncoding: string | null | undefined;
  /** The generation the answer may be kept under (`c.var.generation`). */
  generation: number | undefined;
  version: AnswerVersion;
  etag: string;
  /** Every header of a 200 in identity coding (Content-Encoding is added for the others). */
  headers: Record<string, string>;
}

/** An answer made for the cache: its never-sent template and the bytes it sends (the template's own). */
interface Made {
  template: Response;
  body: Uint8Array<ArrayBuffer>;
}

/** The kept answers of one server. */
export class AnswerCache {
  /** The nonce pages are rendered with when their answer is to be kept; it never leaves the process. */
  readonly placeholder: string = crypto.randomUUID().replaceAll("-", "");
  readonly #entries = new BoundedLru<Entry>(MAX_ENTRIES, MAX_KEPT_BYTES, (e) => e.bytes);
  /** Work going on, by what it makes: an app's run, a body's build, its compression (`miss`, `versioned`). */
  readonly #running = new SingleFlight();
  readonly #slots = new Slots(CONCURRENT_BUILDS);

  /**
   * The kept answer of a GET at this generation, or null when the app must answer. After a write, an answer
   * whose resource kept its version is still right: it is checked with one read of that version (a promise
   * then) and kept for the new generation.
   */
  answer(req: Request, generation: number): Response | Promise<Response | null> | null {
    const e = this.#entries.get(keyOf(req));
    if (e === undefined) return null;
    if (e.generation === generation) return this.#serve(e, req);
    const { version, current } = e;
    if (current === null) return null;
    return current().then((now) => {
      if (now !== version) return null;
      if (e.generation < generation) e.generation = generation;
      return this.#serve(e, req);
    });
  }

  /**
   * The answer of a GET that `answer` had not kept, from `run` (the app). Requests for the same URL and coding at
   * the same generation share one run: the first runs the app, the others wait for it and are answered from what
   * it kept, or run the app themselves when it kept nothing (an error, an answer never kept). After a point every
   * phone showing a page asks for the page again within a second: one render instead of one per phone.
   */
  miss(req: Request, generation: number, run: () => Response | Promise<Response>): Promise<Response> {
    const key = `run ${generation} ${keyOf(req)}`;
    const running = this.#running.pending(key);
    if (!running) {
      // A run for this generation that ended while this request checked an older answer's version kept its
      // answer: served, instead of a second run.
      const kept = this.answer(req, generation);
      if (kept instanceof Response) return Promise.resolve(kept);
    }
    if (running) {
      // Whether the first run answered or failed, this request is answered on its own merits.
      const next = () => {
        const kept = this.answer(req, generation);
        if (kept === null) return run();
        return kept instanceof Response ? kept : kept.then((r) => r ?? run());
      };
      return running.then(next, next);
    }
    return this.#running.run(key, run);
  }

  #serve(e: Entry, req: Request): Response | null {
    if (e.etag !== null) {
      const ifNoneMatch = req.headers.get("if-none-match");
      if (ifNoneMatch !== null && ifNoneMatchHits(ifNoneMatch, e.etag)) return e.notModified!.clone();
    }
    return e.ok === null ? null : e.ok.clone();
  }

  /**
   * The 200 of a versioned API answer (http/respond.ts), in the client's coding: kept, or made from the body of
   * its version (built once by `build`, from text or the parts of its bytes, for every coding and every request
   * waiting for it, and only a few builds at once; compressed once per coding) and kept. `built` is the identity
   * body when this request built it.
   */
  async versioned(
    req: VersionedRequest,
    build: () => Promise<string | Uint8Array[]>,
  ): Promise<{ res: Response; bytes: Uint8Array<ArrayBuffer>; built?: Uint8Array<ArrayBuffer> }> {
    const coding = codingKey(req.acceptEncoding);
    const key = coding + " " + req.url;
    const kept = this.#at(key, req);
    if (kept?.ok && kept.body) return { res: kept.ok.clone(), bytes: kept.body };
    const { version } = req.version;
    let built: Uint8Array<ArrayBuffer> | undefined;
    const identity = await this.#made(
      IDENTITY + " " + req.url,
      `build ${version} ${req.url}`,
      req,
      () =>
        this.#slots.run(async () => {
          const made = await build();
          const init = { status: 200, headers: req.headers };
          const template = typeof made === "string" ? textResponse(made, init) : partsResponse(made, init);
          // The body kept is the template's own bytes: one copy for the entry, its template and every answer.
          built = await bytesOf(template);
          return { template, body: built };
        }),
    );
    if (coding === IDENTITY) return { res: identity.template.clone(), bytes: identity.body, built };
    let answer = identity;
    if (identity.body.length > COMPRESSION_THRESHOLD) {
      answer = await this.#made(key, `encode ${coding} ${version} ${req.url}`, req, async () => {
        const bytes = await encode(identity.body, coding as Coding);
        const headers = { ...req.headers, "Content-Encoding": coding };
        const template = new Response(bytes, { status: 200, headers });
        return { template, body: await bytesOf(template) };
      });
    } else this.#keep(key, req, identity);
    return { res: answer.template.clone(), bytes: answer.body, built };
  }

  /** The answer of `key` at the request's version: kept, being made by another request, or made now. */
  async #made(
    key: string,
    work: string,
    req: VersionedRequest,
    make: () => Promise<Made>,
  ): Promise<Made> {
    const kept = this.#at(key, req);
    if (kept?.ok && kept.body) return { template: kept.ok, body: kept.body };
    const made = await this.#running.run(work, make);
    this.#keep(key, req, made);
    return made;
  }

  /** The kept entry of `key` at the request's version (then known right at its generation too). */
  #at(key: string, req: VersionedRequest): Entry | undefined {
    const e = this.#entries.get(key);
    if (e?.version !== req.version.version) return undefined;
    if (req.generation !== undefined && e.generation < req.generation) e.generation = req.generation;
    return e;
  }

  /** Keeps a 200 of a versioned answer, unless an answer known right at a later generation is kept already. */
  #keep(key: string, req: VersionedRequest, { template, body }: Made): void {
    const generation = req.generation ?? -1;
    const old = this.#entries.peek(key);
    if (
      old !== undefined && (old.generation > generation || (old.version === req.version.version && old.ok))
    ) {
      return;
    }
    this.#entries.set(key, {
      version: req.version.version,
      current: req.version.current,
      generation,
      etag: req.etag,
      ok: template,
      notModified: notModifiedOf(Object.entries(req.headers)),
      body,
      bytes: body.length,
    });
  }

  /**
   * Notes a 304 that http/respond.ts gave for the request's ETag: a kept 200 of that version is known right at
   * the request's generation; with none kept, an entry that answers 304s only is kept.
   */
  notModified(req: VersionedRequest): void {
    if (req.generation === undefined) return;
    const key = codingKey(req.acceptEncoding) + " " + req.url;
    const e = this.#entries.peek(key);
    if (e?.etag === req.etag && (e.ok !== null || e.generation === req.generation)) {
      if (e.generation < req.generation) e.generation = req.generation;
      return;
    }
    this.#entries.set(key, {
      version: req.version.version,
      current: req.version.current,
      generation: req.generation,
      etag: req.etag,
      ok: null,
      notModified: notModifiedOf(Object.entries(req.headers)),
      body: null,
      bytes: 0,
    });
  }

  /**
   * Keeps an API answer of a GET that http/respond.ts did not make (the OpenAPI document: 200 or 304 with an
   * ETag), for the generation it was made at; gives back a response equal to `res` (which may be `res` itself).
   */
  async rememberApi(req: Request, generation: number, res: Response): Promise<Response> {
    const etag = res.headers.get("etag");
    if ((res.status !== 200 && res.status !== 304) || etag === null || !isApi(req.url)) return res;
    const key = keyOf(req);
    const all = [...res.headers].filter(([name]) => name !== "content-length");
    const kept = this.#entries.peek(key);
    if (res.status === 304) {
      if (kept?.etag === etag && (kept.ok !== null || kept.generation === generation)) {
        // The 200 kept for this ETag is still right: it only needed checking again.
        if (kept.generation < generation) kept.generation = generation;
        return res;
      }
      this.#entries.set(key, {
        version: null,
        current: null,
        generation,
        etag,
        ok: null,
        notModified: notModifiedOf(all),
        body: null,
        bytes: 0,
      });
      return res;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const ok = new Response(body, { status: 200, headers: all });
    this.#entries.set(key, {
      version: null,
      current: null,
      generation,
      etag,
      ok,
      notModified: notModifiedOf(all),
      body,
      bytes: body.length,
    });
    return ok.clone();
  }

  /**
   * Makes the answer of a page rendered with `placeholder` as its nonce: a 200 HTML page made at `generation` is
   * kept with CSP hashes instead of the nonce and answered from there; anything else gets a fresh nonce. With a
   * version (read before the page's data), the kept page outlives writes that leave that version alone.
   */
  async rememberPage(
    req: Request,
    generation: number,
    res: Response,
    options: PageOptions,
  ): Promise<Response> {
    const text = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const isHtml = res.headers.get("content-type")?.startsWith("text/html") ?? false;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    const hashed = res.status === 200 && isHtml && !isApi(req.url)
      ? await options.hashPage(text, csp, this.placeholder)
      : null;
    if (hashed) {
      headers.set("content-security-policy", hashed.policy);
      // The same bytes for everyone: cacheable for a short while and revalidated by ETag (http/page_cache.ts).
      const etag = pageEtag(hashed.html);
      headers.set("etag", etag);
      // A page whose language the request's headers chose (its `Vary` names them) is kept here by them
      // (`keyOf`) but only by the reader's browser outside: CDNs that ignore `Vary` would mix the languages.
      const vary = res.headers.get("vary");
      headers.set("cache-control", vary === null ? PAGE_CACHE_CONTROL : NEGOTIATED_PAGE_CACHE_CONTROL);
      // A kept page is sent compressed to a client that accepts it, as the API's answers are: a phone fetches
      // its page again whenever the data it shows changes (an event page shrinks to a tenth as br).
      headers.set("vary", vary === null ? "Accept-Encoding" : `Accept-Encoding, ${vary}`);
      const coding = hashed.html.length > COMPRESSION_THRESHOLD
        ? chooseCoding(req.headers.get("accept-encoding"))
        : null;
      const ok = coding
        ? new Response(await encode(new TextEncoder().encode(hashed.html), coding, PAGE_BROTLI_QUALITY), {
          status: 200,
          headers: (headers.set("content-encoding", coding), headers),
        })
        : textResponse(hashed.html, { status: 200, headers });
      const body = await bytesOf(ok);
      this.#entries.set(keyOf(req), {
        version: options.version?.version ?? null,
        current: options.version?.current ?? null,
        generation,
        etag,
        ok,
        notModified: notModifiedOf(ok.headers),
        body,
        bytes: body.length,
      });
      if (ifNoneMatchHits(req.headers.get("if-none-match"), etag)) return notModifiedOf(ok.headers);
      return ok.clone();
    }
    const nonce = options.nonce();
    if (csp) headers.set("content-security-policy", csp.replaceAll(this.placeholder, nonce));
    return new Response(text.replaceAll(this.placeholder, nonce), { status: res.status, headers });
  }

  /** How many answers are kept. */
  get size(): number {
    return this.#entries.size;
  }
}
