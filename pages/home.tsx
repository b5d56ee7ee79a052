/** /: the published events, newest first, and a way to the rankings. */
import { formatDateRange } from "./format.ts";
import { SiteLayout } from "./layout.tsx";
import type { Event } from "./view_types.ts";
import { eventPath } from "./page_paths.ts";
import { useI18n } from "./i18n/mod.ts";

/** The home page. */
export function HomePage(props: { nonce: string; events: Event[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <SiteLayout title={t("site.brand")} nonce={props.nonce} css="" description={t("home.description")}>
      <h1>{t("home.title")}</h1>
      {props.events.length > 0
        ? (
          <ul class="plain cards">
            {props.events.map((e) => (
              <li key={e.id}>
                <h2>
                  <a href={eventPath(e.slug)}>{e.name}</a>
                </h2>
                <p class="meta">{formatDateRange(e.startDate, e.endDate, i18n)} · {e.venue}</p>
              </li>
            ))}
          </ul>
        )
        : <p class="empty">{t("home.empty")}</p>}
      <p>
        <a href="/rankings">{t("home.rankings")}</a>
      </p>
    </SiteLayout>
  );
}
HomePage.translated = true as const;
