/**
 * What a producer has on air over the stream of an event: which graphics the overlays may show (the match bars,
 * the lower thirds, the tie, the category board), the slate that covers the picture ("Starting soon", "Back after
 * the break", "Technical difficulties" or the producer's own words) and the sponsor's slot (an image or a line of
 * text). Texts go on a stream, so they are checked as the desk's announcement is: no hidden characters, one line.
 * @module
 */

import { findHiddenCharacter } from "./hidden_characters.ts";
import { SLATE_WORDS, type SlateKind } from "./slate_words.ts";

export { SLATE_WORDS, type SlateKind };

/** The graphics a producer takes on and off air. */
export const STREAM_GRAPHICS = [
  "bar",
  "lowerThird",
  "tie",
  "board",
  "standings",
  "bracket",
  "slate",
  "sponsor",
] as const;
export type StreamGraphic = typeof STREAM_GRAPHICS[number];

/** Each graphic as the producer's panel names it. */
export const GRAPHIC_LABELS: Record<StreamGraphic, string> = {
  bar: "Match bars (match, table, featured)",
  lowerThird: "Lower thirds",
  tie: "Tie bars",
  board: "Category boards",
  standings: "Group standings",
  bracket: "Knockout bracket",
  slate: "Slate",
  sponsor: "Sponsor",
};

/** The sponsor's slot: an image, a line of text, or both (the text under the image). */
export interface Sponsor {
  imageUrl: string | null;
  text: string | null;
}

/**
 * What the standings and the bracket graphics show: the group (of its category) and the knockout category the
 * producer chose; null for the first of the event (a group still in play, the first drawn category).
 */
export interface StreamPicks {
  standingsCategoryId: string | null;
  standingsGroupId: string | null;
  bracketCategoryId: string | null;
}

/** The on-air state of an event's stream. */
export interface StreamState {
  onAir: Record<StreamGraphic, boolean>;
  slate: { kind: SlateKind; text: string };
  sponsor: Sponsor | null;
  picks: StreamPicks;
}

/** A change the producer asks for; what it leaves out stays as it is. */
export interface StreamChange {
  onAir?: Partial<Record<StreamGraphic, boolean>>;
  slate?: { kind: SlateKind; text?: string | null };
  sponsor?: { imageUrl?: string | null; text?: string | null } | null;
  picks?: Partial<StreamPicks>;
}

/** A change that cannot be made; the message says why, for the producer. */
export class StreamStateError extends Error {
  override name = "StreamStateError";
}

/** The longest slate, in characters: one or two lines across a 1280-pixel picture. */
export const MAX_SLATE_LENGTH = 80;
/** The longest sponsor line, in characters. */
export const MAX_SPONSOR_TEXT_LENGTH = 60;
/** The longest sponsor image as a `data:` URL, in characters (about 375 KB of image). */
export const MAX_SPONSOR_IMAGE_LENGTH = 500_000;

const IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
// A path of this site (the overlays' policy loads images from the site and from data: URLs only).
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/** Before the producer changed anything: every graphic on air but the slate and the sponsor, which are not set. */
export const DEFAULT_STREAM_STATE: StreamState = {
  onAir: {
    bar: true,
    lowerThird: true,
    tie: true,
    board: true,
    standings: false,
    bracket: false,
    slate: false,
    sponsor: false,
  },
  slate: { kind: "starting-soon", text: SLATE_WORDS["starting-soon"] },
  sponsor: null,
  picks: { standingsCategoryId: null, standingsGroupId: null, bracketCategoryId: null },
};

/**
 * A line shown on the stream: hidden characters refused, whitespace folded to single spaces, at most `max`
 * characters; null when nothing is left.
 * @example streamLine("  Back  at\n14:00 ", "The slate", 80) // "Back at 14:00"
 */
export function streamLine(text: string, what: string, max: number): string | null {
  const hidden = findHiddenCharacter(text);
  if (hidden) throw new StreamStateError(`${what} contains an invisible control character (${hidden})`);
  const folded = text.replace(/\s+/gu, " ").trim();
  if (folded === "") return null;
  const length = [...folded].length;
  if (length > max) throw new StreamStateError(`${what} is ${length} characters long; at most ${max} fit`);
  return folded;
}

/**
 * The sponsor's image: a `data:` image (PNG, JPEG, GIF, WebP or SVG, base64) or a path of this site such as
 * `/sponsor.png`; an address of another site is refused, since the overlays may not load it.
 * @example sponsorImage("https://example.com/logo.png") // throws: another site's image
 */
export function sponsorImage(url: string): string {
  if (url.startsWith("data:")) {
    if (url.length > MAX_SPONSOR_IMAGE_LENGTH) {
      throw new StreamStateError(
        `The sponsor's image is ${url.length} characters long as a data URL; at most ${MAX_SPONSOR_IMAGE_LENGTH}`,
      );
    }
    if (!IMAGE_DATA.test(url)) {
      throw new StreamStateError(
        "The sponsor's image must be a base64 data URL of a PNG, JPEG, GIF, WebP or SVG image",
      );
    }
    return url;
  }
  if (url.length <= 500 && SITE_PATH.test(url)) return url;
  throw new StreamStateError(
    `The sponsor's image "${
      url.slice(0, 60)
    }" must be a path of this site (such as "/sponsor.png") or a data URL; the overlays load no other site's image`,
  );
}

/** The state after a change; throws StreamStateError when the change cannot be made. */
export function applyStreamChange(state: StreamState, change: StreamChange): StreamState {
  const slate = change.slate === undefined
    ? state.slate
    : slateOf(change.slate.kind, change.slate.text ?? null);
  const sponsor = change.sponsor === undefined ? state.sponsor : sponsorOf(state.sponsor, change.sponsor);
  const onAir = { ...state.onAir, ...change.onAir };
  if (onAir.sponsor && sponsor === null) {
    throw new StreamStateError("Cannot put the sponsor on air: no sponsor's image or text is set");
  }
  const picks = { ...state.picks, ...change.picks };
  // Another category's group would not be found in it: a new category without its group shows its first.
  if (change.picks?.standingsCategoryId !== undefined && change.picks.standingsGroupId === undefined) {
    picks.standingsGroupId = null;
  }
  if (picks.standingsGroupId !== null && picks.standingsCategoryId === null) {
    throw new StreamStateError("A group of the standings needs its category");
  }
  return { onAir, slate, sponsor, picks };
}

function slateOf(kind: SlateKind, text: string | null): StreamState["slate"] {
  const own = text === null ? null : streamLine(text, "The slate", MAX_SLATE_LENGTH);
  const words = own ?? SLATE_WORDS[kind];
  if (words === "") throw new StreamStateError('A "custom" slate needs its text');
  return { kind, text: words };
}

function sponsorOf(was: Sponsor | null, change: NonNullable<StreamChange["sponsor"]> | null): Sponsor | null {
  if (change === null) return null;
  const imageUrl = change.imageUrl === undefined
    ? was?.imageUrl ?? null
    : change.imageUrl === null || change.imageUrl.trim() === ""
    ? null
    : sponsorImage(change.imageUrl.trim());
  const text = change.text === undefined
    ? was?.text ?? null
    : change.text === null
    ? null
    : streamLine(change.text, "The sponsor's text", MAX_SPONSOR_TEXT_LENGTH);
  return imageUrl === null && text === null ? null : { imageUrl, text };
}
