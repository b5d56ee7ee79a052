/**
 * The sections of docs/benchmarks.md measured apart: "Scheduler", written by `deno task bench:scheduler --
 * --write`, and "Relay", by `deno task bench:relay -- --write`; each kept as it is when `deno task bench` writes
 * the rest of the file again (they measure different things and run apart).
 */

/** The heading the section starts with. */
export const SCHEDULER_HEADING = "## Scheduler";

/**
 * The heading of the figures measured once, by hand, for a choice in the code (the comments there point at
 * them): kept as they are, like the sections above.
 */
export const MEASURED_HEADING = "## Measured for the code";

/**
 * The section in `markdown` (its heading to the next heading of its level, or the end), with a blank line
 * before it; "" when there is none.
 * @example schedulerSection("# A\n\n## Scheduler\n\nfast\n") // "\n## Scheduler\n\nfast\n"
 */
export function schedulerSection(markdown: string, heading = SCHEDULER_HEADING): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return "";
  const next = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, next < 0 ? undefined : next).trimEnd() + "\n";
}

/** `markdown` with its section replaced by `section` (a whole section, heading first), or with it added. */
export function withSchedulerSection(markdown: string, section: string, heading = SCHEDULER_HEADING): string {
  const old = schedulerSection(markdown, heading);
  const rest = old === "" ? markdown : markdown.replace(old, "");
  return `${rest.trimEnd()}\n\n${section.trim()}\n`;
}
