/**
 * Finished API bodies kept by resource and data revision, so that repeated reads of data that did not change
 * cost neither queries nor serialisation nor compression. An entry is only served for the revision it was built
 * at; a write makes every entry stale at once. Bounded by count and bytes, least recently used first out.
 */
import { type Coding, encode } from "./compression.ts";
import { BoundedLru } from "../lib/lru.ts";
import { SingleFlight } from "../lib/single_flight.ts";
import { Slots } from "../lib/slots.ts";
import { MAX_KEPT_BYTES } from "../views/payload.ts";
import { bytesOf, partsResponse, textResponse } from "./text_response.ts";

interface Entry {
  revision: string;
  /** The bytes of the identity template (the same memory, not a copy). */
  body: Uint8Array<ArrayBuffer>;
  encoded: Map<Coding, Uint8Array<ArrayBuffer>>;
  /** Never-sent responses per coding ("identity" for none), cloned for each answer. */
  templates: Map<Coding | "identity", Response>;
  bytes: number;
}

const MAX_ENTRIES = 2000;
/** The bytes of bodies the cache holds at most (views/category_matches.ts keeps no more of its own). */
const MAX_BYTES = MAX_KEPT_BYTES;

/**
 * Builds that run at once. A build awaits its queries one by one, so without a bound every poller's build
 * would start and hold its rows at the same time: after a write under 64 connections, 64 categories' worth of
 * rows and half-made JSON (~100 MB of heap). A few at a time keep PostgreSQL's round trips overlapped.
 */
const CONCURRENT_BUILDS = 4;

/**
 * A bounded LRU of response bodies keyed by resource, valid for one revision each. Concurrent requests for a
 * body not built yet share one build (after a write, every poller of a category asks for the same new body at
 * once: one build instead of one per connection, in time and in memory), and only a few builds run at once.
 */
export class ResponseCache {
  readonly #entries = new BoundedLru<Entry>(MAX_ENTRIES, MAX_BYTES, (e) => e.bytes);
  readonly #building = new SingleFlight();
  readonly #slots = new Slots(CONCURRENT_BUILDS);

  /** The body of `key` at `revision`, or undefined when not cached for that revision. */
  get(key: string, revision: string): Uint8Array<ArrayBuffer> | undefined {
    const e = this.#entries.get(key);
    return e && e.revision === revision ? e.body : undefined;
  }

  /**
   * The body of `key` at `revision`: cached, being built by another request, or built now from the text (or the
   * parts of its bytes, in order) that `build` gives. A new body becomes the identity template at once (with
   * `headers`), and the body kept is that template's own bytes: one copy in memory for the entry, its template
   * and every answer cloned from it.
   */
  async body(
    key: string,
    revision: string,
    build: () => Promise<string | Uint8Array[]>,
    headers: Record<string, string>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const cached = this.get(key, revision);
    if (cached) return cached;
    const built = await this.#building.run(`${revision} ${key}`, () =>
      this.#slots.run(async () => {
        const made = await build();
        const init = { status: 200, headers };
        const template = typeof made === "string" ? textResponse(made, init) : partsResponse(made, init);
        return { template, body: await bytesOf(template) };
      }));
    if (this.#entries.peek(key)?.revision !== revision) {
      this.#entries.set(key, {
        revision,
        body: built.body,
        encoded: new Map(),
        templates: new Map([["identity", built.template]]),
        bytes: built.body.length,
      });
    }
    return built.body;
  }

  /** The body of `key` at `revision` compressed with `coding`, computed once per revision. */
  async encoded(key: string, revision: string, coding: Coding): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const e = this.#entries.peek(key);
    if (!e || e.revision !== revision) return undefined;
    let out = e.encoded.get(coding);
    if (!out) {
      out = await this.#building.run(`${coding} ${revision} ${key}`, () => encode(e.body, coding));
      if (this.#entries.peek(key) === e && !e.encoded.has(coding)) {
        e.encoded.set(coding, out);
        e.bytes += out.length;
        this.#entries.grew(out.length);
      }
    }
    return out;
  }

  /**
   * A response for `key` at `revision` in a coding, as a clone of a template kept with the body: Deno.serve sends
   * a cloned response's bytes as they are, where a response made from bytes is copied first (measured: a third
   * of the throughput and +60 MB of resident memory for 130 kB answers under 64 connections). `make` builds the
   * template of a coding (or the answer itself when the entry is gone); the identity template is made by body().
   */
  response(key: string, revision: string, variant: Coding | "identity", make: () => Response): Response {
    const e = this.#entries.peek(key);
    if (!e || e.revision !== revision) return make();
    let template = e.templates.get(variant);
    if (!template) e.templates.set(variant, template = make());
    return template.clone();
  }

  get size(): number {
    return this.#entries.size;
  }
}
