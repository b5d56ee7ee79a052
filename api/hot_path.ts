/**
 * The hot path: finished answers kept by request URL and store generation (db/store_generation.ts), served
 * before the router and the middleware run. A poll of data that did not change then costs a generation read
 * (mostly a cached value), a map lookup and a clone, less than a bare `Deno.serve` spends making its response;
 * anything else, or the first request after any write, goes through the app, which hands its answer back here
 * to be kept.
 *
 * What is kept: public API answers (200 with its body, per content coding, and the ETag for 304s) and the public
 * pages whose answer depends on the URL and the data only (per content coding too: a kept page over 1 KiB is
 * compressed for a client that accepts br or gzip). A page is rendered with a placeholder nonce; the kept page
 * allows its inline scripts and styles by their hashes instead (pages/csp_hashes.ts), so that it is the same
 * bytes for everyone. Answers are clones of a kept, never-sent response: Deno.serve sends a clone's
 * bytes without copying them.
 * Never kept: errors, 404s, HEAD, requests with a body, the management API and the operator pages.
 */
import { chooseCoding, COMPRESSION_THRESHOLD, encode } from "./compression.ts";
import { ifNoneMatchHits } from "./http_cache.ts";
import { requestTarget } from "./limits.ts";
import { BoundedLru } from "../lib/lru.ts";
import { SingleFlight } from "../lib/single_flight.ts";
import { textResponse } from "./text_response.ts";

/** What main's handler passes to the app on a miss (as Hono's env), so that the answer can be kept. */
export interface HotEnv {
  hot: HotResponses;
  /** The store's generation read before the app ran: the answer is kept under it, never under a later one. */
  generation: number;
}

/** The hot env of a request, when main's handler passed one (in-process tests calling the app pass none). */
export function hotEnvOf(env: unknown): HotEnv | undefined {
  const e = env as Partial<HotEnv> | undefined;
  return e?.hot instanceof HotResponses && typeof e.generation === "number" ? e as HotEnv : undefined;
}

type HeaderList = [string, string][];

/** The version an answer was made at, and how to read the resource's version now (db/read_versions.ts). */
export interface AnswerVersion {
  version: string;
  current: () => Promise<string | null>;
}

/** What api/respond.ts knows of an answer it made. */
export interface AnswerFacts {
  /** The bytes it sends, already in the client's coding (none for a 304); keeping them copies nothing. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** Lets a kept answer be checked again after a write elsewhere with one small read, not made again. */
  version: AnswerVersion;
}

/** The per-request variable an answer of api/respond.ts is described in (Hono's typed `c.var`). */
export type AnswerEnv = { Variables: { answer?: AnswerFacts } };

/**
 * A kept API answer. Answers are clones of never-sent template responses: cloning a response with a body of
 * bytes costs a fraction of building one with its headers (each header is validated on construction).
 */
interface ApiEntry {
  generation: number;
  etag: string;
  /** Null when only a 304 was seen so far (the entry can answer 304s only). */
  ok: Response | null;
  bytes: number;
  notModified: Response;
  /** How to check the answer again when the generation moved on (none: the app answers then). */
  version?: AnswerVersion;
}

interface PageEntry {
  generation: number;
  ok: Response;
  bytes: number;
  /** How to check the page again when the generation moved on (none: the app renders it then). */
  version?: AnswerVersion;
}

/** Turns a page rendered with a nonce into one with CSP hashes (pages/csp_hashes.ts), or null when it cannot. */
export type PageHasher = (
  html: string,
  policy: string,
  nonce: string,
) => Promise<{ html: string; policy: string } | null>;

/** Headers that describe a body, which a 304 does not carry; and the length, which Deno.serve sets itself. */
const BODY_HEADERS = new Set(["content-type", "content-encoding", "content-length"]);

const MAX_ENTRIES = 4000;
const MAX_BYTES = 32 * 1024 * 1024;

