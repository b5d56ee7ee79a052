/// <reference lib="dom" />
/**
 * What the producer's panel (/manage/stream) shows of the stream's state: each graphic's card (on or off air,
 * its switch, its OBS URLs, a live preview) and the slate's and sponsor's forms filled from the state. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { StreamChoicesJson, StreamGraphicsJson, StreamJson } from "../../../../api/manage/stream.ts";
import type { StreamGraphic } from "../../../../domain/stream_state.ts";
import { slateHasOwnWords } from "../../../../domain/slate_words.ts";
import { byId, make } from "../dom.ts";
import { type DeskKey, deskList, w } from "../manage/words.ts";

/** The panel's state: the token, the event, what the server last said. */
export interface StreamPanel {
  token: string;
  slug: string;
  state: StreamJson | null;
  /** The graphics whose cards are drawn, by the event they were drawn for. */
  drawnFor: string;
}

/** Each graphic's name in the page's language (the API's `label` is English). */
export const GRAPHIC_KEYS: Record<StreamGraphic, DeskKey> = {
  bar: "desk.stream.graphic.bar",
  lowerThird: "desk.stream.graphic.lowerThird",
  tie: "desk.stream.graphic.tie",
  board: "desk.stream.graphic.board",
  standings: "desk.stream.graphic.standings",
  bracket: "desk.stream.graphic.bracket",
  slate: "desk.stream.graphic.slate",
  sponsor: "desk.stream.graphic.sponsor",
};

/** Each slate's own words in the page's language, the custom one's none (the producer writes them). */
export const SLATE_KEYS: Record<string, DeskKey> = {
  "starting-soon": "desk.stream.slate.startingSoon",
  "break": "desk.stream.slate.break",
  "technical": "desk.stream.slate.technical",
};

/** The width of the canvas the previews scale down (the overlays are laid out for it). */
export const PREVIEW_CANVAS = { width: 1920, height: 1080 } as const;

/** Draws each graphic's card once per event: a preview's frame is kept, it follows the state by its own poll. */
export function drawGraphics(
  panel: StreamPanel,
  graphics: StreamGraphicsJson,
  onSwitch: (g: string) => void,
) {
  const list = byId("graphics");
  if (!list || panel.drawnFor === panel.slug) return;
  panel.drawnFor = panel.slug;
  list.replaceChildren(...graphics.map((g) => {
    const card = make("article", "graphic");
    card.dataset.graphic = g.graphic;
    const head = make("div", "head");
    const label = w(GRAPHIC_KEYS[g.graphic as StreamGraphic] ?? "desk.stream.title");
    head.append(make("h3", "", label), make("span", "air"));
    const button = make("button", "switch");
    button.type = "button";
    button.addEventListener("click", () => onSwitch(g.graphic));
    head.append(button);
    const urls = make("ul", "urls");
    for (const url of g.urls) {
      const item = make("li");
      item.append(make("code", "", url));
      urls.append(item);
    }
    card.append(head, urls);
    if (g.graphic === "standings" || g.graphic === "bracket") card.append(pickField(g.graphic));
    if (g.preview) {
      const frame = make("iframe", "preview");
      frame.title = w("desk.stream.preview", { label });
      frame.src = g.preview;
      frame.setAttribute("loading", "lazy");
      frame.tabIndex = -1;
      const box = make("div", "preview-box");
      box.append(frame);
      card.append(box);
    } else {
      card.append(make("p", "muted", w("desk.stream.noPreview")));
    }
    return card;
  }));
  // Each preview is the overlay at the canvas' size, scaled down to its box.
  const fit = () => {
    for (const box of Array.from(list.querySelectorAll<HTMLElement>(".preview-box"))) {
      const frame = box.querySelector<HTMLElement>("iframe");
      if (frame) frame.style.transform = `scale(${box.clientWidth / PREVIEW_CANVAS.width})`;
    }
  };
  fit();
  new ResizeObserver(fit).observe(list);
}

/** The select of what the standings or bracket graphic shows; filled by `showChoices`. */
export function pickField(graphic: "standings" | "bracket"): HTMLElement {
  const field = make("label", "pick");
  const select = make("select");
  select.id = `pick-${graphic}`;
  field.append(
    make("span", "", w(graphic === "standings" ? "desk.stream.groupShown" : "desk.stream.categoryShown")),
    select,
  );
  return field;
}

/** The picks' option value: a category's id, with its group's after a slash. */
export function pickValue(categoryId: string | null, groupId: string | null = null): string {
  return categoryId === null ? "" : groupId === null ? categoryId : `${categoryId}/${groupId}`;
}

/** Fills the standings' and bracket's selects with the event's groups and knockout categories, once per event. */
export function showChoices(categories: StreamChoicesJson, picks: StreamJson["picks"]): void {
  const option = (value: string, text: string) => {
    const o = make("option", "", text);
    o.value = value;
    return o;
  };
  const standings = byId<HTMLSelectElement>("pick-standings");
  if (standings && standings.options.length === 0) {
    standings.append(
      option("", w("desk.stream.firstGroup")),
      ...categories.flatMap((c) =>
        c.groups.map((g) =>
          option(pickValue(c.id, g.id), w("desk.stream.groupOption", { category: c.name, group: g.name }))
        )
      ),
    );
  }
  const bracket = byId<HTMLSelectElement>("pick-bracket");
  if (bracket && bracket.options.length === 0) {
    bracket.append(
      option("", w("desk.stream.firstKnockout")),
      ...categories.filter((c) => c.knockout).map((c) => option(pickValue(c.id), c.name)),
    );
  }
  if (standings && document.activeElement !== standings) {
    standings.value = pickValue(picks.standingsCategoryId, picks.standingsGroupId);
  }
  if (bracket && document.activeElement !== bracket) bracket.value = pickValue(picks.bracketCategoryId);
}

/** Writes the state on the cards and the forms. */
export function showState(state: StreamJson): void {
  for (const card of Array.from(document.querySelectorAll<HTMLElement>("article.graphic"))) {
    const on = state.onAir[card.dataset.graphic as keyof StreamJson["onAir"]] === true;
    card.classList.toggle("on", on);
    const air = card.querySelector(".air");
    if (air) air.textContent = w(on ? "desk.stream.onAir" : "desk.stream.offAir");
    const button = card.querySelector<HTMLButtonElement>("button.switch");
    if (button) {
      button.textContent = w(on ? "desk.stream.takeOff" : "desk.stream.putOn");
      button.setAttribute("aria-pressed", String(on));
      button.className = on ? "switch" : "switch primary";
    }
  }
  const slate = byId("slate-now");
  if (slate) {
    const own = SLATE_KEYS[state.slate.kind];
    const text = slateHasOwnWords(state.slate) || own === undefined ? state.slate.text : w(own);
    slate.textContent = w(state.onAir.slate ? "desk.stream.slateOnAir" : "desk.stream.slateReady", { text });
  }
  const sponsor = byId("sponsor-now");
  if (sponsor) {
    sponsor.textContent = state.sponsor === null ? w("desk.stream.sponsorNone") : deskList([
      ...(state.sponsor.imageUrl ? [w("desk.stream.sponsorImage")] : []),
      ...(state.sponsor.text ? [w("desk.stream.sponsorLine", { text: state.sponsor.text })] : []),
    ]);
  }
}
