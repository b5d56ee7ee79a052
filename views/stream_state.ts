/**
 * The producer's on-air state as the overlays see it (domain/stream_state.ts): the state of the published event
 * an overlay belongs to, and what of it each overlay polls at `/overlay/air/{slug}?graphic=`.
 */
import {
  readStreamStateRow,
  streamEventOf,
  streamStateVersion,
  type StreamTarget,
} from "../db/read_stream_state.ts";
import type { StreamGraphic, StreamState } from "../domain/stream_state.ts";
import type { ViewDeps } from "./view.ts";

export type { StreamTarget };

/**
 * The state of the published event an overlay belongs to, with the event's slug and the state's version (what a
 * page showing it is kept under besides its own); null when there is none.
 */
export async function streamStateOf(
  deps: ViewDeps,
  target: StreamTarget,
): Promise<{ slug: string; state: StreamState; version: string } | null> {
  const event = await streamEventOf(deps.db, target);
  return event && { slug: event.slug, ...await readStreamStateRow(deps.db, event.id) };
}

/** The version of the state of the published event with this slug; null when there is none. */
export function streamVersion(deps: ViewDeps, slug: string): Promise<string | null> {
  return streamStateVersion(deps.db, slug);
}

/**
 * The path an overlay of the event polls for its graphic's part of the state: only what it shows, so that
 * another graphic going on or off air does not make it fetch itself again (and replay its entrance).
 */
export function streamWatchPath(slug: string, graphic: StreamGraphic): string {
  return `/overlay/air/${encodeURIComponent(slug)}?graphic=${graphic}`;
}

/**
 * A graphic's part of the state: whether it is on air, and for the slate and the sponsor what they show. The
 * standings' and the bracket's picks are not in it: those overlays poll it off air only, and on air their page's
 * version holds the state's (pages/stream_picks.ts).
 */
export function graphicAir(state: StreamState, graphic: StreamGraphic) {
  return {
    onAir: state.onAir[graphic],
    ...(graphic === "slate" ? { slate: state.slate } : {}),
    ...(graphic === "sponsor" ? { sponsor: state.sponsor } : {}),
  };
}
