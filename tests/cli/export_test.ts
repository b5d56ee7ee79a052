import assert from "node:assert/strict";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { EXPORT_USAGE, runExport } from "../../cli/export.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { openStore } from "../../db/store.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

Deno.test("runExport() writes the event as an import file on stdout; a usage error or an unknown slug says so", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tt-export-" });
  try {
    const url = `sqlite:${dir}/t.db`;
    const fixture: EventFile = JSON.parse(
      Deno.readTextFileSync(new URL("../fixtures/import/spring_open.json", import.meta.url)),
    );
    const store = await openStore(parseDatabaseUrl(url));
    await importEvent(store, fixture);
    await store.close();
    const env = (name: string) => name === "DATABASE_URL" ? url : undefined;

    const ok = capture();
    assert.equal(await runExport([fixture.event.slug], env, ok.io), 0);
    assert.deepEqual(ok.err, []);
    const file = JSON.parse(ok.out.join("\n"));
    assert.equal(file.format, "tt-event/1");
    assert.equal(file.event.slug, fixture.event.slug);
    assert.ok((await validateEventFile(file)).ok);

    const unknown = capture();
    assert.equal(await runExport(["no-such-event"], env, unknown.io), 1);
    assert.deepEqual(unknown.err, ['Cannot export "no-such-event": no event has this slug']);
    for (const args of [[], ["a", "b"], ["--help"]]) {
      const usage = capture();
      assert.equal(await runExport(args, env, usage.io), 2, args.join(" "));
      assert.equal(usage.err.at(-1), EXPORT_USAGE);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
