/** The "Needs you" panel of `/manage`, shown in every view while anything waits for the director (client/manage/needs_panel.ts). */

/** The panel, hidden while nothing waits. */
export function NeedsPanel() {
  return (
    <section id="needs" class="warning" aria-labelledby="needs-heading" aria-live="polite" hidden>
      <h2 id="needs-heading">Needs you</h2>
      <ul id="needs-list" class="rows"></ul>
    </section>
  );
}
