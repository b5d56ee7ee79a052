import assert from "node:assert/strict";

const INTERRUPT = new URL("../../bench/interrupt.ts", import.meta.url).href;

/**
 * A program that, like the bench, holds something to clean up (a file standing for its servers and stores),
 * prints "ready" and waits; `after` is what it does with the listener once the run has ended on its own.
 */
function program(marker: string, after: "keep" | "release"): string {
  return `
    import { onInterrupt } from ${JSON.stringify(INTERRUPT)};
    const release = onInterrupt(async () => {
      await new Promise((r) => setTimeout(r, 50));
      await Deno.writeTextFile(${JSON.stringify(marker)}, "cleaned");
    });
    ${after === "release" ? "release();" : ""}
    console.log("ready");
    setTimeout(() => {}, 30_000);
  `;
}

/** Runs the program, sends it `signal` once it is ready, and gives its exit code and whether it cleaned up. */
async function interrupt(
  signal: Deno.Signal,
  after: "keep" | "release",
  times = 1,
): Promise<{ code: number; signal: Deno.Signal | null; cleaned: boolean }> {
  const marker = await Deno.makeTempFile();
  await Deno.remove(marker);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", program(marker, after)],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  let seen = "";
  while (!seen.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += new TextDecoder().decode(value);
  }
  for (let i = 0; i < times; i++) child.kill(signal);
  const status = await child.status;
  reader.releaseLock();
  await child.stdout.cancel();
  const cleaned = await Deno.readTextFile(marker).then((t) => t === "cleaned", () => false);
  await Deno.remove(marker).catch(() => {});
  return { code: status.code, signal: status.signal, cleaned };
}

Deno.test("onInterrupt(): SIGTERM (a CI's timeout, kill) runs the cleanup, then exits with 143", async () => {
  assert.deepEqual(await interrupt("SIGTERM", "keep"), { code: 143, signal: null, cleaned: true });
});

Deno.test("onInterrupt(): Ctrl-C runs the cleanup once, a second Ctrl-C does not cut it short; exit 130", async () => {
  assert.deepEqual(await interrupt("SIGINT", "keep", 2), { code: 130, signal: null, cleaned: true });
});

Deno.test("onInterrupt(): once released, a signal ends the process as before, with no cleanup", async () => {
  const ended = await interrupt("SIGTERM", "release");
  assert.equal(ended.cleaned, false);
  assert.equal(ended.signal, "SIGTERM");
});
