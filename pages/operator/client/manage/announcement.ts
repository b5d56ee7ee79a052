/// <reference lib="dom" />
/**
 * The desk's announcement on the operator's page: what the TV and the event page show now, and the form that
 * shows a new one ("Show on TV" posts the field, emptied once shown) or takes it down. A refresh writes what is
 * shown, never the field the operator types in. Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";
import { matchTime } from "./match_words.ts";
import type { ManagePage, Overview } from "./page.ts";

/** Says what is shown now, and since when. */
export function showAnnouncement(announcement: Overview["event"]["announcement"]): void {
  byId("announcement-now")!.textContent = announcement?.text ?? "None";
  byId("announcement-at")!.textContent = announcement ? `(since ${matchTime(announcement.postedAt)})` : "";
}

/** Sends the form's announcement, or takes the one shown down. */
export function watchAnnouncementForm(page: ManagePage): void {
  const path = () => `/events/${encodeURIComponent(page.slug)}/announcement`;
  const text = byId<HTMLInputElement>("announcement-text")!;
  byId<HTMLFormElement>("announcement-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const shownNow = await page.write(path(), { text: text.value }, "Announcement shown", "PUT");
    if (shownNow) text.value = "";
  });
  byId("announcement-clear")!.addEventListener("click", () => {
    void page.write(path(), undefined, "Announcement taken down", "DELETE");
  });
}
