/** Runs `fn` in a new temporary folder (its name begins with `prefix`), removed afterwards however `fn` ends. */
export async function withTempDir(prefix: string, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
