/// <reference lib="dom" />
/**
 * The bar of the event shown on the operator's page: its name and status, Publish or Unpublish (asked first),
 * and the download of the event as an import file (docs/import-format.md: to move it to another laptop, to
 * archive it, or to mend it and import it again). Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import { problemDetail } from "../manage_fetch.ts";
import { byId, make, setStatus } from "../dom.ts";
import { manageApi, type ManagePage, type Overview } from "./page.ts";
import { w } from "./words.ts";

/** Shows the event's name and status, and whether the button publishes or unpublishes. */
export function showEventBar(page: ManagePage, event: Overview["event"]): void {
  byId("event-name")!.textContent = event.name;
  const status = byId("event-status")!;
  status.textContent = statusWord(event.status);
  status.dataset.status = event.status;
  const publish = byId<HTMLButtonElement>("publish")!;
  publish.textContent = event.status === "published" ? w("desk.unpublish") : w("desk.publish");
  publish.dataset.action = event.status === "published" ? "unpublish" : "publish";
  // The event list was read once: its entry for this event follows a publish or an unpublish.
  const option = [...byId<HTMLSelectElement>("event-select")!.options].find((e) => e.value === page.slug);
  if (option) {
    option.textContent = w("desk.eventOption", { name: event.name, status: statusWord(event.status) });
  }
  // The language its hall screens and sheets speak (null: English); not while the operator is choosing one.
  const language = byId<HTMLSelectElement>("event-language")!;
  if (document.activeElement !== language) language.value = event.language ?? "en";
}

/** An event's status in the desk's words ("draft", "published"); another is shown as its code. */
export function statusWord(status: string): string {
  return status === "draft"
    ? w("desk.status.draft")
    : status === "published"
    ? w("desk.status.published")
    : status;
}

/** Sets the event's language when the operator picks one. */
export function watchLanguage(page: ManagePage): void {
  const language = byId<HTMLSelectElement>("event-language")!;
  language.addEventListener("change", () => {
    const path = `/events/${encodeURIComponent(page.slug)}/language`;
    void page.write(path, { language: language.value }, w("desk.hallLanguageSet"), "PUT");
  });
}

/** Publishes or unpublishes the event shown. */
export function watchPublish(page: ManagePage): void {
  byId("publish")!.addEventListener("click", (e) => {
    const action = (e.currentTarget as HTMLElement).dataset.action;
    if (action === "unpublish" && !confirm(w("desk.unpublishAsk"))) {
      return;
    }
    void page.write(
      `/events/${encodeURIComponent(page.slug)}/${action}`,
      undefined,
      action === "publish" ? w("desk.published") : w("desk.unpublished"),
    );
  });
}

/** Saves the event shown as an import file, by the browser. */
export function watchExport(page: ManagePage): void {
  byId("export")!.addEventListener("click", async () => {
    setStatus(w("desk.exporting"), "busy");
    try {
      const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/export`);
      if (!res.ok) return setStatus(await problemDetail(res), "error");
      const link = make("a");
      link.href = URL.createObjectURL(await res.blob());
      link.download = `${page.slug}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
      setStatus(w("desk.exported"));
    } catch {
      setStatus(w("desk.offline"), "error");
    }
  });
}
