/**
 * The cursor of an event's change feed: an opaque string that names the event and a point in its feed
 * (db/read_changes.ts `FeedPosition`), base64url of `<event id>|<seq>|<kind>|<resource id>`.
 */
import type { FeedPosition } from "../db/read_changes.ts";

/** A point in the feed of the event with `eventId`. */
export interface FeedCursor extends FeedPosition {
  eventId: string;
}

const toBase64Url = (text: string) => btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/**
 * The cursor of a point in an event's feed.
 * @example encodeCursor({ eventId: "e1", seq: 7, kind: "match", id: "m1" }) // "ZTF8N3xtYXRjaHxtMQ"
 */
export function encodeCursor(c: FeedCursor): string {
  return toBase64Url(`${c.eventId}|${c.seq}|${c.kind}|${c.id}`);
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
  if (parts.length !== 4) return null;
  const [eventId, seq, kind, id] = parts as [string, string, string, string];
  if (!/^\d{1,15}$/.test(seq) || !/^[a-z]{0,20}$/.test(kind) || !/^[\w.:-]{0,100}$/.test(id)) return null;
  if (!/^[\w.:-]{1,100}$/.test(eventId)) return null;
  return { eventId, seq: Number(seq), kind, id };
}
