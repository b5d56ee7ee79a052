/** The texts of a file that a store would change, and the names a reader would see wrongly. */
import { findHiddenCharacter } from "../domain/hidden_characters.ts";
import type { Add } from "./check_context.ts";
import { describeValue, valueParam } from "./messages.ts";
import { arr, join, type Obj, obj } from "./read_json.ts";

/** The texts whose hidden characters `checkNames` or the announcement's rule (domain/announcement.ts) report. */
const OWN_CHECK =
  /^(event\.(name|venue|announcement\.text)|players\[\d+\]\.(displayName|association)|categories\[\d+\]\.(name|groups\[\d+\]\.name))$/;

/**
 * Reports every text of the file that no store keeps as it is, in the order of the file: one with a NUL
 * character (U+0000), which PostgreSQL cannot store in text and SQLite serves cut at it, or with a lone UTF-16
 * surrogate (half a pair, "\ud800"), which UTF-8 cannot hold, so both stores write U+FFFD instead: a name would
 * be served changed, and two e-mails or federation ids that differ only there would become one; and one with a
 * character that changes how it reads unseen (domain/hidden_characters.ts), as every name is checked. The HTTP
 * import refuses such a body before it gets here (http/limits.ts); this keeps the command and the demo loader to
 * the same rules. Iterative: the file's nesting is not limited.
 * @example checkTexts({ players: [{ displayName: "A\u0000B" }] }, add) // add("players[0].displayName", ...)
 */
export function checkTexts(root: Obj, add: Add): void {
  const stack: [path: string, value: unknown][] = [["", root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) {
        add(path, `Expected a text without a NUL character (\\u0000), got ${describeValue(value)}`, {
          code: "text-nul",
          params: { got: valueParam(value) },
        });
      }
      if (!value.isWellFormed()) {
        add(path, `Expected a text without a lone UTF-16 surrogate, got ${describeValue(value)}`, {
          code: "text-lone-surrogate",
          params: { got: valueParam(value) },
        });
      }
      // Every other text is held to the rule of names too (the management API's gate, http/limits.ts, is the
      // same): the names and the announcement are reported by their own checks, which name what they are.
      const hidden = findHiddenCharacter(value);
      if (hidden && hidden !== "U+0000" && !OWN_CHECK.test(path)) {
        add(path, `The text contains an invisible control, direction or format character (${hidden})`, {
          code: "text-hidden",
          params: { character: hidden },
        });
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === "object") {
      // A field name with a NUL or a lone surrogate is an unknown field, which the schema reports.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([join(path, entries[i]![0]), entries[i]![1]]);
    }
  }
}

/**
 * Reports every name shown to spectators (the event's name and venue, players' names and clubs, categories' and
 * groups' names) that holds a character changing how it reads without being seen (domain/hidden_characters.ts):
 * a direction override would show "Ana Lopez" turned around, a zero-width space make two names that look the
 * same.
 */
export function checkNames(root: Obj, add: Add): void {
  const check = (path: string, value: unknown) => {
    const hidden = typeof value === "string" ? findHiddenCharacter(value) : null;
    // A NUL is reported by checkTexts, with every other text.
    if (hidden && hidden !== "U+0000") {
      add(path, `The name contains an invisible control, direction or format character (${hidden})`, {
        code: "name-hidden",
        params: { character: hidden },
      });
    }
  };
  const event = obj(root.event);
  check("event.name", event?.name);
  check("event.venue", event?.venue);
  arr(root.players).forEach((raw, i) => {
    check(`players[${i}].displayName`, obj(raw)?.displayName);
    check(`players[${i}].association`, obj(raw)?.association);
  });
  arr(root.categories).forEach((raw, i) => {
    const category = obj(raw);
    check(`categories[${i}].name`, category?.name);
    arr(category?.groups).forEach((group, j) =>
      check(`categories[${i}].groups[${j}].name`, obj(group)?.name)
    );
  });
}
