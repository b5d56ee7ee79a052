/** The demo's screenshots under docs/screenshots/, written again only when the test is run with `-- --update`. */
import type { Page } from "playwright-core";

/** Whether the test was given `-- --update`. */
export const UPDATE_SCREENSHOTS = Deno.args.includes("--update");

/** Saves what `page` shows as docs/screenshots/`name`.png, when updating. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  await Deno.writeFile(
    new URL(`../../docs/screenshots/${name}.png`, import.meta.url),
    await page.screenshot(),
  );
}
