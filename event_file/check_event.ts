/**
 * The rules of the file's `event` that its schema cannot say: a web poster address, real dates in order, an
 * announcement the desk could have posted.
 */
import { AnnouncementError, normalizeAnnouncement } from "../domain/announcement.ts";
import { isWebAddress } from "../lib/web_address.ts";
import type { Add } from "./check_context.ts";
import { describeValue, valueParam } from "./messages.ts";
import { dateProblem, looksLikeDate, parseDateTime, YEARS, YEARS_TEXT } from "./parse.ts";
import type { ProblemWords } from "./problem_codes.ts";
import { type Obj, obj, str } from "./read_json.ts";

/** Checks the event: its poster address and its dates. */
export function checkEvent(event: Obj | undefined, add: Add): void {
  if (!event) return;
  const poster = str(event.posterUrl);
  if (poster !== undefined && !isWebAddress(poster)) {
    add("event.posterUrl", `Expected an http: or https: address, got ${describeValue(poster)}`, {
      code: "poster-not-web",
      params: { got: valueParam(poster) },
    });
  }
  const start = str(event.startDate);
  const end = str(event.endDate);
  let datesOk = true;
  for (const [field, value] of [["startDate", start], ["endDate", end]] as const) {
    const problem = value !== undefined && looksLikeDate(value) ? dateProblem(value) : null;
    if (problem !== null) {
      add(`event.${field}`, problem.message, problem.words);
      datesOk = false;
    }
  }
  if (datesOk && start && end && looksLikeDate(start) && looksLikeDate(end) && end < start) {
    add("event.endDate", `The event ends ("${end}") before it starts ("${start}")`, {
      code: "event-ends-before-start",
      params: { start, end },
    });
  }
  const announcement = obj(event.announcement);
  if (announcement) checkAnnouncement(announcement, add);
}

/** The announcement: a text the desk could post (domain/announcement.ts), and a real time it was posted. */
function checkAnnouncement(announcement: Obj, add: Add): void {
  const text = str(announcement.text);
  if (text !== undefined) {
    try {
      normalizeAnnouncement(text);
    } catch (e) {
      if (!(e instanceof AnnouncementError)) throw e;
      add("event.announcement.text", e.message, announcementWords(e.message));
    }
  }
  const postedAt = str(announcement.postedAt);
  if (announcement.postedAt === null) {
    add("event.announcement.postedAt", "An announcement needs the time it was posted", {
      code: "announcement-posted-at-missing",
    });
  } else if (
    postedAt !== undefined && /^\d{4}-\d{2}-\d{2}T/.test(postedAt) && parseDateTime(postedAt) === null
  ) {
    add("event.announcement.postedAt", `"${postedAt}" is not a real date and time in ${YEARS_TEXT} (UTC)`, {
      code: "time-not-real-in-years",
      params: { value: postedAt, ...YEARS },
    });
  }
}

/**
 * The code and values of an announcement the domain refuses (domain/announcement.ts), read from its sentence:
 * the character it names, or its numbers (the marks allowed; the length and the most that fit).
 */
function announcementWords(message: string): ProblemWords {
  const character = /\((U\+[0-9A-F]+)\)/.exec(message)?.[1];
  if (character) return { code: "announcement-hidden", params: { character } };
  const [first = "", second = ""] = message.match(/\d+/g) ?? [];
  if (/accents/.test(message)) return { code: "announcement-marks", params: { max: first } };
  return { code: "announcement-too-long", params: { length: first, max: second } };
}
