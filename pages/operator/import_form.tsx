/**
 * The desk's import on `/manage`: choose an event file, see what importing it would add, change and remove (and
 * what of the desk's work it would undo), then import it. Filled by client/manage/import_desk.ts.
 */

/** The import section of the operator's page. */
export function ImportForm() {
  return (
    <section id="import" aria-labelledby="import-heading">
      <h2 id="import-heading">Import an event file</h2>
      <p class="muted">
        A new event, or the one shown mended: nothing changes until you have seen what the file would do and
        pressed Import.
      </p>
      <form id="import-form" class="inline">
        <label>
          Event file (JSON) <input id="import-file" type="file" accept=".json,application/json" required />
        </label>
        <button type="submit">Check the file</button>
      </form>
      <div id="import-problems" class="warning" role="alert" hidden></div>
      <div id="import-preview" hidden></div>
    </section>
  );
}
