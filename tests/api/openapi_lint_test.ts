/**
 * The served OpenAPI document passes Redocly's linter with its recommended rules (no error, no warning):
 * `npx @redocly/cli@REDOCLY_VERSION lint`. Needs Node's npx and the npm registry (CI has both); without npx the
 * test is registered as ignored, with the reason in its name.
 */
import assert from "node:assert/strict";
import { apiClient } from "../support/api_client.ts";
import { makeStore } from "../support/stores.ts";

/** The Redocly CLI version CI lints with (.ci/run pins the same). */
export const REDOCLY_VERSION = "2.77.0";

function hasNpx(): boolean {
  try {
    return new Deno.Command("npx", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

const npx = hasNpx();

Deno.test({
  name: npx
    ? `[api] the served OpenAPI document passes redocly lint ${REDOCLY_VERSION} (recommended rules)`
    : "[api] redocly lint of the OpenAPI document (skipped: no npx on PATH)",
  ignore: !npx,
  fn: async () => {
    const store = await makeStore("sqlite");
    const dir = await Deno.makeTempDir({ prefix: "tt-openapi-" });
    try {
      const res = await apiClient(store).app.request("/api/v1/openapi.json");
      assert.equal(res.status, 200);
      await Deno.writeTextFile(`${dir}/openapi.json`, await res.text());
      const out = await new Deno.Command("npx", {
        args: ["-y", `@redocly/cli@${REDOCLY_VERSION}`, "lint", "--format=json", "openapi.json"],
        cwd: dir,
        env: { NO_COLOR: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const report = JSON.parse(text.slice(text.indexOf("{"))) as {
        problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
      };
      const problems = report.problems.map((p) =>
        `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`
      );
      assert.deepEqual(problems, [], new TextDecoder().decode(out.stderr));
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
    } finally {
      await Deno.remove(dir, { recursive: true });
      await store.drop();
    }
  },
});
