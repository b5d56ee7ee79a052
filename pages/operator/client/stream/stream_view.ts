/// <reference lib="dom" />
/**
 * What the producer's panel (/manage/stream) shows of the stream's state: each graphic's card (on or off air,
 * its switch, its OBS URLs, a live preview) and the slate's and sponsor's forms filled from the state. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { StreamChoicesJson, StreamGraphicsJson, StreamJson } from "../../../../api/manage/stream.ts";
import { byId, make } from "../dom.ts";

/** The panel's state: the token, the event, what the server last said. */
export interface StreamPanel {
  token: string;
  slug: string;
  state: StreamJson | null;
  /** The graphics whose cards are drawn, by the event they were drawn for. */
  drawnFor: string;
}

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
    head.append(make("h3", "", g.label), make("span", "air"));
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
      frame.title = `Preview: ${g.label}`;
      frame.src = g.preview;
      frame.setAttribute("loading", "lazy");
      frame.tabIndex = -1;
      const box = make("div", "preview-box");
      box.append(frame);
      card.append(box);
    } else {
      card.append(make("p", "muted", "Nothing to preview yet (no featured match or tie in this event)."));
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
  field.append(make("span", "", graphic === "standings" ? "Group shown" : "Category shown"), select);
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
      option("", "The first group still in play"),
      ...categories.flatMap((c) =>
        c.groups.map((g) => option(pickValue(c.id, g.id), `${c.name} · Group ${g.name}`))
      ),
    );
  }
  const bracket = byId<HTMLSelectElement>("pick-bracket");
  if (bracket && bracket.options.length === 0) {
    bracket.append(
      option("", "The first knockout category"),
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
    if (air) air.textContent = on ? "On air" : "Off air";
    const button = card.querySelector<HTMLButtonElement>("button.switch");
    if (button) {
      button.textContent = on ? "Take off air" : "Put on air";
      button.setAttribute("aria-pressed", String(on));
      button.className = on ? "switch" : "switch primary";
    }
  }
  const slate = byId("slate-now");
  if (slate) slate.textContent = `${state.onAir.slate ? "On air" : "Ready"}: “${state.slate.text}”`;
  const sponsor = byId("sponsor-now");
  if (sponsor) {
    sponsor.textContent = state.sponsor === null
      ? "No sponsor set"
      : [state.sponsor.imageUrl && "an image", state.sponsor.text && `“${state.sponsor.text}”`].filter(
        Boolean,
      )
        .join(" and ");
  }
}