/** A key for the coding a client gets; an `Accept-Encoding` value maps to the same coding on every request. */
const codingKeys = new Map<string, string>();

function codingKey(acceptEncoding: string | null): string {
  if (acceptEncoding === null) return "-";
  let key = codingKeys.get(acceptEncoding);
  if (key === undefined) {
    key = chooseCoding(acceptEncoding) ?? "-";
    // Clients send a handful of distinct values; a flood of made-up ones must not grow this without bound.
    if (codingKeys.size < 256) codingKeys.set(acceptEncoding, key);
  }
  return key;
}

const isApi = (url: string) => requestTarget(url).startsWith("/api/");

/** The brotli quality of kept pages (api/compression.ts `encode`): fast whatever the page holds. */
const PAGE_BROTLI_QUALITY = 4;

/** A page is kept per URL and per the coding its client gets. */
const pageKey = (req: Request, url: string) => codingKey(req.headers.get("accept-encoding")) + " " + url;

/**
 * A kept answer made at an older generation, served when its resource's version is still the one it was made
 * at (then it is kept for `generation` too, so the next request needs no read); null when the version moved.
 */
function checked(
  e: { generation: number },
  generation: number,
  version: AnswerVersion,
  serve: () => Response | null,
): Promise<Response | null> {
  return version.current().then((now) => {
    if (now !== version.version) return null;
    if (e.generation < generation) e.generation = generation;
    return serve();
  });
}

/** The kept answers of one server. */
export class HotResponses {
  /** The nonce pages are rendered with when their answer is to be kept; it never leaves the process. */
  readonly placeholder: string;
  readonly #api = new BoundedLru<ApiEntry>(MAX_ENTRIES, MAX_BYTES, (e) => e.bytes);
  readonly #pages = new BoundedLru<PageEntry>(MAX_ENTRIES, MAX_BYTES, (e) => e.bytes);
  readonly #nonce: () => string;
  readonly #hashPage: PageHasher;
  /** The app's runs going on, by generation, coding and URL (see `miss`). */
  readonly #running = new SingleFlight();

  /** `nonce` makes a fresh CSP nonce for a page that is not kept; `hashPage` turns a kept page to hashes. */
  constructor(options: { nonce: () => string; hashPage: PageHasher }) {
    this.#nonce = options.nonce;
    this.#hashPage = options.hashPage;
    this.placeholder = options.nonce();
  }

