/** The paths of the spectator pages of an event, for links between them, and the API paths they watch. */

/** The event page. */
export function eventPath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}

/** A category's page within its event. */
export function categoryPath(slug: string, categoryId: string): string {
  return `${eventPath(slug)}/c/${encodeURIComponent(categoryId)}`;
}

/**
 * The API paths a page showing these categories of an event watches (pages/client/live_regions.ts): the event
 * and each category's matches.
 */
export function watchedPaths(slug: string, categoryIds: readonly string[]): string[] {
  return [
    `/api/v1/events/${encodeURIComponent(slug)}`,
    ...categoryIds.map((id) => `/api/v1/subevents/${encodeURIComponent(id)}/matches`),
  ];
}
