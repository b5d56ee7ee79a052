/**
 * The rating list on `/manage`: a federation's list (CSV) checked against the event's players, its report read,
 * then applied (client/manage/rating_list.ts).
 */
import { FileCheckSection } from "./file_check_section.tsx";

/** The rating list section of the operator's page. */
export function RatingListForm() {
  return (
    <FileCheckSection
      id="rating-list"
      accept=".csv,.txt,text/csv"
      words="rating"
    >
      <div id="rating-list-report" hidden></div>
    </FileCheckSection>
  );
}
