/// <reference lib="dom" />
/**
 * The referee's parts of /manage (pages/operator/incidents_panel.tsx), read with the overview
 * (`GET /events/{slug}/incidents`): the alert of each red or yellow-red card not acknowledged yet, with its
 * "Acknowledge" button, and the event's incident list filtered by table, category and kind. Every declaration
 * is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { EventIncident } from "../../../../domain/incident_list.ts";
import { incidentText } from "../../../incident_words.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";
import { stageWords } from "./play_words.ts";
import { deskClock, w } from "./words.ts";

/** An incident as the API lists it: with who acknowledged it and when. */
export type ListedIncident = EventIncident & { acknowledged: { by: string; at: string } | null };

/** What was read last and drawn: a refresh or a filter change that draws the same draws nothing. */
export const incidentsShown = { list: [] as ListedIncident[], json: "", alerts: "" };

/** "Table 3 · Game 2, 5-3 · 14:05": where and when an incident was. */
export function incidentPlace(i: EventIncident): string {
  return [
    i.tableNo === null ? null : w("desk.incidents.tableNo", { table: i.tableNo }),
    i.gameNumber === null
      ? null
      : i.score
      ? w("desk.incidents.gameScore", { game: i.gameNumber, score: i.score })
      : w("desk.incidents.game", { game: i.gameNumber }),
    i.at === null ? null : deskClock(i.at),
  ].filter((p) => p !== null).join(" · ");
}

/**
 * An incident in the desk's words, from what it names (`words`); the API's English sentence and match when it
 * names nothing (an older server).
 * @example incidentWords(redCardToBen) // { what: "Rote Karte: Ben", match: "Ana – Ben (U15, Gruppe A)" } on a German desk
 */
export function incidentWords(i: EventIncident): { what: string; match: string } {
  const n = i.words as EventIncident["words"] | undefined;
  if (n === undefined) return { what: i.text, match: i.match };
  return {
    what: i.undone ? w("desk.incidents.undoneMark", { what: incidentText(n, w) }) : incidentText(n, w),
    match: w("desk.needs.match", { ...n.match, stage: stageWords(n.match.stage) }),
  };
}

/**
 * The incidents the filters keep: a table number, a category id and a kind, each "" for all, and those the umpire
 * undid ("hide", "only", or "" for both).
 * @example filterIncidents(list, { table: "3", category: "", kind: "card", undone: "hide" }) // table 3's cards in force
 */
export function filterIncidents<T extends EventIncident>(
  list: readonly T[],
  f: { table: string; category: string; kind: string; undone?: string },
): T[] {
  return list.filter((i) =>
    (f.table === "" || String(i.tableNo) === f.table) && (f.category === "" || i.categoryId === f.category) &&
    (f.kind === "" || i.category === f.kind) &&
    (f.undone === "hide" ? i.undone === null : f.undone === "only" ? i.undone !== null : true)
  );
}

/** Keeps a filter's options to what the list holds, the choice made kept. */
export function fillIncidentOptions(select: HTMLSelectElement, options: [string, string][]): void {
  const chosen = select.value;
  select.replaceChildren(
    new Option(w("desk.all"), ""),
    ...options.map(([value, text]) => new Option(text, value, false, value === chosen)),
  );
}

/** Draws the list as the filters keep it. */
export function drawIncidents(): void {
  const list = incidentsShown.list;
  const table = byId<HTMLSelectElement>("incident-table")!;
  const category = byId<HTMLSelectElement>("incident-category")!;
  const tables = [...new Set(list.flatMap((i) => i.tableNo === null ? [] : [i.tableNo]))].sort((a, b) =>
    a - b
  );
  fillIncidentOptions(table, tables.map((t) => [String(t), w("desk.incidents.tableNo", { table: t })]));
  fillIncidentOptions(category, [...new Map(list.map((i) => [i.categoryId, i.categoryName]))]);
  const kept = filterIncidents(list, {
    table: table.value,
    category: category.value,
    kind: byId<HTMLSelectElement>("incident-kind")!.value,
    undone: byId<HTMLSelectElement>("incident-undone")?.value ?? "",
  });
  byId("incident-list")!.replaceChildren(
    ...kept.map((i) => {
      const li = make("li", i.undone ? "incident undone" : i.alert ? "incident alert" : "incident");
      li.dataset.kind = i.category;
      const { what, match } = incidentWords(i);
      li.append(
        i.undone ? make("s", "", what) : make("strong", "", what),
        ` ${match} `,
        make("span", "muted", incidentPlace(i)),
      );
      if (i.undone) {
        const at = deskClock(i.undone.at);
        li.append(make("span", "muted", ` · ${w("desk.incidents.undoneBy", { by: i.undone.by, time: at })}`));
      }
      if (i.acknowledged) {
        li.append(
          make("span", "muted", ` · ${w("desk.incidents.acknowledgedBy", { by: i.acknowledged.by })}`),
        );
      }
      return li;
    }),
  );
  if (kept.length === 0) {
    byId("incident-list")!.append(
      make("li", "muted", list.length === 0 ? w("desk.incidents.none") : w("desk.incidents.noneKept")),
    );
  }
}

/** Draws the alerts: each card for the referee with its button; the section hidden when none waits. */
export function showAlerts(page: ManagePage, alerts: readonly ListedIncident[]): void {
  const json = JSON.stringify(alerts);
  if (json === incidentsShown.alerts) return;
  incidentsShown.alerts = json;
  byId("referee-alert-list")!.replaceChildren(
    ...alerts.map((a) => {
      const { what, match } = incidentWords(a);
      const li = make(
        "li",
        "need",
        `${w("desk.incidents.alertLine", { what, match, place: incidentPlace(a) })} `,
      );
      li.dataset.key = a.key;
      const button = make("button", "primary", w("desk.incidents.acknowledge"));
      button.type = "button";
      button.addEventListener("click", () =>
        void page.write(
          `/events/${encodeURIComponent(page.slug)}/incidents/acknowledge`,
          { key: a.key },
          w("desk.incidents.acknowledged"),
        ));
      li.append(button);
      return li;
    }),
  );
  byId("referee-alert")!.hidden = alerts.length === 0;
}

/** Reads the incidents and draws them; a failed read leaves the panel as it was. */
export async function refreshIncidents(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  let data: { incidents: ListedIncident[]; alerts: ListedIncident[] };
  try {
    const res = await manageApi(page, `/events/${encodeURIComponent(page.slug)}/incidents`);
    if (!res.ok) return;
    data = (await res.json()).data;
  } catch {
    // The overview's refresh says when the server cannot be reached.
    return;
  }
  showAlerts(page, data.alerts);
  const json = JSON.stringify(data.incidents);
  if (json === incidentsShown.json) return;
  incidentsShown.json = json;
  incidentsShown.list = data.incidents;
  drawIncidents();
}

/** Draws the list again when a filter changes. */
export function watchIncidentFilter(): void {
  byId("incident-filter")?.addEventListener("change", drawIncidents);
}
