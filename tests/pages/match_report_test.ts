import assert from "node:assert/strict";
import { writeMatch } from "../../db/match_writes.ts";
import { recordMedicalBreak } from "../../db/medical_breaks.ts";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "[pages] the match report lists the games and every incident in order, medical breaks last, for the referee",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 3 });
    const id = ev.rounds[0]![0]!;
    const write = (action: Parameters<typeof writeMatch>[2]) =>
      writeMatch(store, id, action, { actor: "desk", now: T0 });
    await write({ type: "start", firstServer: "home" });
    for (let i = 0; i < 3; i++) await write({ type: "point", side: "home" });
    await write({ type: "timeout", side: "away" });
    await write({ type: "resume" });
    await write({ type: "card", side: "home", target: "player", card: "yellow" });
    await write({ type: "card", side: "away", target: "coach", card: "red" });
    await write({ type: "expedite", rallyInterrupted: false, byRequest: true });
    await recordMedicalBreak(
      store.db,
      id,
      {
        side: "home",
        startedAt: "2026-12-05T10:02:00.000Z",
        endedAt: "2026-12-05T10:09:00.000Z",
        reason: "cut hand",
      },
      "Table 1 phone",
      T0,
    );
    const app = createApp({ store, log: silentLogger, clock: () => T0 });

    const res = await app.request(`/t/${ev.slug}/print/report/${id}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/);
    const text = (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    assert.match(text, /Match report/);
    assert.match(text, /Player test-open 1 v Player test-open 2/);
    assert.match(
      text,
      /Game Score What 1 3-0 Time-out: Player test-open 2 1 3-0 Yellow card: Player test-open 1 1 3-0 Red card: Player test-open 2's coach 1 3-0 Expedite system introduced at both sides' request 1 Medical break: Player test-open 1 \(cut hand\), 2026-12-05 10:02 UTC to 10:09 UTC/,
    );
    assert.match(text, /Umpire Referee/);

    // Worded as the desk words them (pages/incident_words.ts), in the sheet's language.
    const de = (await (await app.request(`/t/${ev.slug}/print/report/${id}?lang=de`)).text())
      .replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    assert.match(
      de,
      /Auszeit: Player test-open 2 .* Gelbe Karte: Player test-open 1 .* Rote Karte: Betreuer von/,
    );
    assert.match(de, /Wechselmethode auf Wunsch beider Seiten eingeführt/);

    assert.equal((await app.request(`/t/other-open/print/report/${id}`)).status, 404);
    assert.equal((await app.request(`/t/${ev.slug}/print/report/not-a-match`)).status, 404);
  },
);
