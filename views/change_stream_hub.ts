/**
 * The hub of the server-sent change streams (docs/api.md "Server-sent changes"): one channel per event, which
 * reads the event's change feed (views/event_changes.ts) once per write and sends the same bytes to every open
 * stream of that event, so that 10,000 open phones cost one read of the feed per write, not 10,000.
 *
 * The hub looks at the store's generation (db/store_generation.ts: on SQLite a prepared read, on PostgreSQL the
 * revision the LISTEN channel keeps current, db/revision_cache.ts) every `checkMs` while a stream is open, and
 * reads the feed of each event with streams only when it moved. Each frame's `id` is the feed's cursor after it,
 * so that a stream opened again with `Last-Event-ID` resumes from there; the work of a channel (reading, catching
 * a new stream up) runs one task at a time, and each stream remembers the last position it was sent, so a change
 * is sent to a stream once, also when its catching up and the channel's next read overlap.
 */
import { decodeCursor, encodeCursor, type FeedCursor } from "./change_cursor.ts";
import type { ChangesData } from "./event_changes.ts";
import type { FeedPosition } from "../db/read_changes.ts";
import type { StoreReads } from "../db/store_reads.ts";
import type { Store } from "../db/store.ts";
import { eventChangesView } from "./event_changes.ts";

/** Reads a page of an event's feed after `since` (null: from its start); null when the event is not public. */
export type FeedReader = (
  slug: string,
  since: FeedCursor | null,
  limit: number,
) => Promise<ChangesData | null>;

/** The hub's settings. */
export interface HubOptions {
  /** How often the store's generation is looked at while a stream is open. */
  checkMs: number;
  /** How often every stream gets a comment line, so that proxies keep it open. */
  heartbeatMs: number;
  /** Open streams one client address may hold. */
  perClient: number;
  /** Open streams of the whole server. */
  total: number;
}

/** The defaults: a look every 25 ms, a heartbeat every 15 s, 8 streams per client, 50,000 in all. */
export const HUB_DEFAULTS: HubOptions = { checkMs: 25, heartbeatMs: 15_000, perClient: 8, total: 50_000 };

/** How many changes one frame carries at most. */
const PAGE = 500;

/** A stream a client holds open. */
interface Listener {
  client: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** The last position sent; frames at or before it are not sent again. */
  after: FeedPosition | null;
  /** Counted in the hub's totals (until it leaves). */
  counted: boolean;
}

/** The streams of one event and where its feed was last read to. */
interface Channel {
  slug: string;
  listeners: Set<Listener>;
  /** The cursor the channel's next read starts from; null until its first read. */
  cursor: FeedCursor | null;
  /** The tail of the channel's task queue. */
  queue: Promise<void>;
  /** The generation the channel last read at. */
  readAt: number;
  /** Streams being opened (not yet among the listeners): the channel stays while there are any. */
  pending: number;
}

/** Why a stream cannot open. */
export type Refusal = "per-client" | "total";

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

