/** The one small logger: a line per message on stderr, so that stdout stays free for command output. */
export type LogLevel = "info" | "warn" | "error";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const encoder = new TextEncoder();

function write(level: LogLevel, message: string) {
  const line = `${new Date().toISOString()} ${level.toUpperCase()} ${message}\n`;
  try {
    Deno.stderr.writeSync(encoder.encode(line));
  } catch {
    // A closed stderr must not take the server down.
  }
}

/** Logs to stderr. */
export const stderrLogger: Logger = {
  info: (m) => write("info", m),
  warn: (m) => write("warn", m),
  error: (m) => write("error", m),
};

/** Drops every message (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Prints a line to stdout for command-line output (the CLI's answer, not a log). */
export function printLine(line: string): void {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
}
