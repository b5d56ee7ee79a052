/**
 * The desk's announcement (domain/announcement.ts) on a live page: one line above everything else. The region
 * is always in the page, empty while there is none, so that a poll brings a new announcement in by swapping the
 * region (pages/client/live_regions.ts) and takes it away the same way. The live region (`role="status"`, which
 * has a screen reader say the announcement when it changes) is around it and stays: a live region put into the
 * page whole, with its text, is not announced.
 */
import { formatMatchTime } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";
import type { Event } from "../view_types.ts";

/** The styles of the spectator pages' announcement. */
export const ANNOUNCEMENT_CSS = `
.announcement{margin:.75rem 0;padding:.6rem .8rem;border-left:.35rem solid #b08900;background:#fff4c2;
  font-weight:600;overflow-wrap:anywhere}
.announcement .posted{font-weight:400;color:#444;font-size:.85rem;white-space:nowrap;margin-left:.35em}
`;

/** The announcement's region; `region` names it for the live refresh. */
export function Announcement(props: { event: Event; region: string; class?: string }) {
  const a = props.event.announcement;
  const i18n = useI18n();
  return (
    <div role="status">
      <div data-region={props.region}>
        {a && (
          <p class={props.class ?? "announcement"}>
            {a.text}
            <span class="posted">
              · {i18n.t("announcement.posted")}{" "}
              <time dateTime={a.postedAt}>{formatMatchTime(a.postedAt, false, i18n)}</time>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
