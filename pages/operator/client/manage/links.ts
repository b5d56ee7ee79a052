/// <reference lib="dom" />
/**
 * The links the operator hands out (TV, poster, overlays, the scoring page), each with its QR code, for the
 * address the phones and the TV use: the operator's laptop may itself use localhost, so the page lets them set
 * it (kept in localStorage) and warns while it is one only this computer reaches. Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { LinkJson } from "../../../../api/manage/links.ts";
import { problemDetail } from "../manage_fetch.ts";
import { byId, make, setStatus } from "../dom.ts";
import { BASE_KEY, manageApi, type ManagePage } from "./page.ts";
import { qrSvg } from "./qr_svg.ts";
import { type DeskKey, w } from "./words.ts";

/**
 * Whether an address works only on the computer that uses it.
 * @example isLocalAddress("http://127.0.0.1:8000") // true
 * @example isLocalAddress("http://192.168.1.20:8000") // false
 */
export function isLocalAddress(base: string): boolean {
  return /^https?:\/\/(localhost|127\.|\[::1\])/.test(base);
}

/** The desk's message for each kind of link whose label names nothing of the event's. */
export const LINK_WORDS: Readonly<Record<string, DeskKey>> = {
  scoring: "desk.link.scoring",
  tv: "desk.link.tv",
  "tv-tables": "desk.link.tvTables",
  "tv-bracket": "desk.link.tvBracket",
  event: "desk.link.event",
  poster: "desk.link.poster",
  print: "desk.link.print",
  operator: "desk.link.operator",
  "overlay-featured": "desk.link.featured",
  stream: "desk.link.stream",
  "overlay-slate": "desk.link.slate",
  "overlay-sponsor": "desk.link.sponsor",
};

/**
 * A link's label in the desk's words, read from its kind; the overlays of a table, a category and a match keep
 * what the API's label names (a table's number, a category's or the players' names), and a kind not known here
 * keeps the API's label.
 * @example linkLabel({ kind: "overlay-table", label: "Overlay: table 3 (follows the table)" }) // "Overlay: table 3 (follows the table)"
 */
export function linkLabel(l: Pick<LinkJson, "kind" | "label">): string {
  const key = LINK_WORDS[l.kind];
  if (key !== undefined) return w(key);
  const table = /^Overlay: table (\d+)(?:, (.*)| \(follows the table\))$/.exec(l.label);
  if (l.kind === "overlay-table" && table) return w("desk.link.table", { table: Number(table[1]) });
  if (l.kind === "overlay-match" && table?.[2] !== undefined) {
    return w("desk.link.match", { table: Number(table[1]), players: table[2] });
  }
  if (l.kind === "overlay-subevent" && l.label.startsWith("Overlay: ")) {
    return w("desk.link.category", { name: l.label.slice("Overlay: ".length) });
  }
  return l.label;
}

/** A link with its QR code and label, opening in a new tab. */
export function linkFigure(l: LinkJson): HTMLElement {
  const fig = make("figure", "link");
  const a = make("a", "", l.url);
  a.href = l.url;
  a.target = "_blank";
  a.rel = "noopener";
  const caption = make("figcaption", "");
  const label = linkLabel(l);
  caption.append(make("strong", "", label), make("br"), a);
  fig.append(qrSvg(l.qr, w("desk.links.qr", { label })), caption);
  return fig;
}

/** Reads and shows the event's links for the page's address. */
export async function loadLinks(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  byId("base-warning")!.hidden = !isLocalAddress(page.base);
  try {
    const res = await manageApi(
      page,
      `/events/${encodeURIComponent(page.slug)}/links?base=${encodeURIComponent(page.base)}`,
    );
    if (!res.ok) return setStatus(await problemDetail(res), "error");
    const links: LinkJson[] = (await res.json()).data.links;
    byId("link-grid")!.replaceChildren(...links.map(linkFigure));
  } catch {
    setStatus(w("desk.offline"), "error");
  }
}

/** Fills the address field, and keeps a new address (without a final slash; empty: this page's) and its links. */
export function watchBaseForm(page: ManagePage): void {
  const input = byId<HTMLInputElement>("base")!;
  input.value = page.base;
  byId<HTMLFormElement>("base-form")!.addEventListener("submit", (e) => {
    e.preventDefault();
    page.base = input.value.trim().replace(/\/+$/, "") || location.origin;
    localStorage.setItem(BASE_KEY, page.base);
    void loadLinks(page);
  });
}
