/// <reference lib="dom" />
/**
 * Sends one request the phone kept to send later besides its taps (a confirmation of a result, a toss): what its
 * answer means for what was kept. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { problemDetail } from "../manage_fetch.ts";
import { remember } from "./known_matches.ts";
import { answerRefusal } from "./refusal_words.ts";
import { haltForToken, scoreApi, type ScorePage } from "./page.ts";

/**
 * Posts `body` to `path`: "done" when answered (the match kept, or a refusal said as `label` not recorded: either
 * way the kept request goes), "retry" when there was no answer worth keeping, "halt" when the token is refused.
 */
export async function postKept(
  page: ScorePage,
  path: string,
  body: unknown,
  label: string,
): Promise<"done" | "retry" | "halt"> {
  let res: Response;
  try {
    res = await scoreApi(page, path, { method: "POST", body: JSON.stringify(body) });
  } catch {
    return "retry";
  }
  if (res.status === 401 || res.status === 403) {
    haltForToken(page, await problemDetail(res));
    return "halt";
  }
  if (res.status === 429 || res.status >= 500) return "retry";
  if (res.ok) remember(page, (await res.json()).data.match);
  else {
    page.notRecorded.push(label);
    page.refusedBecause = await answerRefusal(res);
  }
  return "done";
}
