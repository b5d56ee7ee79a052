/** The rules of the file's `event` that its schema cannot say: a web poster address, real dates in order. */
import { isWebAddress } from "../lib/web_address.ts";
import type { Add } from "./check_context.ts";
import { describeValue } from "./messages.ts";
import { dateProblem, looksLikeDate } from "./parse.ts";
import { type Obj, str } from "./read_json.ts";

/** Checks the event: its poster address and its dates. */
export function checkEvent(event: Obj | undefined, add: Add): void {
  if (!event) return;
  const poster = str(event.posterUrl);
  if (poster !== undefined && !isWebAddress(poster)) {
    add("event.posterUrl", `Expected an http: or https: address, got ${describeValue(poster)}`);
  }
  const start = str(event.startDate);
  const end = str(event.endDate);
  let datesOk = true;
  for (const [field, value] of [["startDate", start], ["endDate", end]] as const) {
    const problem = value !== undefined && looksLikeDate(value) ? dateProblem(value) : null;
    if (problem !== null) {
      add(`event.${field}`, problem);
      datesOk = false;
    }
  }
  if (datesOk && start && end && looksLikeDate(start) && looksLikeDate(end) && end < start) {
    add("event.endDate", `The event ends ("${end}") before it starts ("${start}")`);
  }
}
