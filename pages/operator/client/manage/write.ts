/// <reference lib="dom" />
/**
 * A write of the operator's page (publish, lock a draw, start a match, post the announcement, make a token...):
 * sent once with its own Idempotency-Key, said on the status line, and followed by reading the overview and the
 * tokens again. Every declaration is exported so that the page can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import { problemDetail } from "../manage_fetch.ts";
import { setStatus } from "../dom.ts";
import { matchNames } from "./match_words.ts";
import { haltForToken, manageApi, type ManagePage } from "./page.ts";
import { pw, stageWords } from "./play_words.ts";
import { loadTokens } from "./tokens.ts";
import { w } from "./words.ts";

/** Sends a write (page.ts `Write`); on success draws the overview again, on failure says the problem's detail. */
export async function sendWrite<T = unknown>(
  page: ManagePage,
  path: string,
  body?: Record<string, unknown>,
  done = w("desk.saved"),
  method = "POST",
): Promise<T | null> {
  setStatus(w("desk.saving"), "busy");
  try {
    const res = await manageApi(page, path, {
      method,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      if (res.status === 401) haltForToken(page, await problemDetail(res));
      else if (await resetNextAndRetry(page, res.clone())) {
        return await sendWrite<T>(page, path, body, done, method);
      } else setStatus(await problemDetail(res), "error");
      return null;
    }
    const data: T = (await res.json()).data;
    setStatus(done);
    page.shown = "";
    await page.refresh();
    void loadTokens(page);
    return data;
  } catch {
    setStatus(w("desk.offline"), "error");
    return null;
  }
}

/**
 * A change refused because the next match has started (409 `next-match-started`): when that match has no point
 * yet, asks whether to set it back to not started and does so; true when it did (the change is then sent again).
 */
export async function resetNextAndRetry(page: ManagePage, res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  const problem = await res.json().catch(() => null);
  const blocking = problem?.code === "next-match-started" ? problem.blocking : null;
  if (!blocking?.resettable) return false;
  // The match is named from the overview the desk drew, in its language (the API's detail is English).
  const next = page.byMatchId.get(blocking.matchId);
  const where = next && {
    category: next.subeventName,
    stage: stageWords(next.stageLabel),
    table: next.tableNo ? pw("play.atTable", { table: next.tableNo }) : "",
  };
  const match = next && where
    ? `${matchNames(next)} (${w(where.table ? "desk.resetWhereTable" : "desk.resetWhere", where)})`
    : pw("play.anotherMatch");
  if (!confirm(w("desk.resetAsk", { match }))) return false;
  const reset = await manageApi(page, `/matches/${blocking.matchId}/reset`, {
    method: "POST",
    headers: { "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ revision: blocking.revision }),
  });
  return reset.ok;
}
