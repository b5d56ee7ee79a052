/**
 * Cleaning up when the benchmark is cut short. A full run takes about half an hour: stopped with Ctrl-C, or with
 * SIGTERM by a CI's timeout or `kill`, it used to leave the servers it started listening (SIGTERM reaches the
 * bench alone, not its children) and the stores on disk or in PostgreSQL. The servers, the stores and the working
 * directory are the bench's to remove, whichever way it ends.
 */

/** The signals that end the bench, with the exit code a shell gives a process they end (128 + the number). */
const SIGNALS: readonly (readonly [Deno.Signal, number])[] = [["SIGINT", 130], ["SIGTERM", 143]];

/**
 * Runs `cleanup` and exits when SIGINT or SIGTERM arrives, with the code a shell reports for that signal; a second
 * signal while it runs is ignored, so that a second Ctrl-C does not cut the cleanup short. Returns the function
 * that removes the listeners again (call it once the run has cleaned up on its own).
 * @example const release = onInterrupt(async () => { await server.stop(); }); try { ... } finally { release(); }
 */
export function onInterrupt(
  cleanup: () => Promise<void>,
  log: (line: string) => void = () => {},
): () => void {
  let cleaning = false;
  const handlers = SIGNALS.map(([signal, code]) => {
    const handler = () => {
      if (cleaning) return;
      cleaning = true;
      log(`${signal}: stopping the servers and removing the stores before exiting`);
      cleanup().catch(() => {}).finally(() => Deno.exit(code));
    };
    Deno.addSignalListener(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) Deno.removeSignalListener(signal, handler);
  };
}
