/**
 * The venue server's relay (docs/relay.md): pushes its event to the public server whenever the link is up,
 * never making the venue wait for it. It runs beside the server, reads the store, and sends the parts of the event
 * that differ from what the public server acknowledged (db/relay_sent.ts): the outbox is the store itself, so
 * nothing is lost to a restart, a kill -9 or a day offline, and catching up sends what changed, not the history.
 * @module
 */
import { gzip } from "node:zlib";
import { promisify } from "node:util";
import type { RelayControl, RelayErrorWords, RelayStatus } from "../http/deps.ts";
import type { RelayPush } from "../db/relay_apply.ts";
import type { RelayState } from "../db/read_relay.ts";
import {
  matchesChangedSince,
  partHash,
  partKind,
  partStamps,
  readParts,
  relayedEvent,
  type RelayPart,
} from "../db/relay_parts.ts";
import {
  readSent,
  recordSent,
  rememberedRelaySlug,
  rememberRelaySlug,
  resetSent,
  type SentPart,
  venueRelayId,
} from "../db/relay_sent.ts";
import { globalRevision } from "../db/revision.ts";
import type { Store } from "../db/store.ts";
import type { Logger } from "../lib/log.ts";

const gzipped = promisify(gzip);

/** How the relay is set: the public server's address, the relay token, and what tests change. */
export interface RelayOptions {
  url: string;
  token: string;
  store: Store;
  log: Logger;
  clock?: () => Date;
  /** How often the store is looked at for a change (ms; one read of the global revision, 50 by default). */
  pollMs?: number;
  /** A push with nothing new after this long, so the public side knows the hall is there (ms). */
  heartbeatMs?: number;
  /** The longest wait between tries while the link is down (ms). */
  maxBackoffMs?: number;
  /** Parts read and sent at most in one round (the rest follow at once). */
  partsPerRound?: number;
  /** Bytes of JSON at most in one push, before gzip. */
  pushBytes?: number;
  /** How long one request may take before the link counts as down (ms). */
  requestTimeoutMs?: number;
}

/** The longest time between two reads of every match's stamp (ms). */
const FULL_SCAN_MS = 60_000;

/** A refusal of the public server, in words for the desk. */
class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly seq?: number,
    readonly since?: string,
  ) {
    super(message);
  }
}

/** The venue's relay: `start()` once; `status()` for /manage; `stop()` on shutdown. */
export class RelayPusher implements RelayControl {
  #state: RelayStatus;
  #stopped = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;
  #takeover = false;
  #synced = false;
  #venue = "";
  #lastPushAt = 0;
  #offlineSince: Date | null = null;
  /** The global revision before the last round that sent everything, and when the last full read was. */
  #scannedAt: number | null = null;
  #lastFullScan = 0;
  readonly #clock: () => Date;
  readonly #base: string;
  /** Bytes sent (bodies as sent, gzip), for the benchmark. */
  bytesSent = 0;
  pushes = 0;

