/**
 * The referee's parts of `/manage` (client/manage/incidents_panel.ts): the alert of a red or yellow-red card not
 * acknowledged yet, shown in every view beside "Needs you", and the event's incident list, filtered by table,
 * category and kind, with those the umpire undid shown, hidden or alone.
 */
import { INCIDENT_CATEGORIES } from "../../domain/incident_list.ts";

/** The words of each kind of incident in the filter. */
export const INCIDENT_KIND_WORDS = {
  card: "Cards",
  timeout: "Time-outs",
  expedite: "Expedite",
  medical: "Medical breaks",
  retired: "Retirements",
  disqualified: "Disqualifications",
  correction: "Results entered and corrected",
} as const;

/** The alert, hidden while no card waits for the referee. */
export function RefereeAlert() {
  return (
    <section id="referee-alert" class="warning" role="alert" aria-labelledby="referee-alert-heading" hidden>
      <h2 id="referee-alert-heading">For the referee</h2>
      <ul id="referee-alert-list" class="rows"></ul>
    </section>
  );
}

/** The incident list with its filters. */
export function IncidentsPanel() {
  return (
    <section id="incidents" aria-labelledby="incidents-heading">
      <h2 id="incidents-heading">Incidents</h2>
      <form id="incident-filter" class="inline">
        <label>
          Table{" "}
          <select id="incident-table">
            <option value="">All</option>
          </select>
        </label>{" "}
        <label>
          Category{" "}
          <select id="incident-category">
            <option value="">All</option>
          </select>
        </label>{" "}
        <label>
          Kind{" "}
          <select id="incident-kind">
            <option value="">All</option>
            {INCIDENT_CATEGORIES.map((k) => <option key={k} value={k}>{INCIDENT_KIND_WORDS[k]}</option>)}
          </select>
        </label>{" "}
        <label>
          Undone{" "}
          <select id="incident-undone">
            <option value="">Shown</option>
            <option value="hide">Hidden</option>
            <option value="only">Only</option>
          </select>
        </label>
      </form>
      <ul id="incident-list" class="rows">
        <li class="muted">No incident yet</li>
      </ul>
    </section>
  );
}
