/** The desk's check-in on `/manage`: the day's players to tick as they arrive (client/manage/check_in.ts). */
import { useI18n } from "../i18n/mod.ts";

/** The check-in section of the operator's page. */
export function CheckInPanel() {
  const { t } = useI18n();
  return (
    <section id="check-in" aria-labelledby="check-in-heading">
      <h2 id="check-in-heading">{t("desk.checkIn.heading")}</h2>
      <form id="check-in-find" class="inline" role="search">
        <label>
          {t("desk.checkIn.find")}{" "}
          <input id="check-in-text" type="search" size={24} placeholder={t("desk.checkIn.placeholder")} />
        </label>
        <label>
          <input id="check-in-missing" type="checkbox" /> {t("desk.checkIn.missingOnly")}
        </label>
      </form>
      <p id="check-in-count" class="muted" role="status"></p>
      <button type="button" id="check-in-no-shows" hidden>{t("desk.checkIn.noShows")}</button>
      <ul id="check-in-list" class="rows check-in"></ul>
    </section>
  );
}
