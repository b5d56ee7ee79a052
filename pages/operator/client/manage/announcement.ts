/// <reference lib="dom" />
/**
 * The desk's announcement on the operator's page: what the TV and the event page show now, and the form that
 * shows a new one ("Show on TV" posts the field, emptied once shown) or takes it down. A refresh writes what is
 * shown, never the field the operator types in. Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";
import type { ManagePage, Overview } from "./page.ts";
import { deskClock, w } from "./words.ts";

/** Says what is shown now, and since when. */
export function showAnnouncement(announcement: Overview["event"]["announcement"]): void {
  byId("announcement-now")!.textContent = announcement?.text ?? w("desk.none");
  byId("announcement-at")!.textContent = announcement
    ? w("desk.announcement.since", { time: deskClock(announcement.postedAt, { day: true }) })
    : "";
}

/** Sends the form's announcement, or takes the one shown down. */
export function watchAnnouncementForm(page: ManagePage): void {
  const path = () => `/events/${encodeURIComponent(page.slug)}/announcement`;
  const text = byId<HTMLInputElement>("announcement-text")!;
  byId<HTMLFormElement>("announcement-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const shownNow = await page.write(path(), { text: text.value }, w("desk.announcement.shown"), "PUT");
    if (shownNow) text.value = "";
  });
  byId("announcement-clear")!.addEventListener("click", () => {
    void page.write(path(), undefined, w("desk.announcement.takenDown"), "DELETE");
  });
}
