/** /: the published events, newest first, and a way to the rankings. */
import { formatDateRange } from "./format.ts";
import { SiteLayout } from "./layout.tsx";
import type { Event } from "./view_types.ts";
import { eventPath } from "./page_paths.ts";

/** The home page. */
export function HomePage(props: { nonce: string; events: Event[] }) {
  return (
    <SiteLayout title="Table tennis live" nonce={props.nonce} css="" description="Live table tennis scores">
      <h1>Tournaments</h1>
      {props.events.length > 0
        ? (
          <ul class="plain cards">
            {props.events.map((e) => (
              <li key={e.id}>
                <h2>
                  <a href={eventPath(e.slug)}>{e.name}</a>
                </h2>
                <p class="meta">{formatDateRange(e.startDate, e.endDate)} · {e.venue}</p>
              </li>
            ))}
          </ul>
        )
        : <p class="empty">No tournament is published yet.</p>}
      <p>
        <a href="/rankings">Player rankings</a>
      </p>
    </SiteLayout>
  );
}
