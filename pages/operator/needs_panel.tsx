/** The "Needs you" panel of `/manage`, shown in every view while anything waits for the director (client/manage/needs_panel.ts). */
import { useI18n } from "../i18n/mod.ts";

/** The panel, hidden while nothing waits. */
export function NeedsPanel() {
  const { t } = useI18n();
  return (
    <section id="needs" class="warning" aria-labelledby="needs-heading" aria-live="polite" hidden>
      <h2 id="needs-heading">{t("desk.needs.heading")}</h2>
      <ul id="needs-list" class="rows"></ul>
    </section>
  );
}
