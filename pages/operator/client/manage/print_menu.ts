/// <reference lib="dom" />
/**
 * The print menu of the operator's page: for the event, each table, each category and each knockout round, the
 * sheets of the print center (pages/print/, docs/printing.md) one click away, each opening in a new tab made for
 * print. The sheets read the published event: a draft event has none yet, and the menu says so. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { stageWords } from "./play_words.ts";
import { byId, make } from "../dom.ts";
import type { ManagePage, Overview } from "./page.ts";
import { w } from "./words.ts";

/** A line of the menu: what it is about, and its sheets. */
export interface PrintLine {
  about: string;
  links: { label: string; href: string }[];
}

/**
 * The menu's lines for an event at a glance: the event's sheets, each table's match sheets (of matches not
 * finished), each category's sheets (match sheets, results, its draw and its group sheets where it has them) and
 * each knockout round's match sheets, for the categories whose draw is locked. The sheets' QR codes lead to
 * `base`, the address the phones use.
 */
export function printLines(o: Overview, base: string): PrintLine[] {
  const at = (path: string) => {
    const href = `/t/${encodeURIComponent(o.event.slug)}/print${path === "" ? "" : `/${path}`}`;
    return /\.csv(\?|$)/.test(href)
      ? href
      : `${href}${href.includes("?") ? "&" : "?"}base=${encodeURIComponent(base)}`;
  };
  const open = o.matches.filter((m) => m.status !== "completed");
  const tables = [...new Set(open.flatMap((m) => m.tableNo === null ? [] : [m.tableNo]))].sort((a, b) =>
    a - b
  );
  const lines: PrintLine[] = [{
    about: w("desk.print.event"),
    links: [
      { label: w("desk.print.center"), href: at("") },
      { label: w("desk.print.matchSheets"), href: at("matches") },
      { label: w("desk.print.twoAPage"), href: at("matches?per=2") },
      { label: w("desk.print.order"), href: at("order") },
      { label: w("desk.print.results"), href: at("results") },
      { label: w("desk.print.resultsCsv"), href: at("results.csv") },
    ],
  }];
  for (const t of tables) {
    lines.push({
      about: w("desk.print.table", { table: t }),
      links: [
        { label: w("desk.print.matchSheets"), href: at(`matches?table=${t}`) },
        { label: w("desk.print.order"), href: at(`order?table=${t}`) },
      ],
    });
  }
  // A draft draw is not public: its sheets come once it is locked.
  for (const c of o.subevents.filter((c) => c.drawState === "locked")) {
    const q = `category=${encodeURIComponent(c.id)}`;
    const links = [
      { label: w("desk.print.matchSheets"), href: at(`matches?${q}`) },
      { label: w("desk.print.results"), href: at(`results?${q}`) },
    ];
    if (c.format !== "groups") links.push({ label: w("desk.print.draw"), href: at(`draw?${q}`) });
    if (c.format !== "knockout") {
      links.push({ label: w("desk.print.groups"), href: at(`groups?${q}`) });
      links.push({ label: w("desk.print.groupsFilled"), href: at(`groups?${q}&filled=1`) });
    }
    lines.push({ about: c.name, links });
    const rounds = new Map<number, string>();
    for (const m of o.matches) {
      if (m.subeventId === c.id && m.stage === "knockout") rounds.set(m.roundNo, m.stageLabel);
    }
    for (const [round, label] of [...rounds].sort((a, b) => a[0] - b[0])) {
      lines.push({
        about: `${c.name} · ${stageWords(label)}`,
        links: [{ label: w("desk.print.matchSheets"), href: at(`matches?${q}&round=${round}`) }],
      });
    }
  }
  return lines;
}

/** Draws the menu; a draft event gets a sentence instead, the sheets being made from what is published. */
export function showPrintMenu(page: ManagePage, o: Overview): void {
  const list = byId("print-menu");
  if (!list) return;
  byId("print-draft")!.hidden = o.event.status === "published";
  if (o.event.status !== "published") return void list.replaceChildren();
  list.replaceChildren(
    ...printLines(o, page.base).map((line) => {
      const item = make("li", "", `${line.about}: `);
      line.links.forEach((l, i) => {
        const a = make("a", "", l.label);
        a.href = l.href;
        a.target = "_blank";
        a.rel = "noopener";
        if (i > 0) item.append(" · ");
        item.append(a);
      });
      return item;
    }),
  );
}
