/**
 * The producer's on-air state as the overlays see it (domain/stream_state.ts): the state of the published event
 * an overlay belongs to, and its answer at `/overlay/air/{slug}`, which every overlay of the event polls.
 */
import { readStreamState, streamEventOf, type StreamTarget } from "../db/read_stream_state.ts";
import type { StreamState } from "../domain/stream_state.ts";
import type { ViewDeps } from "./view.ts";

export type { StreamTarget };

/** The state of the published event an overlay belongs to, with the event's slug; null when there is none. */
export async function streamStateOf(
  deps: ViewDeps,
  target: StreamTarget,
): Promise<{ slug: string; state: StreamState } | null> {
  const event = await streamEventOf(deps.db, target);
  return event && { slug: event.slug, state: await readStreamState(deps.db, event.id) };
}

/** The path every overlay of the event polls for its on-air state. */
export function streamWatchPath(slug: string): string {
  return `/overlay/air/${encodeURIComponent(slug)}`;
}
