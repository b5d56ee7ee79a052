/// <reference lib="dom" />
/**
 * Browser script of the umpire's pages. `/score` lists the matches the token may score, by table; `/score/{id}`
 * scores one match. The token is entered once (or comes in the URL fragment `#token=...` of a QR code) and is
 * kept in localStorage; it is sent as a bearer header, never in a cookie.
 *
 * Every tap is first written to the phone's one outbox (score/outbox.ts), then sent in order, in batches, by
 * whichever scoring page is open (the list too: score/sender.ts). The screen shows the server's record with the
 * waiting taps replayed on top by the rules themselves (domain/match_replay.ts, inlined by pages/client_script.ts
 * `moduleScript`, as are the other modules the parts import). Its parts are in score/, one per concept; this
 * wires them. A service worker (score/offline_pages.ts) keeps copies of the pages so that they open offline.
 */
import { byId } from "./dom.ts";
import { fetchWords } from "./manage_fetch.ts";
import { keepEnteredToken } from "./token_entry.ts";
import { setupList } from "./score/match_list.ts";
import { setupMatch } from "./score/match_page.ts";
import { adoptOldQueues } from "./score/outbox.ts";
import { haltForToken, matchIdOf, SCORE_TOKEN_KEY, type ScorePage } from "./score/page.ts";
import { SCORE_SCOPE, WORKER_PATH } from "./score/offline_pages.ts";
import { adoptLinkToken, deviceId, storedToken, watchForgetToken } from "./score/scorer_token.ts";
import { watchConnection, watchNotice } from "./score/sender.ts";
import { closeSheet } from "./score/sheet.ts";
import { refusalWords } from "./score/refusal_words.ts";

/** Runs the umpire's page (the list, or one match when the body names it). */
export function scoreClient(): void {
  // A refusal is said in the page's language; only a code the catalog does not know keeps the API's detail.
  fetchWords.problem = (p) => refusalWords(p);
  const store = localStorage;
  const page: ScorePage = {
    token: storedToken(store),
    device: deviceId(store),
    matchId: matchIdOf(location.pathname),
    store,
    halted: false,
    known: new Map(),
    sending: false,
    failures: 0,
    retryTimer: undefined,
    notRecorded: [],
    changedUnder: false,
    refusedBecause: "",
    render: () => {},
    projection: null,
    heldHere: false,
    wakeLock: null,
    clashMatchesOf: new Map(),
    startLeft: "home",
  };
  // A copy of another match's page names that match: the address says which one is on screen.
  if (page.matchId) document.body.dataset.matchId = page.matchId;
  // After one visit the pages open with no network (offline_pages.ts); where there are no service workers
  // (an old browser, a page not served over HTTPS) they open only online, as before.
  navigator.serviceWorker?.register(WORKER_PATH, { scope: SCORE_SCOPE }).catch(() => {});
  byId("sheet-cancel")?.addEventListener("click", closeSheet);
  keepEnteredToken(store, SCORE_TOKEN_KEY);
  watchForgetToken(page);
  // Taps an older page queued per match are sent too.
  adoptOldQueues(store, new Date().toISOString());
  watchNotice(page);
  watchConnection(page);
  adoptLinkToken(page);
  if (!page.token) return haltForToken(page, "");
  if (page.matchId) setupMatch(page);
  else setupList(page);
}
