/**
 * The desk's import on `/manage`: choose an event file, see what importing it would add, change and remove (and
 * what of the desk's work it would undo), then import it. Filled by client/manage/import_desk.ts.
 */
import { FileCheckSection } from "./file_check_section.tsx";

/** The import section of the operator's page. */
export function ImportForm() {
  return (
    <FileCheckSection
      id="import"
      accept=".json,application/json"
      words="import"
    >
      <div id="import-problems" class="warning" role="alert" hidden></div>
      <div id="import-preview" hidden></div>
    </FileCheckSection>
  );
}
