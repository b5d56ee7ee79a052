/** The pages that follow a table (its overlay, its scoreboard) in the browser tests: the desk's writes and waits. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { call } from "../api/manage_fixtures.ts";

/** The desk's action on a match through the management API, which must answer 200. */
export function deskAction(origin: string, secret: string) {
  return async (id: string, action: string, body: Record<string, unknown> = {}): Promise<void> => {
    const res = await fetch(
      `${origin}/api/manage/matches/${id}/${action}`,
      call(secret, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
    );
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
}

/** The names of a match's sides, as the public API gives them. */
export async function sideNames(origin: string, id: string): Promise<string[]> {
  const res = await fetch(`${origin}/api/v1/matches/${id}`);
  const { data } = await res.json();
  return [data.match.homeName, data.match.awayName];
}

/** Waits until the page's text holds every one of `texts`, whatever their case. */
export async function pageShows(page: Page, texts: string[]): Promise<void> {
  await page.waitForFunction(
    (t) => t.every((x) => document.body.innerText.toUpperCase().includes(x.toUpperCase())),
    texts,
  );
}
