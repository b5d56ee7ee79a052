/**
 * The umpire's outbox: every tap is written here first (localStorage, one list for every match of the phone),
 * then sent in order by whichever scoring page is open, so that no tap waits on the page it was made on. Pure
 * functions over a `Storage`; every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */

/** A tap waiting to be sent: the match, the action and its body, its idempotency key, when and what it was. */
export interface OutboxItem {
  key: string;
  matchId: string;
  type: string;
  body: Record<string, unknown>;
  /** When the umpire tapped (ISO 8601): a point's time until the server has it. */
  at: string;
  /** What the tap was, in the umpire's words ("Point to García at 5-3"), to say what was not recorded. */
  label: string;
}

/** Where the outbox is kept. */
export const OUTBOX_KEY = "tt.outbox";

/** The per-match queue of the page before there was one outbox (`tt.queue.{matchId}`). */
export const OLD_QUEUE_PREFIX = "tt.queue.";

/** The outbox as kept; an unreadable one is empty (nothing in it could be sent anyway). */
export function readOutbox(storage: Storage): OutboxItem[] {
  try {
    const items = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(items) ? items.filter(isOutboxItem) : [];
  } catch {
    return [];
  }
}

/** Whether a value read back is an outbox item. */
export function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.key === "string" && typeof v.matchId === "string" && typeof v.type === "string" &&
    typeof v.body === "object" && v.body !== null;
}

/** Keeps the outbox. */
export function writeOutbox(storage: Storage, items: readonly OutboxItem[]): void {
  storage.setItem(OUTBOX_KEY, JSON.stringify(items));
}

/** Adds a tap at the end of the outbox and returns the outbox. */
export function addToOutbox(storage: Storage, item: OutboxItem): OutboxItem[] {
  const items = [...readOutbox(storage), item];
  writeOutbox(storage, items);
  return items;
}

/** Takes the taps with these keys out of the outbox and returns what is left. */
export function removeFromOutbox(storage: Storage, keys: readonly string[]): OutboxItem[] {
  const gone = new Set(keys);
  const items = readOutbox(storage).filter((i) => !gone.has(i.key));
  writeOutbox(storage, items);
  return items;
}

/** The taps waiting for one match, in order. */
export function waitingFor(items: readonly OutboxItem[], matchId: string): OutboxItem[] {
  return items.filter((i) => i.matchId === matchId);
}

/** The matches with taps waiting, in the order their first tap was made. */
export function matchesWaiting(items: readonly OutboxItem[]): string[] {
  return [...new Set(items.map((i) => i.matchId))];
}

/**
 * Moves the queues an older page kept per match (`tt.queue.{matchId}`: key, type and body) into the outbox, in
 * front of anything newer, so that taps queued before an update are still sent.
 */
export function adoptOldQueues(storage: Storage, now: string): OutboxItem[] {
  const adopted: OutboxItem[] = [];
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const name = storage.key(i);
    if (name === null || !name.startsWith(OLD_QUEUE_PREFIX)) continue;
    const matchId = name.slice(OLD_QUEUE_PREFIX.length);
    try {
      const old = JSON.parse(storage.getItem(name) ?? "[]");
      for (const item of Array.isArray(old) ? old : []) {
        if (typeof item?.key !== "string" || typeof item?.type !== "string") continue;
        adopted.push({
          key: item.key,
          matchId,
          type: item.type,
          body: item.body ?? {},
          at: now,
          label: item.type,
        });
      }
    } catch {
      // An unreadable queue holds nothing that could be sent.
    }
    storage.removeItem(name);
  }
  if (adopted.length === 0) return readOutbox(storage);
  const items = [...adopted, ...readOutbox(storage)];
  writeOutbox(storage, items);
  return items;
}

/**
 * How long to wait before sending again after a request got no answer: short at first, so that a phone back in
 * range catches up within a second, then up to 2 s.
 * @example retryAfterFailures(1) // 250; retryAfterFailures(5) // 2000
 */
export function retryAfterFailures(failures: number): number {
  return Math.min(2000, 125 * 2 ** Math.max(0, Math.min(failures, 8)));
}
