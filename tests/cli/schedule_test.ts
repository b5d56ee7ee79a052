import assert from "node:assert/strict";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { parseScheduleArgs, runSchedule, SCHEDULE_USAGE } from "../../cli/schedule.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import { openStore } from "../../db/store.ts";

/** What a command printed: its answer's lines and its problems' lines. */
class Printed {
  out: string[] = [];
  err: string[] = [];
  io = { out: (line: string) => this.out.push(line), err: (line: string) => this.err.push(line) };
}
const capture = () => new Printed();

/** Two categories (groups then a knockout; a doubles knockout), some matches over, some to play. */
const SPRING_OPEN: EventFile = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url)),
);

Deno.test("runSchedule() plans an imported event table by table, in its sessions, and reads only", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tt-schedule-" });
  try {
    const fixture = SPRING_OPEN;
    const url = `sqlite:${dir}/schedule.db`;
    const store = await openStore(parseDatabaseUrl(url));
    await importEvent(store, fixture);
    const before = await store.db.selectFrom("matches").selectAll().orderBy("id").execute();
    // A match finished without a table or a start (its result imported) is over: not planned.
    const matchCount = before.filter((m) =>
      m.status !== "completed" || m.table_no !== null && m.started_at !== null
    )
      .length;
    await store.close();
    assert.ok(
      matchCount > 0 && matchCount < before.length,
      "the fixture has matches to play and matches over",
    );
    const env = (name: string) => name === "DATABASE_URL" ? url : undefined;
    const args = [
      "--event",
      fixture.event.slug,
      "--session",
      "2030-05-04,09:00-18:00,1-4",
      "--now",
      "2030-05-04T08:00",
    ];

    const text = capture();
    assert.equal(await runSchedule(args, env, text.io), 0);
    assert.deepEqual(text.err, []);
    assert.match(
      text.out[0]!,
      new RegExp(`^Order of play for "${fixture.event.name}": ${matchCount} matches on \\d tables$`),
    );
    assert.ok(text.out.includes("Table 1"));
    assert.ok(
      text.out.some((l) => /^ {2}2030-05-04 09:00-09:\d\d {2}.+: .+ v .+$/.test(l)),
      text.out.join("\n"),
    );

    const json = capture();
    assert.equal(await runSchedule([...args, "--json"], env, json.io), 0);
    const plan = JSON.parse(json.out.join("\n"));
    assert.equal(plan.matches.length, matchCount);
    assert.deepEqual(plan.unplaced, []);
    const opens = new Date(2030, 4, 4, 9).getTime();
    const closes = new Date(2030, 4, 4, 18).getTime();
    for (const m of plan.matches) {
      const stored = before.find((b) => b.id === m.id)!;
      if (m.fixed) {
        assert.equal(m.table, stored.table_no, `${m.id} in play or over keeps its table`);
        continue;
      }
      assert.ok(Date.parse(m.start) >= opens && Date.parse(m.end) <= closes, `${m.id} inside the session`);
      assert.ok([1, 2, 3, 4].includes(m.table));
      assert.equal(typeof m.category, "string");
    }

    const again = await openStore(parseDatabaseUrl(url));
    assert.deepEqual(await again.db.selectFrom("matches").selectAll().orderBy("id").execute(), before);
    await again.close();

    const unknown = capture();
    assert.equal(await runSchedule(["--event", "no-such-event", ...args.slice(2)], env, unknown.io), 1);
    assert.deepEqual(unknown.err, ['Cannot plan "no-such-event": no event has this slug']);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseScheduleArgs() names the flag that is wrong", () => {
  const cases: [string[], string][] = [
    [[], "Missing --event SLUG"],
    [["--event"], "Missing the value of --event"],
    [["--event", "x", "--tables", "3"], 'Unknown argument "--tables"'],
    [
      ["--event", "x", "--session", "2030-05-04,09:00-08:00,1-4"],
      '--session "2030-05-04,09:00-08:00,1-4" ends before it starts',
    ],
    [
      ["--event", "x", "--session", "2030-05-04,09:00-18:00,4-1"],
      '--session "2030-05-04,09:00-18:00,4-1": tables "4-1" are not numbers like 1-8 or 3',
    ],
    [
      ["--event", "x", "--session", "saturday"],
      '--session "saturday" is not DATE,HH:MM-HH:MM,TABLES (e.g. 2026-11-28,09:00-18:00,1-8)',
    ],
    [
      ["--event", "x", "--session", "2030-05-04,09:00-18:00,1", "--rest", "ten"],
      '--rest takes whole minutes from 0 to 240, got "ten"',
    ],
    [
      ["--event", "x", "--session", "2030-05-04,09:00-18:00,1", "--now", "2030-02-30T10:00"],
      '--now: "2030-02-30T10:00" is not a date and time like 2026-11-28T09:00',
    ],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseScheduleArgs(args), { message }, args.join(" "));
  }
  const parsed = parseScheduleArgs([
    "--event",
    "x",
    "--session",
    "2030-05-04,9:00-18:00,1-3,7",
    "--rest",
    "5",
    "--json",
  ]);
  assert.deepEqual(parsed.sessions[0]!.tables, [1, 2, 3, 7]);
  assert.equal(parsed.sessions[0]!.start, new Date(2030, 4, 4, 9).getTime());
  assert.equal(parsed.restMs, 5 * 60_000);
  assert.ok(parsed.json);
  assert.ok(SCHEDULE_USAGE.startsWith("Usage: deno task schedule"));
});