/** Orders two feed positions as the feed does (seq, then kind, then id). */
function compare(a: FeedPosition, b: FeedPosition): number {
  if (a.seq !== b.seq) return a.seq - b.seq;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/** One server-sent event: its name, its id (a cursor) and its JSON data, each on its own line. */
export function sseFrame(event: string, id: string | null, data: unknown): Uint8Array {
  return encoder.encode(
    `${id === null ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
  );
}

/** The hub; one per store, made with the read state (http/deps.ts). */
export class ChangeStreamHub {
  readonly #channels = new Map<string, Channel>();
  readonly #perClient = new Map<string, number>();
  #open = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #generation = -1;
  #checking = false;

  constructor(
    private readonly read: FeedReader,
    private readonly generation: () => number | Promise<number>,
    readonly options: HubOptions = HUB_DEFAULTS,
  ) {}

  /** Open streams in all. */
  get open(): number {
    return this.#open;
  }

  /** Why a new stream of this client would be refused, or null when it may open. */
  refusal(client: string): Refusal | null {
    if (this.#open >= this.options.total) return "total";
    if ((this.#perClient.get(client) ?? 0) >= this.options.perClient) return "per-client";
    return null;
  }

  /**
   * Opens a stream of the event's changes for `client`, from `lastEventId` when given (a cursor this feed sent),
   * else from now. Null when the event has no public feed.
   */
  async connect(
    slug: string,
    client: string,
    lastEventId: string | null,
  ): Promise<ReadableStream<Uint8Array> | null> {
    const channel = this.#channel(slug);
    channel.pending++;
    try {
      return await this.#openStream(channel, client, lastEventId);
    } finally {
      channel.pending--;
      this.#forget(channel);
    }
  }

  async #openStream(channel: Channel, client: string, lastEventId: string | null) {
    // The channel's first read finds where its feed ends (or that the event is not public).
    const ready = await this.#run(channel, () => this.#start(channel));
    if (!ready) return null;
    let listener!: Listener;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        listener = { client, controller, after: null, counted: true };
      },
      cancel: () => this.#leave(channel, listener),
    });
    this.#count(client, 1);
    const resume = lastEventId === null ? null : decodeCursor(lastEventId);
    try {
      await this.#run(channel, () => this.#join(channel, listener, lastEventId !== null, resume));
    } catch (e) {
      this.#close(channel, listener);
      throw e;
    }
    this.#tick();
    return stream;
  }

  /** Ends every open stream (a server stop; tests cut the streams this way). */
  closeAll(): void {
    for (const channel of this.#channels.values()) {
      for (const l of channel.listeners) this.#close(channel, l);
    }
  }

  #channel(slug: string): Channel {
    let channel = this.#channels.get(slug);
    if (!channel) {
      channel = {
        slug,
        listeners: new Set(),
        cursor: null,
        queue: Promise.resolve(),
        readAt: -1,
        pending: 0,
      };
      this.#channels.set(slug, channel);
    }
    return channel;
  }

  /** Runs a task of the channel after the ones before it. */
  #run<T>(channel: Channel, task: () => Promise<T>): Promise<T> {
    const result = channel.queue.then(task);
    channel.queue = result.then(() => {}, () => {});
    return result;
  }

  /** Reads the channel's feed to its end, once: true when the event is public. */
  async #start(channel: Channel): Promise<boolean> {
    if (channel.cursor !== null) return true;
    let since: FeedCursor | null = null;
    for (;;) {
      const page = await this.read(channel.slug, since, PAGE);
      if (page === null || "stale" in page) return false;
      since = decodeCursor(page.next);
      if (!page.hasMore) break;
    }
    channel.cursor = since;
    channel.readAt = await this.generation();
    return true;
  }

  /** Sends a new stream its first frames (what it missed since its cursor, or where the feed is) and adds it. */
  async #join(channel: Channel, l: Listener, resuming: boolean, resume: FeedCursor | null): Promise<void> {
    const now = channel.cursor!;
    // Cancelled while it waited for its turn.
    if (!l.counted) return;
    l.controller.enqueue(encoder.encode("retry: 2000\n\n"));
    const valid = resume !== null && resume.eventId === now.eventId && compare(resume, now) <= 0;
    if (resuming && valid) {
      let since: FeedCursor = resume;
      for (;;) {
        const page = await this.read(channel.slug, since, PAGE);
        if (page === null || "stale" in page) {
          l.controller.enqueue(
            sseFrame("reset", null, { reason: "The feed cannot resume from this cursor" }),
          );
          break;
        }
        if (page.changes.length > 0) l.controller.enqueue(sseFrame("changes", page.next, page));
        since = decodeCursor(page.next)!;
        if (!page.hasMore) break;
      }
      l.after = since;
    } else {
      // A new stream, or a cursor this feed cannot resume from: the client reads the resources again.
      if (resuming) {
        l.controller.enqueue(sseFrame("reset", null, { reason: "The feed cannot resume from this cursor" }));
      }
      l.after = now;
    }
    l.controller.enqueue(sseFrame("ready", encodeCursor(now), { next: encodeCursor(now) }));
    channel.listeners.add(l);
  }

  /** Reads what the channel's feed gained since its cursor and sends it to each of its streams once. */
  async #pump(channel: Channel): Promise<void> {
    if (channel.cursor === null || channel.listeners.size === 0) return;
    for (;;) {
      const page = await this.read(channel.slug, channel.cursor, PAGE);
      if (page === null || "stale" in page) {
        // Unpublished (or its feed started again): its streams end; a client coming back starts afresh.
        const gone = sseFrame("gone", null, { reason: "The event is not published any more" });
        for (const l of channel.listeners) {
          l.controller.enqueue(gone);
          this.#close(channel, l);
        }
        channel.cursor = null;
        return;
      }
      const next = decodeCursor(page.next)!;
      if (page.changes.length > 0) {
        const frame = sseFrame("changes", page.next, page);
        for (const l of channel.listeners) {
          if (l.after !== null && compare(next, l.after) <= 0) continue;
          l.after = next;
          this.#send(channel, l, frame);
        }
      }
      channel.cursor = next;
      if (!page.hasMore) return;
    }
  }

  /** Sends a frame; a stream whose client reads too slowly (over 1 MiB queued) is ended. */
  #send(channel: Channel, l: Listener, frame: Uint8Array): void {
    if ((l.controller.desiredSize ?? 0) < -(1 << 20)) return this.#close(channel, l);
    try {
      l.controller.enqueue(frame);
    } catch {
      this.#leave(channel, l);
    }
  }

  #close(channel: Channel, l: Listener): void {
    try {
      l.controller.close();
    } catch {
      // Already closed or cancelled.
    }
    this.#leave(channel, l);
  }

  #leave(channel: Channel, l: Listener): void {
    channel.listeners.delete(l);
    if (l.counted) {
      l.counted = false;
      this.#count(l.client, -1);
    }
    this.#forget(channel);
    if (this.#open === 0) this.#stop();
  }

  /** Drops a channel nobody listens to or waits for: its next stream reads where the feed ends again. */
  #forget(channel: Channel): void {
    if (channel.listeners.size > 0 || channel.pending > 0) return;
    if (this.#channels.get(channel.slug) === channel) this.#channels.delete(channel.slug);
  }

  #count(client: string, by: 1 | -1): void {
    this.#open += by;
    const n = (this.#perClient.get(client) ?? 0) + by;
    if (n <= 0) this.#perClient.delete(client);
    else this.#perClient.set(client, n);
  }

  /** Starts the look at the generation and the heartbeat while streams are open. */
  #tick(): void {
    if (this.#timer !== undefined || this.#open === 0) return;
    this.#timer = setInterval(() => void this.#check(), this.options.checkMs);
    this.#heartbeat = setInterval(() => {
      for (const channel of this.#channels.values()) {
        for (const l of channel.listeners) this.#send(channel, l, HEARTBEAT);
      }
    }, this.options.heartbeatMs);
  }

  #stop(): void {
    clearInterval(this.#timer);
    clearInterval(this.#heartbeat);
    this.#timer = undefined;
    this.#heartbeat = undefined;
  }

  /** Reads the feeds of the events with streams when the store's generation moved. */
  async #check(): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const g = await this.generation();
      if (g === this.#generation) return;
      this.#generation = g;
      const work = [...this.#channels.values()].filter((c) => c.readAt !== g).map((channel) => {
        channel.readAt = g;
        return this.#run(channel, () => this.#pump(channel)).catch(() => {
          // The store failed the read: the next look reads again.
          channel.readAt = -1;
          this.#generation = -1;
        });
      });
      await Promise.all(work);
    } catch {
      // The store is away: the next look tries again, and the streams stay open meanwhile.
    } finally {
      this.#checking = false;
    }
  }
}

/** The hub of a store: reads the feed through its view, looks at the store's generation. */
export function makeHub(
  store: Store,
  reads: StoreReads,
  options: HubOptions = HUB_DEFAULTS,
): ChangeStreamHub {
  const vd = { db: store.db, versions: reads.versions, leaderboard: reads.leaderboard };
  return new ChangeStreamHub(
    (slug, since, limit) => eventChangesView.load(vd, { slug, since, limit }),
    reads.generation,
    options,
  );
}
