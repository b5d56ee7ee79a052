/** `deno task schedule --event SLUG` without --session: the sessions stored with the event. */
import assert from "node:assert/strict";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { runSchedule } from "../../cli/schedule.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import { openStore } from "../../db/store.ts";

const SPRING_OPEN: EventFile = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url)),
);

Deno.test("runSchedule() without --session plans in the stored sessions, each category in its own", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tt-schedule-sessions-" });
  try {
    const url = `sqlite:${dir}/schedule.db`;
    const store = await openStore(parseDatabaseUrl(url));
    await importEvent(store, SPRING_OPEN);
    const file: EventFile = structuredClone(SPRING_OPEN);
    file.event.slug = "spring-open-sessions";
    file.sessions = [
      { id: "sat", start: "2030-05-04T09:00:00Z", end: "2030-05-04T18:00:00Z", tables: [1, 2, 3, 4] },
      { id: "sun", start: "2030-05-05T09:00:00Z", end: "2030-05-05T13:00:00Z", tables: [1, 2] },
    ];
    file.categories[1]!.sessions = ["sun"];
    // The doubles' final, placed by hand in the fixture, is left to the plan.
    for (const m of file.categories[1]!.matches!) {
      delete m.table;
      delete m.scheduledAt;
    }
    await importEvent(store, file);
    const doubles = await store.db.selectFrom("subevents").select("name").where("code", "=", "XD")
      .executeTakeFirstOrThrow();
    await store.close();
    const env = (name: string) => name === "DATABASE_URL" ? url : undefined;
    const printed = { out: [] as string[], err: [] as string[] };
    const io = { out: (l: string) => printed.out.push(l), err: (l: string) => printed.err.push(l) };

    assert.equal(
      await runSchedule(["--event", file.event.slug, "--now", "2030-05-01T08:00", "--json"], env, io),
      0,
      printed.err.join("\n"),
    );
    const plan = JSON.parse(printed.out.join("\n"));
    assert.deepEqual(plan.unplaced, []);
    const planned = plan.matches.filter((m: { fixed: boolean }) => !m.fixed);
    assert.ok(planned.length > 0);
    for (const m of planned) {
      const inSat = m.start >= "2030-05-04T09:00" && m.end <= "2030-05-04T18:00:00.000Z";
      const inSun = m.start >= "2030-05-05T09:00" && m.end <= "2030-05-05T13:00:00.000Z" && m.table <= 2;
      assert.ok(m.category === doubles.name ? inSun : inSat || inSun, JSON.stringify(m));
    }
    assert.ok(planned.some((m: { category: string }) => m.category === doubles.name));

    // The event imported without sessions: a sentence, exit 1.
    printed.err.length = 0;
    assert.equal(await runSchedule(["--event", SPRING_OPEN.event.slug], env, io), 1);
    assert.deepEqual(printed.err, [
      `Cannot plan "${SPRING_OPEN.event.slug}": the event has no sessions: add them on /manage (Order of play), ` +
      "in its event file or with PUT /api/manage/events/{slug}/sessions, or give them to this plan",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
