import assert from "node:assert/strict";
import { buildDemoEvent, buildDraftEvent, DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { overviewJson } from "../../api/manage/serialize.ts";
import { readEventOverview } from "../../db/read_manage.ts";
import { storeTest } from "../support/stores.ts";

const now = new Date("2026-11-25T12:00:00.000Z");

Deno.test("buildDemoEvent() is a valid import file and the same on every build", async () => {
  const a = buildDemoEvent(now);
  const b = buildDemoEvent(now);
  assert.deepEqual(a, b);
  const checked = await validateEventFile(a);
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
  assert.ok((await validateEventFile(buildDraftEvent(now))).ok);
});

Deno.test("buildDemoEvent() has what the demo promises", () => {
  const file = buildDemoEvent(now);
  assert.equal(file.event.status, "published");
  assert.ok(file.players.length >= 38 && file.players.length <= 45);
  assert.ok(new Set(file.players.map((p) => p.association)).size >= 4);
  const formats = file.categories.map((c) => c.format);
  assert.ok(formats.includes("groups_knockout") && formats.includes("knockout"));
  assert.ok(file.categories.some((c) => c.kind === "doubles"));
  const ws = file.categories.find((c) => c.id === "WS")!;
  assert.equal(ws.draw?.state, "locked");
  assert.ok(ws.draw?.slots?.includes("bye"));
  const matches = file.categories.flatMap((c) => c.matches ?? []);
  for (const status of ["completed", "in_progress", "scheduled"]) {
    assert.ok(matches.some((m) => m.status === status));
  }
  assert.ok(matches.some((m) => m.resultReason === "walkover"));
  assert.ok(matches.some((m) => m.resultReason === "retired"));
  const histories = file.players.map((p) => p.prior?.matchCount ?? 0);
  assert.ok(histories.some((n) => n >= 200) && histories.some((n) => n < 5));
  assert.ok(!JSON.stringify(file).includes("@"), "no public field of the demo holds an e-mail address");
  assert.ok(buildDraftEvent(now).players.every((p) => p.email?.includes("@")));
});

/** The day of an instant on the hall's calendar (the process's time zone: TZ), as Sweden writes dates. */
const hallDate = (iso: string) => new Date(iso).toLocaleDateString("sv-SE");

for (const [hour, minute] of [[23, 50], [0, 10], [12, 0]]) {
  Deno.test(
    `buildDemoEvent() at ${String(hour).padStart(2, "0")}:${
      String(minute).padStart(2, "0")
    } in the hall: every match and session within the event's days`,
    () => {
      // The hall's clock (the process's zone) at that time of the last Saturday of October: in Europe/Berlin
      // the clocks go back during the night.
      const at = new Date(2026, 9, 24, hour, minute);
      const file = buildDemoEvent(at);
      const times = [
        ...file.categories.flatMap((c) => c.matches ?? []).flatMap((
          m,
        ) => [m.startedAt, m.completedAt, m.scheduledAt]),
        ...(file.sessions ?? []).flatMap((s) => [s.start, s.end]),
      ].flatMap((t) => t ? [t] : []);
      const { startDate, endDate } = file.event;
      for (const t of times) {
        assert.ok(
          startDate <= hallDate(t) && hallDate(t) <= endDate,
          `${t} within ${startDate} to ${endDate}`,
        );
      }
      assert.ok(times.some((t) => hallDate(t) === startDate) && times.some((t) => hallDate(t) === endDate));
      if (hour === 23) {
        // Planned from now on, the day's last matches are after midnight: the next day of the hall.
        const planned = file.categories.flatMap((c) => c.matches ?? []).filter((m) =>
          m.status === "scheduled"
        );
        assert.ok(planned.some((m) => m.scheduledAt && hallDate(m.scheduledAt) > hallDate(at.toISOString())));
      }
    },
  );
}

Deno.test("buildDemoEvent(): every result and start is before now, every planned match after", () => {
  const matches = buildDemoEvent(now).categories.flatMap((c) => c.matches ?? []);
  const iso = now.toISOString();
  for (const m of matches) {
    // A result in the future would stay above every result scored today on the event page and the TV.
    if (m.completedAt) assert.ok(m.completedAt < iso, `completed at ${m.completedAt}`);
    if (m.startedAt) assert.ok(m.startedAt < iso, `started at ${m.startedAt}`);
    if (m.status === "scheduled" && m.scheduledAt) {
      assert.ok(m.scheduledAt >= iso, `planned at ${m.scheduledAt}`);
    }
  }
  const done = matches.filter((m) => m.completedAt).map((m) => m.completedAt!);
  assert.ok(done.length >= 30);
});

storeTest("loadDemoIfEmpty() loads once, with ratings and frozen predictions", async (store) => {
  assert.equal(await loadDemoIfEmpty(store, now), true);
  assert.equal(await loadDemoIfEmpty(store, now), false);
  const events = await store.db.selectFrom("events").select(["slug", "status"]).orderBy("slug").execute();
  assert.deepEqual(events.map((e) => [e.slug, e.status]), [[DEMO_SLUG, "published"], [
    "winter-club-2026",
    "draft",
  ]]);
  const predictions = await store.db.selectFrom("predictions").select("match_id").execute();
  assert.ok(predictions.length > 0);
  const listedDraft = await store.db.selectFrom("players").select("id").where("email", "is not", null)
    .where("listed", "=", 1).execute();
  assert.equal(listedDraft.length, 0);
  const running = await store.db.selectFrom("matches").select("id").where("status", "=", "in_progress")
    .execute();
  assert.ok(running.length >= 3);
  // Its matches in play show a prediction, frozen before they started, as a real event's would.
  const live = await store.db.selectFrom("matches").innerJoin(
    "predictions",
    "predictions.match_id",
    "matches.id",
  )
    .select(["matches.started_at", "predictions.created_at"]).where("matches.status", "=", "in_progress")
    .execute();
  assert.equal(live.length, running.length);
  for (const m of live) assert.ok(m.created_at < m.started_at!, `${m.created_at} before ${m.started_at}`);
  // Most of its players have a rating history: its predictions are not all "insufficient".
  const labels = await store.db.selectFrom("predictions").select("confidence_label").execute();
  assert.ok(labels.some((l) => l.confidence_label !== "insufficient"));
  // What a first look at /manage shows: no player in two matches at once, no table taken twice.
  const overview = overviewJson((await readEventOverview(store.db, DEMO_SLUG))!, now);
  assert.deepEqual(overview.clashes, []);
});
