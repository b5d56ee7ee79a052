/**
 * The rating list on `/manage`: a federation's list (CSV) checked against the event's players, its report read,
 * then applied (client/manage/rating_list.ts).
 */
import { useI18n } from "../i18n/mod.ts";
import { FileCheckSection } from "./file_check_section.tsx";

/** The rating list section of the operator's page. */
export function RatingListForm() {
  const { t } = useI18n();
  return (
    <FileCheckSection
      id="rating-list"
      accept=".csv,.txt,text/csv"
      words={{
        heading: t("desk.rating.heading"),
        about: t("desk.rating.about"),
        file: t("desk.rating.file"),
        check: t("desk.rating.check"),
      }}
    >
      <div id="rating-list-report" hidden></div>
    </FileCheckSection>
  );
}
