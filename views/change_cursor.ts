/**
 * The cursor of an event's change feed: an opaque string that names the event and a point in its feed
 * (db/read_changes.ts `FeedPosition`), base64url of `<event id>|<seq>|<kind>|<resource id>|<check>`. The check
 * (FNV-1a of the rest, base 36) makes a cursor with characters cut off or changed a 400 instead of another point
 * of the feed: cutting base64url text always loses at least one byte, the check's last at the least.
 */
import type { FeedPosition } from "../db/read_changes.ts";

/** A point in the feed of the event with `eventId`. */
export interface FeedCursor extends FeedPosition {
  eventId: string;
}

const toBase64Url = (text: string) => btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** FNV-1a (32 bits) of the text's UTF-16 code units, in base 36. */
function check(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * The cursor of a point in an event's feed.
 * @example encodeCursor({ eventId: "e1", seq: 7, kind: "match", id: "m1" }) // base64url of "e1|7|match|m1|<check>"
 */
export function encodeCursor(c: FeedCursor): string {
  const position = `${c.eventId}|${c.seq}|${c.kind}|${c.id}`;
  return toBase64Url(`${position}|${check(position)}`);
}

/** The point a cursor names, or null when the text is not a cursor this server makes. */
export function decodeCursor(text: string): FeedCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  const parts = plain.split("|");
  if (parts.length !== 5 || parts.pop() !== check(parts.join("|"))) return null;
  const [eventId, seq, kind, id] = parts as [string, string, string, string];
  if (!/^\d{1,15}$/.test(seq) || !/^[a-z]{0,20}$/.test(kind) || !/^[\w.:-]{0,100}$/.test(id)) return null;
  if (!/^[\w.:-]{1,100}$/.test(eventId)) return null;
  return { eventId, seq: Number(seq), kind, id };
}
