/**
 * The desk's import on `/manage`: choose an event file, see what importing it would add, change and remove (and
 * what of the desk's work it would undo), then import it. Filled by client/manage/import_desk.ts.
 */
import { useI18n } from "../i18n/mod.ts";
import { FileCheckSection } from "./file_check_section.tsx";

/** The import section of the operator's page. */
export function ImportForm() {
  const { t } = useI18n();
  return (
    <FileCheckSection
      id="import"
      accept=".json,application/json"
      words={{
        heading: t("desk.import.heading"),
        about: t("desk.import.about"),
        file: t("desk.import.file"),
        check: t("desk.import.check"),
      }}
    >
      <div id="import-problems" class="warning" role="alert" hidden></div>
      <div id="import-preview" hidden></div>
    </FileCheckSection>
  );
}
