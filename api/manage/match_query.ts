/**
 * The query of `GET /api/manage/events/{slug}/matches`, the desk's search among an event's matches: `status`
 * (comma-separated: scheduled, in_progress, completed), `category` (id or code), `table`, `player` (part of a
 * name), `q` (part of a name, the category, the stage or the group), `limit` (1 to 200, 50 when absent) and
 * `offset` (the matches to skip). A bad value is a 400 `invalid-query` naming the parameter.
 */
import type { EventMatchFilter } from "../../db/read_manage.ts";
import { MATCH_STATUSES } from "../../domain/match_status.ts";
import { MAX_TABLE_NO } from "../../event_file/schema.ts";
import { HttpError } from "../../http/problem.ts";

/** The largest page of matches. */
export const MAX_MATCH_PAGE = 200;

function invalid(field: string, expected: string, raw: string): HttpError {
  return new HttpError(
    400,
    "invalid-query",
    `Invalid "${field}": expected ${expected}, got "${raw.slice(0, 80)}"`,
    { extensions: { field } },
  );
}

function whole(query: Record<string, string>, field: string, min: number, max: number): number | undefined {
  const raw = query[field];
  if (raw === undefined || raw === "") return undefined;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalid(field, `a whole number from ${min} to ${max}`, raw);
  }
  return Number(raw);
}

function text(query: Record<string, string>, field: string): string | undefined {
  const raw = query[field]?.trim();
  if (raw === undefined || raw === "") return undefined;
  if (raw.length > 100) throw invalid(field, "at most 100 characters", raw);
  return raw;
}

/** The filter a query asks for. */
export function parseMatchQuery(query: Record<string, string>): EventMatchFilter {
  let statuses: string[] | undefined;
  if (query.status !== undefined && query.status !== "") {
    statuses = query.status.split(",").filter((s) => s !== "");
    if (statuses.some((s) => !(MATCH_STATUSES as readonly string[]).includes(s))) {
      throw invalid(
        "status",
        `statuses among ${MATCH_STATUSES.map((s) => `"${s}"`).join(", ")}`,
        query.status,
      );
    }
  }
  const category = text(query, "category");
  const tableNo = whole(query, "table", 1, MAX_TABLE_NO);
  const player = text(query, "player");
  const search = text(query, "q");
  return {
    ...(statuses ? { statuses } : {}),
    ...(category === undefined ? {} : { category }),
    ...(tableNo === undefined ? {} : { tableNo }),
    ...(player === undefined ? {} : { player }),
    ...(search === undefined ? {} : { search }),
    limit: whole(query, "limit", 1, MAX_MATCH_PAGE) ?? 50,
    offset: whole(query, "offset", 0, 1_000_000) ?? 0,
  };
}
