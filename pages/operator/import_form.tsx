/**
 * The desk's import on `/manage`: choose an event file, see what importing it would add, change and remove (and
 * what of the desk's work it would undo), then import it. Filled by client/manage/import_desk.ts.
 */
import { useI18n } from "../i18n/mod.ts";

/** The import section of the operator's page. */
export function ImportForm() {
  const { t } = useI18n();
  return (
    <section id="import" aria-labelledby="import-heading">
      <h2 id="import-heading">{t("desk.import.heading")}</h2>
      <p class="muted">{t("desk.import.about")}</p>
      <form id="import-form" class="inline">
        <label>
          {t("desk.import.file")}{" "}
          <input id="import-file" type="file" accept=".json,application/json" required />
        </label>
        <button type="submit">{t("desk.import.check")}</button>
      </form>
      <div id="import-problems" class="warning" role="alert" hidden></div>
      <div id="import-preview" hidden></div>
    </section>
  );
}
