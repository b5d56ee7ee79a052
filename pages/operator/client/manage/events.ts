/// <reference lib="dom" />
/**
 * The events the operator may choose from: asked for until the server gives them (a failed answer, 429, 5xx or
 * no connection, is said and asked again after a few seconds or the answer's Retry-After), listed in the bar's
 * select, the one shown last chosen again (else the published one, else the first). Every declaration is exported
 * so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { managedEventJson, tokenJson } from "../../../../api/manage/serialize.ts";
import { problemDetail, retryDelay } from "../manage_fetch.ts";
import { byId, make, setStatus } from "../dom.ts";
import { loadLinks } from "./links.ts";
import { EVENT_KEY, haltForToken, manageApi, type ManagePage } from "./page.ts";
import { statusWord } from "./event_bar.ts";
import { w } from "./words.ts";

/** An event of the operator's list. */
export type EventItem = ReturnType<typeof managedEventJson>;

/** The events; null once the token is refused (the token form is then shown). */
export async function loadEvents(page: ManagePage): Promise<EventItem[] | null> {
  for (;;) {
    let res: Response | null = null;
    try {
      res = await manageApi(page, "/events");
      if (res.status === 401 || res.status === 403) {
        haltForToken(page, await problemDetail(res));
        return null;
      }
      if (res.ok) return (await res.json()).data.events;
      setStatus(w("desk.retrying", { detail: await problemDetail(res) }), "error");
    } catch {
      setStatus(w("desk.offlineRetrying"), "error");
    }
    const wait = retryDelay(res, 4000);
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (page.halted) return null;
  }
}

/**
 * The event to show: the one kept, while it exists, else the published one, else the first.
 * @example eventToShow([{ slug: "a", status: "draft" }, { slug: "b", status: "published" }], "gone") // "b"
 */
export function eventToShow(events: readonly Pick<EventItem, "slug" | "status">[], kept: string): string {
  if (events.some((e) => e.slug === kept)) return kept;
  return events.find((e) => e.status === "published")?.slug ?? events[0]?.slug ?? "";
}

/** Fills the event select and shows the chosen event; choosing another shows that one. */
export function chooseEvent(page: ManagePage, events: readonly EventItem[]): void {
  const select = byId<HTMLSelectElement>("event-select")!;
  select.replaceChildren(...events.map((e) => {
    const option = make("option", "", w("desk.eventOption", { name: e.name, status: statusWord(e.status) }));
    option.value = e.slug;
    return option;
  }));
  page.slug = eventToShow(events, page.slug);
  select.value = page.slug;
  byId("no-event")!.hidden = events.length > 0;
  select.addEventListener("change", () => {
    page.slug = select.value;
    localStorage.setItem(EVENT_KEY, page.slug);
    page.shown = "";
    // What the status line said was about the other event ("Published", "Draw locked").
    setStatus(w("desk.loading"), "busy");
    void page.refresh();
    void loadLinks(page);
  });
}

/** Shows the label of the token in use in the bar; the page works without it. */
export function showWhoami(page: ManagePage): void {
  manageApi(page, "/whoami").then(async (who) => {
    if (!who.ok) return;
    const token: ReturnType<typeof tokenJson> = (await who.json()).data.token;
    byId("whoami")!.textContent = token.label;
  }).catch(() => {
    // Only the label of the token: the page works without it.
  });
}
