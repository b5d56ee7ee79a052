/** Where the commands write (stdout for answers, stderr for problems), and a command run as the whole process. */
import { printLine } from "../lib/log.ts";

/** Where a command writes: `out` for its answer (stdout), `err` for problems (stderr). */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

const encoder = new TextEncoder();

/** stdout for answers, stderr for problems. */
export const STANDARD_IO: CommandIo = {
  out: printLine,
  err: (line) => Deno.stderr.writeSync(encoder.encode(line + "\n")),
};

/**
 * Runs a command as the whole process on the standard output and exits with its code; an error the command did
 * not expect is printed as `failure` says, exit 1.
 */
export async function runAsProcess(
  run: (io: CommandIo) => Promise<number>,
  failure: (e: unknown) => string,
): Promise<never> {
  let code: number;
  try {
    code = await run(STANDARD_IO);
  } catch (e) {
    STANDARD_IO.err(failure(e));
    code = 1;
  }
  Deno.exit(code);
}
