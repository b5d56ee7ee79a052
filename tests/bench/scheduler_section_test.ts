import assert from "node:assert/strict";
import { schedulerSection, withSchedulerSection } from "../../bench/scheduler_section.ts";

Deno.test("schedulerSection() finds the section to the next heading; withSchedulerSection() replaces or adds it", () => {
  const doc = "# Benchmarks\n\n## Targets\n\nfast\n\n## Scheduler\n\nold figures\n\n## Running it\n\nrun\n";
  assert.equal(schedulerSection(doc), "\n## Scheduler\n\nold figures\n");
  assert.equal(schedulerSection("# Benchmarks\n"), "");
  const replaced = withSchedulerSection(doc, "## Scheduler\n\nnew figures\n");
  assert.equal(
    replaced,
    "# Benchmarks\n\n## Targets\n\nfast\n\n## Running it\n\nrun\n\n## Scheduler\n\nnew figures\n",
  );
  assert.equal(withSchedulerSection(replaced, "## Scheduler\n\nnewer\n").match(/## Scheduler/g)?.length, 1);
  // What `deno task bench` writes again keeps the section: its report, then the section found before.
  assert.equal(
    "# New report\n" + schedulerSection(replaced),
    "# New report\n\n## Scheduler\n\nnew figures\n",
  );
});
