/** The paths of the spectator pages of an event, for links between them, and the API paths they watch. */

/** The event page. */
export function eventPath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}

/** A category's page within its event. */
export function categoryPath(slug: string, categoryId: string): string {
  return `${eventPath(slug)}/c/${encodeURIComponent(categoryId)}`;
}

/** The index of an event's players. */
export function playersPath(slug: string): string {
  return `${eventPath(slug)}/players`;
}

/** A player's page within an event: their matches in it. */
export function playerPath(slug: string, playerId: string): string {
  return `${eventPath(slug)}/p/${encodeURIComponent(playerId)}`;
}

/**
 * The API path a player's page watches: the player's matches in the event (as many as the page shows), which
 * change only with theirs.
 */
export function playerWatchPath(slug: string, playerId: string, limit: number): string {
  return `/api/v1/events/${encodeURIComponent(slug)}/matches?player=${
    encodeURIComponent(playerId)
  }&limit=${limit}`;
}

/**
 * The API paths a page showing these categories of an event watches (pages/client/live_regions.ts): the event
 * and each category's matches.
 */
export function watchedPaths(slug: string, categoryIds: readonly string[]): string[] {
  return [
    `/api/v1/events/${encodeURIComponent(slug)}`,
    ...categoryIds.map(categoryMatchesWatchPath),
  ];
}

/**
 * The API path of a category's matches, which the pages showing the category watch, and the pages of a match
 * whose players are not known yet too: the list has the match once both players are known (the match's own
 * answer is a 404 until then, and a poll answered 404 every second is an error in the console of every browser
 * and OBS source showing it).
 */
export function categoryMatchesWatchPath(categoryId: string): string {
  return `/api/v1/subevents/${encodeURIComponent(categoryId)}/matches`;
}

/** The API path a match's page and overlay watch once both players are known: the match's own answer. */
export function matchWatchPath(matchId: string): string {
  return `/api/v1/matches/${encodeURIComponent(matchId)}`;
}

/** A player's profile across events; with `vs`, their head-to-head with that player. */
export function profilePath(playerId: string, vs?: string): string {
  const path = `/p/${encodeURIComponent(playerId)}`;
  return vs === undefined ? path : `${path}?vs=${encodeURIComponent(vs)}#head-to-head`;
}
