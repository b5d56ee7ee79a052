/// <reference lib="dom" />
/**
 * Who scores a match: a match scored on another phone is shown here read-only, with which and since when
 * (said as a takeover when this phone held it before), and can be taken over after a confirmation; that phone
 * then can no longer score it. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { byId, setStatus, setText } from "../dom.ts";
import { problemDetail } from "../manage_fetch.ts";
import { knownMatch, remember } from "./known_matches.ts";
import { clock } from "./match_names.ts";
import { scoreApi, type ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { openSheet } from "./sheet.ts";
import { w } from "./words.ts";

/** Whether another phone scores the match. */
export function heldElsewhere(m: Pick<ScoringMatch, "scorer">): boolean {
  return m.scorer !== null && !m.scorer.you;
}

/** Draws who scores the match when it is another phone; remembers when it is this one. */
export function renderHold(page: ScorePage, m: ScoringMatch, readOnly: boolean): void {
  byId("hold-panel")!.hidden = !readOnly;
  if (readOnly && m.scorer) {
    setText(
      "hold-text",
      w(page.heldHere ? "score.heldHere" : "score.heldThere", {
        device: m.scorer.label,
        time: clock(m.scorer.since),
      }),
    );
  }
  if (m.scorer?.you) page.heldHere = true;
}

/** Asks, then takes the match over from the phone that scores it. */
export function takeOver(page: ScorePage): void {
  const m = knownMatch(page, page.matchId);
  if (!m?.scorer) return;
  openSheet(
    w("score.takeOverQuestion"),
    w("score.takeOverText", { device: m.scorer.label, time: clock(m.scorer.since) }),
    [
      {
        label: w("score.takeOver"),
        kind: "primary",
        act: async () => {
          try {
            const res = await scoreApi(page, `/matches/${encodeURIComponent(page.matchId)}/takeover`, {
              method: "POST",
              headers: { "Idempotency-Key": crypto.randomUUID() },
              body: "{}",
            });
            if (!res.ok) return setStatus(await problemDetail(res), "error");
            remember(page, (await res.json()).data.match);
            page.heldHere = true;
            page.render();
          } catch {
            setStatus(w("score.takeOverOffline"), "offline");
          }
        },
      },
      { label: w("score.cancel") },
    ],
  );
}
