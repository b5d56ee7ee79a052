/** The paths of the spectator pages of an event, for links between them. */

/** The event page. */
export function eventPath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}

/** A category's page within its event. */
export function categoryPath(slug: string, categoryId: string): string {
  return `${eventPath(slug)}/c/${encodeURIComponent(categoryId)}`;
}