  constructor(readonly options: RelayOptions) {
    this.#clock = options.clock ?? (() => new Date());
    this.#base = options.url.replace(/\/+$/, "");
    this.#state = {
      url: this.#base,
      slug: "",
      state: "starting",
      since: this.#clock().toISOString(),
      waiting: 0,
      lastAckAt: null,
      seq: 0,
      lastError: null,
      lastErrorWords: null,
      heldElsewhere: false,
    };
  }

  status(): RelayStatus {
    return { ...this.#state };
  }

  takeOver(): void {
    this.#takeover = true;
    this.#synced = false;
    this.#wake?.();
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    let backoff = 250;
    let seen = -1;
    while (!this.#stopped) {
      let wait = this.options.pollMs ?? 50;
      try {
        const revision = await globalRevision(this.options.store.db);
        const heartbeatDue = Date.now() - this.#lastPushAt >= (this.options.heartbeatMs ?? 30_000);
        if (!this.#synced || revision !== seen || heartbeatDue || this.#state.waiting > 0) {
          const more = await this.#round(heartbeatDue);
          if (!more) seen = revision;
          else wait = 0;
        }
        backoff = 250;
        this.#offlineSince = null;
      } catch (e) {
        wait = this.#failed(e, backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 5000);
        // The outbox while the link is down: what changed here since the public server last acknowledged it.
        this.#state.waiting = await this.#changedSinceAck().catch(() => this.#state.waiting);
      }
      if (wait > 0 && !this.#stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = null;
      }
    }
  }

  /** One round: find what differs, push it; true when more remains for another round at once. */
  async #round(heartbeat: boolean): Promise<boolean> {
    const db = this.options.store.db;
    if (!this.#venue) this.#venue = await venueRelayId(db);
    if (!this.#synced || !this.#state.slug) {
      // Asked again at each sync: the token may have been replaced by one of another event.
      this.#state.slug = await this.#whoami();
      await rememberRelaySlug(db, this.#state.slug);
    }
    const slug = this.#state.slug;
    if (!this.#synced) {
      const state = await this.#request<{ relay: RelayState }>("GET", `/api/manage/relay/events/${slug}`);
      const held = state.relay.venue !== null && state.relay.venue !== this.#venue;
      this.#state.heldElsewhere = held && !this.#takeover;
      if (this.#state.heldElsewhere) {
        throw new Refused(
          `another venue server has pushed this event since ${state.relay.holderSince}: take it over to push from ` +
            `this one`,
          409,
          "relay-held",
          undefined,
          state.relay.holderSince ?? undefined,
        );
      }
      await resetSent(db, slug, held ? {} : state.relay.parts);
      this.#scannedAt = null;
      this.#state.seq = held ? 0 : state.relay.seq;
      this.#synced = true;
    }
    const event = await relayedEvent(db, slug);
    if (!event) {
      this.#state.waiting = 0;
      this.#connected(`the store has no event "${slug}" yet`, { code: "no-event", slug });
      return false;
    }
    const sent = await readSent(db, slug);
    const published = event.status === "published";
    // Reading every match's stamp costs tens of ms on a large event, on the server's own thread: between full
    // reads (at each sync and at least once a minute), the change feed names the matches changed since the last
    // round that finished everything. What the feed cannot tell waits for the next full read.
    const revision = await globalRevision(db);
    const full = !published || this.#scannedAt === null || Date.now() - this.#lastFullScan >= FULL_SCAN_MS;
    let changed = full ? null : await matchesChangedSince(db, event.id, this.#scannedAt!);
    // While the event is not published here, only the event itself goes (so the public side hides it too).
    let stamps = published ? await partStamps(db, event.id, changed ?? undefined) : new Map<string, string>();
    // Ratings rebuilt rewrite the rating history of matches the change feed does not name: read them all.
    const rankings = (stamp: string | undefined) => stamp?.split("/")[1];
    if (changed !== null && rankings(stamps.get("ratings")) !== rankings(sent.get("ratings")?.stamp)) {
      changed = null;
      stamps = await partStamps(db, event.id);
    }
    const dirty = ["event", ...[...stamps].filter(([k, s]) => sent.get(k)?.stamp !== s).map(([k]) => k)];
    const removed = !published ? [] : [...sent.keys()].filter((k) =>
      k !== "event" && !stamps.has(k) &&
      (changed === null || partKind(k) !== "match" || changed.includes(k.slice("match:".length)))
    );
    dirty.sort((a, b) => kindOrder(a) - kindOrder(b));
    const limit = this.options.partsPerRound ?? 2000;
    const round = dirty.slice(0, limit);
    const parts = await readParts(db, event.id, round);
    const toSend: { part: RelayPart; hash: string; stamp: string }[] = [];
    const unchanged = new Map<string, SentPart>();
    for (const part of parts) {
      const hash = partHash(part.content);
      const stamp = part.key === "event" ? hash : stamps.get(part.key) ?? "";
      if (sent.get(part.key)?.hash === hash) unchanged.set(part.key, { stamp, hash });
      else toSend.push({ part, hash, stamp });
    }
    // Keys read but gone since (a match deleted between the stamps and the read) go with the removed.
    const read = new Set(parts.map((p) => p.key));
    const vanished = round.filter((k) => k !== "event" && !read.has(k) && sent.has(k));
    const gone = [...removed, ...vanished];
    this.#state.waiting = toSend.length + gone.length + Math.max(0, dirty.length - limit);
    if (unchanged.size > 0) await recordSent(db, slug, unchanged, []);
    if (toSend.length > 0 || gone.length > 0 || heartbeat) {
      for (const batch of this.#batches(toSend, gone)) {
        const done = await this.#push(slug, batch.parts.map((p) => p.part), batch.removed);
        this.#state.seq = done;
        await recordSent(db, slug, new Map(batch.parts.map((p) => [p.part.key, p])), batch.removed);
        this.#state.waiting = Math.max(0, this.#state.waiting - batch.parts.length - batch.removed.length);
        this.#state.lastAckAt = this.#clock().toISOString();
      }
    }
    this.#connected(null);
    const more = dirty.length > limit;
    if (!more) {
      this.#scannedAt = revision;
      if (changed === null) this.#lastFullScan = Date.now();
    }
    return more;
  }

  /**
   * How many parts changed here since the public server last acknowledged them (their stamps moved, or they were
   * added or removed; the event itself counted when its hash moved): cheap enough to count while the link is down.
   */
  async #changedSinceAck(): Promise<number> {
    const db = this.options.store.db;
    const slug = this.#state.slug || await rememberedRelaySlug(db);
    if (!slug) return 0;
    this.#state.slug = slug;
    const event = await relayedEvent(db, slug);
    if (!event) return 0;
    const sent = await readSent(db, slug);
    const [eventPart] = await readParts(db, event.id, ["event"]);
    const eventChanged = eventPart !== undefined && sent.get("event")?.hash !== partHash(eventPart.content)
      ? 1
      : 0;
    if (event.status !== "published") return eventChanged;
    const stamps = await partStamps(db, event.id);
    const moved = [...stamps].filter(([k, s]) => sent.get(k)?.stamp !== s).map(([k]) => k);
    // A match's stamp moves with its content; a category's or the players' moves with any write to the event, so
    // those few parts are read to see whether they changed.
    const others = moved.filter((k) => partKind(k) !== "match");
    const changedOthers = (await readParts(db, event.id, others))
      .filter((p) => sent.get(p.key)?.hash !== partHash(p.content)).length;
    const removed = [...sent.keys()].filter((k) => k !== "event" && !stamps.has(k)).length;
    return eventChanged + (moved.length - others.length) + changedOthers + removed;
  }

  /** Pushes of at most `pushBytes` of JSON each, a category's matches with it, the removed in the last. */
  #batches(parts: { part: RelayPart; hash: string; stamp: string }[], removed: string[]) {
    const max = this.options.pushBytes ?? 2_000_000;
    const out: { parts: typeof parts; removed: string[] }[] = [];
    let current: typeof parts = [];
    let size = 0;
    for (const p of parts) {
      const bytes = JSON.stringify(p.part.content).length;
      if (current.length > 0 && size + bytes > max) {
        out.push({ parts: current, removed: [] });
        current = [];
        size = 0;
      }
      current.push(p);
      size += bytes;
    }
    out.push({ parts: current, removed });
    return out;
  }

  async #push(slug: string, parts: RelayPart[], removed: string[]): Promise<number> {
    const push: RelayPush = {
      venue: this.#venue,
      base: this.#state.seq,
      parts,
      removed,
      ...(this.#takeover ? { takeover: true } : {}),
    };
    const answer = await this.#request<{ seq: number }>("POST", `/api/manage/relay/events/${slug}`, push);
    this.#takeover = false;
    this.#state.heldElsewhere = false;
    this.#lastPushAt = Date.now();
    return answer.seq;
  }

  async #whoami(): Promise<string> {
    const answer = await this.#request<{ token: { role: string; eventSlug: string | null } }>(
      "GET",
      "/api/manage/whoami",
    );
    if (answer.token.role !== "relay" || !answer.token.eventSlug) {
      throw new Refused(
        `the token is a ${answer.token.role} token of the public server, not a relay token (make one there: ` +
          `deno task token create --role relay --event SLUG)`,
        403,
        "forbidden",
      );
    }
    return answer.token.eventSlug;
  }

  async #request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.token}` };
    let payload: Uint8Array | undefined;
    if (body !== undefined) {
      payload = new Uint8Array(await gzipped(new TextEncoder().encode(JSON.stringify(body))));
      headers["Content-Type"] = "application/json";
      headers["Content-Encoding"] = "gzip";
      this.bytesSent += payload.byteLength;
      this.pushes++;
    }
    const response = await fetch(this.#base + path, {
      method,
      headers,
      body: payload as BodyInit | undefined,
      signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 15_000),
    });
    const text = await response.text();
    let json: { data?: T; detail?: string; code?: string; seq?: number } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's page, not the public server's answer: said below by its status.
    }
    if (!response.ok) {
      throw new Refused(
        json.detail ?? `the public server answered ${response.status}`,
        response.status,
        json.code ?? "",
        json.seq,
      );
    }
    if (json.data === undefined) throw new Refused("the public server's answer is not JSON", 502, "");
    return json.data;
  }

  #connected(note: string | null, words: RelayErrorWords | null = null) {
    if (this.#state.state !== "connected") {
      this.#state.state = "connected";
      this.#state.since = this.#clock().toISOString();
      this.options.log.info(`Relay: connected to ${this.#base}, pushing "${this.#state.slug}"`);
    }
    this.#state.lastError = note;
    this.#state.lastErrorWords = words;
  }

  /** What a failure means, in words for the desk; returns how long to wait before the next try. */
  #failed(e: unknown, backoff: number): number {
    const now = this.#clock();
    if (e instanceof Refused && e.code === "relay-stale") {
      this.#synced = false;
      return 0;
    }
    if (e instanceof Refused && e.status < 500) {
      const text = e.status === 401
        ? "the public server refused the token (unknown or revoked)"
        : e.status === 403
        ? `the public server refused the token: ${e.message}`
        : e.message;
      const words: RelayErrorWords = e.status === 401
        ? { code: "token-unknown" }
        : e.status === 403
        ? { code: "token-forbidden", status: 403, problem: e.code }
        : e.code === "relay-held" && e.since !== undefined
        ? { code: "held", since: e.since }
        : { code: "refused", status: e.status, problem: e.code };
      this.#set("refused", now, text, words);
      if (e.code === "relay-held") this.#state.heldElsewhere = true;
      this.#synced = false;
      return 10_000;
    }
    this.#offlineSince ??= now;
    const reason = e instanceof Refused ? `the public server answered ${e.status}` : "no connection";
    const words: RelayErrorWords = e instanceof Refused
      ? { code: "server-error", status: e.status }
      : { code: "no-connection" };
    this.#set("offline", this.#offlineSince, reason, words);
    this.#synced = false;
    return backoff;
  }

  #set(state: RelayStatus["state"], since: Date, error: string, words: RelayErrorWords) {
    if (this.#state.state !== state) {
      this.#state.state = state;
      this.#state.since = since.toISOString();
      this.options.log.warn(`Relay: ${state}: ${error}`);
    }
    this.#state.lastError = error;
    this.#state.lastErrorWords = words;
  }
}

/** The event and its players go first, then categories, then matches: the public side needs them in that order. */
function kindOrder(key: string): number {
  const kind = partKind(key);
  return kind === "event" ? 0 : kind === "players" ? 1 : kind === "category" ? 2 : kind === "match" ? 3 : 4;
}
