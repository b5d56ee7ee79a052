/**
 * The views of the operator's page `/manage`: one long page split into what a director looks at together, so
 * that each fits a 1366x768 laptop screen or one scroll more. A view shows the parts of `<main>` it names (by
 * id) and hides the others; "All" shows everything, in the page's order (a part added to the page is found
 * there until a view names it). The bar at the top chooses (client/manage/views.ts).
 */

/** The views, in the bar's order: the id, its button's label (a desk message) and the parts of `<main>` it shows. */
export const CONSOLE_VIEWS = [
  {
    id: "tables",
    label: "desk.view.tables",
    parts: ["tables-heading", "hall-form", "tables", "tie-lineups", "by-table"],
  },
  {
    id: "categories",
    label: "desk.view.categories",
    parts: [
      "categories-heading",
      "categories",
      "draw-console",
      "check-in",
      "rating-list",
      "entries",
      "by-category",
    ],
  },
  { id: "matches", label: "desk.view.matches", parts: ["matches", "incidents"] },
  { id: "plan", label: "desk.view.plan", parts: ["order-of-play"] },
  {
    id: "event",
    label: "desk.view.event",
    parts: [
      "announcement",
      "import",
      "print",
      "links-heading",
      "base-form",
      "base-warning",
      "link-grid",
      "tokens-heading",
      "token-create",
      "new-secret",
      "token-list",
      "audit-heading",
      "audit",
    ],
  },
  { id: "all", label: "desk.view.all", parts: [] },
] as const;

/** The parts every view shows: the event's name and status, a card for the referee, what needs the director, its clashes, the relay's state, the note when there is no event. */
const ALWAYS = ["no-event", "referee-alert", "needs", "clashes", "relay"];

/** The CSS that shows each view's parts and hides the rest (`main[data-view=…]`). */
export function consoleViewsCss(): string {
  return CONSOLE_VIEWS.filter((v) => v.id !== "all").map((v) => {
    const shown = [...ALWAYS, ...v.parts].map((id) => `#${id}`).join(",");
    return `main[data-view=${v.id}]>:not(.event-bar,${shown}){display:none}`;
  }).join("\n");
}
