/** axe-core in a browser test's page: the accessibility test's and the language test's one way of running it. */
import axe from "axe-core";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";
import { until } from "./wait.ts";

/**
 * axe-core's serious and critical violations on the page, one line each: rule, impact, elements. axe needs the
 * page's timers, so the page is not still: a run during which the page changed (a poll's swap, a list drawn
 * again) judged elements that may be gone, and is made again.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  let results: AxeResults | undefined;
  await until(async () => {
    const run = await page.evaluate(async () => {
      let changes = 0;
      const observer = new MutationObserver((records) => changes += records.length);
      observer.observe(document.body, { childList: true, subtree: true });
      const results = await (globalThis as unknown as { axe: { run(o: unknown): Promise<AxeResults> } }).axe
        .run({ resultTypes: ["violations"] });
      changes += observer.takeRecords().length;
      observer.disconnect();
      return { results, changes };
    });
    results = run.results;
    return run.changes === 0;
  }, "an axe run during which the page did not change");
  return results!.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
