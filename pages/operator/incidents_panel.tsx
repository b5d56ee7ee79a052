/**
 * The referee's parts of `/manage` (client/manage/incidents_panel.ts): the alert of a red or yellow-red card not
 * acknowledged yet, shown in every view beside "Needs you", and the event's incident list, filtered by table,
 * category and kind, with those the umpire undid shown, hidden or alone.
 */
import { useI18n } from "../i18n/mod.ts";
import { INCIDENT_CATEGORIES } from "../../domain/incident_list.ts";

/** The desk's message for each kind of incident in the filter. */
export const INCIDENT_KIND_WORDS = {
  card: "desk.incidents.card",
  timeout: "desk.incidents.timeout",
  expedite: "desk.incidents.expedite",
  medical: "desk.incidents.medical",
  retired: "desk.incidents.retired",
  disqualified: "desk.incidents.disqualified",
  correction: "desk.incidents.correction",
} as const;

/** The alert, hidden while no card waits for the referee. */
export function RefereeAlert() {
  const { t } = useI18n();
  return (
    <section id="referee-alert" class="warning" role="alert" aria-labelledby="referee-alert-heading" hidden>
      <h2 id="referee-alert-heading">{t("desk.incidents.referee")}</h2>
      <ul id="referee-alert-list" class="rows"></ul>
    </section>
  );
}

/** The incident list with its filters. */
export function IncidentsPanel() {
  const { t } = useI18n();
  return (
    <section id="incidents" aria-labelledby="incidents-heading">
      <h2 id="incidents-heading">{t("desk.incidents.heading")}</h2>
      <form id="incident-filter" class="inline">
        <label>
          {t("desk.incidents.table")}{" "}
          <select id="incident-table">
            <option value="">{t("desk.all")}</option>
          </select>
        </label>{" "}
        <label>
          {t("desk.incidents.category")}{" "}
          <select id="incident-category">
            <option value="">{t("desk.all")}</option>
          </select>
        </label>{" "}
        <label>
          {t("desk.incidents.kind")}{" "}
          <select id="incident-kind">
            <option value="">{t("desk.all")}</option>
            {INCIDENT_CATEGORIES.map((k) => <option key={k} value={k}>{t(INCIDENT_KIND_WORDS[k])}</option>)}
          </select>
        </label>{" "}
        <label>
          {t("desk.incidents.undone")}{" "}
          <select id="incident-undone">
            <option value="">{t("desk.incidents.undoneShown")}</option>
            <option value="hide">{t("desk.incidents.undoneHidden")}</option>
            <option value="only">{t("desk.incidents.undoneOnly")}</option>
          </select>
        </label>
      </form>
      <ul id="incident-list" class="rows">
        <li class="muted">{t("desk.incidents.none")}</li>
      </ul>
    </section>
  );
}
