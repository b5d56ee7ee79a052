/**
 * The rating list on `/manage`: a federation's list (CSV) checked against the event's players, its report read,
 * then applied (client/manage/rating_list.ts).
 */
import { useI18n } from "../i18n/mod.ts";

/** The rating list section of the operator's page. */
export function RatingListForm() {
  const { t } = useI18n();
  return (
    <section id="rating-list" aria-labelledby="rating-list-heading">
      <h2 id="rating-list-heading">{t("desk.rating.heading")}</h2>
      <p class="muted">{t("desk.rating.about")}</p>
      <form id="rating-list-form" class="inline">
        <label>
          {t("desk.rating.file")}{" "}
          <input id="rating-list-file" type="file" accept=".csv,.txt,text/csv" required />
        </label>
        <button type="submit">{t("desk.rating.check")}</button>
      </form>
      <div id="rating-list-report" hidden></div>
    </section>
  );
}
