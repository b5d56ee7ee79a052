/// <reference lib="dom" />
/**
 * Browser script of the producer's panel `/manage/stream`: the admin token (as /manage keeps it), the event,
 * and the stream's controls, each one call of the management API (api/manage/stream.ts). It reads the state
 * again every 3 seconds, so that a change from a Stream Deck shows here too. Texts are written as textContent.
 */
import type { StreamChoicesJson, StreamGraphicsJson, StreamJson } from "../../../api/manage/stream.ts";
import { byId, make, setStatus } from "./dom.ts";
import { fetchWords, manageFetch, problemDetail } from "./manage_fetch.ts";
import { ADMIN_TOKEN_KEY, keepEnteredToken, showTokenForm } from "./token_entry.ts";
import { drawGraphics, showChoices, showState, type StreamPanel } from "./stream/stream_view.ts";
import { readDataUrl } from "./stream/read_file.ts";
import { w } from "./manage/words.ts";
import { problemWords } from "./manage/problem_words.ts";

/** Runs the producer's panel. */
export function streamClient(): void {
  // A refusal is said in the page's language, as on the desk (`play.problem.*`, the page's `#play-words`).
  fetchWords.status = w("desk.errorStatus");
  fetchWords.problem = problemWords;
  const panel: StreamPanel = {
    token: localStorage.getItem(ADMIN_TOKEN_KEY) ?? "",
    slug: new URLSearchParams(location.search).get("event") ?? localStorage.getItem("tt.manage.event") ?? "",
    state: null,
    drawnFor: "",
  };
  keepEnteredToken(localStorage, ADMIN_TOKEN_KEY);
  byId("forget-token")?.addEventListener("click", () => showTokenForm(""));
  if (!panel.token) return showTokenForm("");
  const path = () => `/events/${encodeURIComponent(panel.slug)}/stream`;

  /** One call; the state it answers is shown. False when it was refused (the reason is in the status line). */
  async function send(
    method: string,
    suffix = "",
    body?: unknown,
    done: string | null = w("desk.saved"),
  ): Promise<boolean> {
    // A background read (done: null) leaves the status line alone, a refusal shown there included.
    if (done !== null) setStatus(w("desk.saving"), "busy");
    try {
      const res = await manageFetch(panel.token, path() + suffix, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401) {
        showTokenForm(await problemDetail(res));
        return false;
      }
      if (!res.ok) {
        setStatus(await problemDetail(res), "error");
        return false;
      }
      const data = (await res.json()).data as {
        stream: StreamJson;
        graphics?: StreamGraphicsJson;
        categories?: StreamChoicesJson;
      };
      panel.state = data.stream;
      if (data.graphics) drawGraphics(panel, data.graphics, toggle);
      if (data.categories) showChoices(data.categories, data.stream.picks);
      showState(data.stream);
      if (done !== null) setStatus(done);
      return true;
    } catch {
      setStatus(w("desk.stream.offline"), "offline");
      return false;
    }
  }

  function toggle(graphic: string): void {
    const on = panel.state?.onAir[graphic as keyof StreamJson["onAir"]] === true;
    void send(
      "PATCH",
      "",
      { onAir: { [graphic]: !on } },
      w(on ? "desk.stream.takenOff" : "desk.stream.onAir"),
    );
  }

  async function loadEvents(): Promise<void> {
    const res = await manageFetch(panel.token, "/events");
    if (!res.ok) return showTokenForm(await problemDetail(res));
    const events = (await res.json()).data.events as { slug: string; name: string }[];
    const select = byId<HTMLSelectElement>("event-select");
    if (!select) return;
    select.replaceChildren(...events.map((e) => {
      const option = make("option", "", e.name);
      option.value = e.slug;
      return option;
    }));
    if (!events.some((e) => e.slug === panel.slug)) panel.slug = events[0]?.slug ?? "";
    select.value = panel.slug;
    select.addEventListener("change", () => {
      panel.slug = select.value;
      history.replaceState(null, "", `?event=${encodeURIComponent(panel.slug)}`);
      void send("GET", "", undefined, w("desk.stream.loaded"));
    });
    for (const node of Array.from(document.querySelectorAll(".slug"))) node.textContent = panel.slug;
    if (panel.slug) await send("GET", "", undefined, w("desk.stream.loaded"));
    else setStatus(w("desk.stream.noEvent"), "error");
  }

  // What the standings and the bracket show: the selects are drawn with the cards, so listened to on the list.
  byId("graphics")?.addEventListener("change", (e) => {
    const select = e.target as HTMLSelectElement;
    if (select.id === "pick-standings") {
      const [category = null, group = null] = select.value === "" ? [] : select.value.split("/");
      void send(
        "PATCH",
        "",
        { picks: { standingsCategoryId: category, standingsGroupId: group } },
        w("desk.stream.groupChosen"),
      );
    } else if (select.id === "pick-bracket") {
      void send(
        "PATCH",
        "",
        { picks: { bracketCategoryId: select.value || null } },
        w("desk.stream.categoryChosen"),
      );
    }
  });
  byId("slate-form")?.addEventListener("submit", (e) => {
    e.preventDefault();
    const kind = byId<HTMLSelectElement>("slate-kind")?.value ?? "starting-soon";
    const text = byId<HTMLInputElement>("slate-text")?.value.trim() ?? "";
    void send(
      "PATCH",
      "",
      { slate: { kind, text: text === "" ? null : text }, onAir: { slate: true } },
      w("desk.stream.slatePutDone"),
    );
  });
  byId("slate-off")?.addEventListener("click", () => {
    void send("PATCH", "", { onAir: { slate: false } }, w("desk.stream.slateOffDone"));
  });
  byId("sponsor-form")?.addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = byId<HTMLInputElement>("sponsor-file")?.files?.[0];
    const typed = byId<HTMLInputElement>("sponsor-path")?.value.trim() ?? "";
    const text = byId<HTMLInputElement>("sponsor-text")?.value.trim() ?? "";
    const imageUrl = file ? await readDataUrl(file) : typed === "" ? undefined : typed;
    void send(
      "PATCH",
      "",
      { sponsor: { imageUrl, text: text === "" ? null : text } },
      w("desk.stream.sponsorSaved"),
    );
  });
  byId("sponsor-clear")?.addEventListener("click", () => {
    void send("PATCH", "", { sponsor: null, onAir: { sponsor: false } }, w("desk.stream.sponsorCleared"));
  });

  void loadEvents();
  // Changes from a controller show within 3 s; a failed read leaves the panel as it is.
  setInterval(() => {
    if (panel.slug && document.visibilityState === "visible") void send("GET", "", undefined, null);
  }, 3000);
}