  /**
   * The kept answer of a GET at this generation, or null when the app must answer. After a write, an API answer
   * whose resource kept its version is still right: it is checked with one read of that version (a promise
   * then) and kept for the new generation.
   */
  answer(req: Request, generation: number): Response | Promise<Response | null> | null {
    const url = req.url;
    if (isApi(url)) {
      const e = this.#api.get(codingKey(req.headers.get("accept-encoding")) + " " + url);
      if (e === undefined) return null;
      if (e.generation === generation) return this.#serve(e, req);
      return e.version === undefined ? null : checked(e, generation, e.version, () => this.#serve(e, req));
    }
    const e = this.#pages.get(pageKey(req, url));
    if (e === undefined) return null;
    if (e.generation === generation) return e.ok.clone();
    return e.version === undefined ? null : checked(e, generation, e.version, () => e.ok.clone());
  }

  /**
   * The answer of a GET that `answer` had not kept, from `run` (the app). Requests for the same URL and coding at
   * the same generation share one run: the first runs the app, the others wait for it and are answered from what
   * it kept, or run the app themselves when it kept nothing (an error, an answer never kept). After a point every
   * phone showing a page asks for the page again within a second: one render instead of one per phone.
   */
  miss(req: Request, generation: number, run: () => Response | Promise<Response>): Promise<Response> {
    const key = `${generation} ${codingKey(req.headers.get("accept-encoding"))} ${req.url}`;
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

  #serve(e: ApiEntry, req: Request): Response | null {
    const ifNoneMatch = req.headers.get("if-none-match");
    if (ifNoneMatch !== null && ifNoneMatchHits(ifNoneMatch, e.etag)) return e.notModified.clone();
    return e.ok === null ? null : e.ok.clone();
  }

  /**
   * Keeps a public API answer of a GET (200 or 304 with an ETag) made at `generation`; gives back a response
   * equal to `res` (which may be `res` itself).
   */
  async rememberApi(req: Request, generation: number, res: Response, facts?: AnswerFacts): Promise<Response> {
    const etag = res.headers.get("etag");
    if ((res.status !== 200 && res.status !== 304) || etag === null || !isApi(req.url)) return res;
    const key = codingKey(req.headers.get("accept-encoding")) + " " + req.url;
    const all: HeaderList = [...res.headers].filter(([name]) => name !== "content-length");
    const notModified = new Response(null, {
      status: 304,
      headers: all.filter(([name]) => !BODY_HEADERS.has(name)),
    });
    const { bytes: known, version } = facts ?? {};
    if (res.status === 304) {
      const kept = this.#api.peek(key);
      if (kept?.etag === etag && kept.ok !== null) {
        // The 200 kept for this ETag is still right: it only needed checking again.
        if (kept.generation < generation) kept.generation = generation;
        return res;
      }
      if (kept?.generation === generation && kept.etag === etag) return res;
      this.#api.set(key, { generation, etag, ok: null, bytes: 0, notModified, version });
      return res;
    }
    // A response of the response cache is itself a clone of a template there: cloning it again keeps its bytes
    // without a copy (a response made from bytes copies them, 130 kB per category list and per write).
    if (known) {
      this.#api.set(key, { generation, etag, ok: res.clone(), bytes: known.length, notModified, version });
      return res;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const ok = new Response(body, { status: 200, headers: all });
    this.#api.set(key, { generation, etag, ok, bytes: body.length, notModified, version });
    return ok.clone();
  }

  /**
   * Makes the answer of a page rendered with `placeholder` as its nonce: a 200 HTML page made at `generation` is
   * kept with CSP hashes instead of the nonce and answered from there; anything else gets a fresh nonce. With
   * `version` (read before the page's data), the kept page outlives writes that leave that version alone.
   */
  async rememberPage(
    req: Request,
    generation: number,
    res: Response,
    version?: AnswerVersion,
  ): Promise<Response> {
    const text = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const isHtml = res.headers.get("content-type")?.startsWith("text/html") ?? false;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    const hashed = res.status === 200 && isHtml && !isApi(req.url)
      ? await this.#hashPage(text, csp, this.placeholder)
      : null;
    if (hashed) {
      headers.set("content-security-policy", hashed.policy);
      // A kept page is sent compressed to a client that accepts it, as the API's answers are: a phone fetches
      // its page again whenever the data it shows changes (the bench's event page: 67 kB, 6.5 kB as br).
      headers.set("vary", "Accept-Encoding");
      const coding = hashed.html.length > COMPRESSION_THRESHOLD
        ? chooseCoding(req.headers.get("accept-encoding"))
        : null;
      let ok: Response;
      let bytes: number;
      if (coding) {
        const body = await encode(new TextEncoder().encode(hashed.html), coding, PAGE_BROTLI_QUALITY);
        headers.set("content-encoding", coding);
        ok = new Response(body, { status: 200, headers });
        bytes = body.length;
      } else {
        ok = textResponse(hashed.html, { status: 200, headers });
        bytes = hashed.html.length;
      }
      this.#pages.set(pageKey(req, req.url), { generation, ok, bytes, version });
      return ok.clone();
    }
    const nonce = this.#nonce();
    if (csp) headers.set("content-security-policy", csp.replaceAll(this.placeholder, nonce));
    return new Response(text.replaceAll(this.placeholder, nonce), { status: res.status, headers });
  }
}
