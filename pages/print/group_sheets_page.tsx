/** /t/{slug}/print/groups?category={id}: a category's group sheets, one group a page, blank or filled. */
import { categoryPath } from "../page_paths.ts";
import { GROUP_SHEET_CSS, GroupSheet } from "./group_sheet.tsx";
import type { PrintCategory } from "../../views/print_data.ts";
import { useI18n } from "../i18n/mod.ts";
import { type LayoutLink, PrintDocument, type SheetKind } from "./print_document.tsx";

const GROUP_SHEETS: SheetKind = { name: "print.kindGroupSheets", paper: "A4 portrait", css: GROUP_SHEET_CSS };

/** The page of a category's groups (`only` narrows to one group); `layouts` has blank and filled. */
export function GroupSheetsPage(props: {
  nonce: string;
  slug: string;
  eventName: string;
  category: PrintCategory;
  only: string | undefined;
  filled: boolean;
  withDay: boolean;
  base: string;
  layouts: LayoutLink[];
}) {
  const { t } = useI18n();
  const { view } = props.category;
  const groups = props.category.groups.filter((g) => props.only === undefined || g.id === props.only);
  return (
    <PrintDocument nonce={props.nonce} kind={GROUP_SHEETS} about={view.name} layouts={props.layouts}>
      <main id="sheets">
        {groups.length === 0 && <p class="flow">{t("print.noGroup")}</p>}
        {groups.map((g) => (
          <GroupSheet
            key={g.id}
            eventName={props.eventName}
            categoryName={view.name}
            bestOf={view.bestOf}
            group={g}
            standings={view.groups.find((s) => s.groupId === g.id)}
            matches={view.matches.filter((m) => m.groupId === g.id)}
            entries={props.category.entries}
            filled={props.filled}
            withDay={props.withDay}
            followUrl={props.base + categoryPath(props.slug, view.id)}
          />
        ))}
      </main>
    </PrintDocument>
  );
}
GroupSheetsPage.translated = true as const;
