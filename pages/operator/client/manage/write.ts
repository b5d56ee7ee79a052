/// <reference lib="dom" />
/**
 * A write of the operator's page (publish, lock a draw, start a match, post the announcement, make a token...):
 * sent once with its own Idempotency-Key, said on the status line, and followed by reading the overview and the
 * tokens again. Every declaration is exported so that the page can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import { problemDetail } from "../manage_fetch.ts";
import { setStatus } from "../dom.ts";
import { haltForToken, manageApi, type ManagePage } from "./page.ts";
import { loadTokens } from "./tokens.ts";

/** Sends a write (page.ts `Write`); on success draws the overview again, on failure says the problem's detail. */
export async function sendWrite<T = unknown>(
  page: ManagePage,
  path: string,
  body?: Record<string, unknown>,
  done = "Saved",
  method = "POST",
): Promise<T | null> {
  setStatus("Saving…", "busy");
  try {
    const res = await manageApi(page, path, {
      method,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      if (res.status === 401) haltForToken(page, await problemDetail(res));
      else setStatus(await problemDetail(res), "error");
      return null;
    }
    const data: T = (await res.json()).data;
    setStatus(done);
    page.shown = "";
    await page.refresh();
    void loadTokens(page);
    return data;
  } catch {
    setStatus("Cannot reach the server", "error");
    return null;
  }
}
