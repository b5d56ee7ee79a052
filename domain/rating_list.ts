/**
 * A federation's rating list (CSV) read and matched to an event's players. The columns are found by their
 * header (federation id, name or given name and surname, club, rating or points, birth year, in any order and
 * any of the usual spellings); the separator is the header's (comma, semicolon or tab); quotes, a byte order
 * mark and CRLF line ends are read as RFC 4180 writes them. A row is matched by federation id first, then by
 * its name written the same way (accents, case, word order and punctuation aside), narrowed by club and birth
 * year when several players share the name. Nothing here writes: db/rating_list_writes.ts applies the matches.
 *
 * @module
 */

/** A list that cannot be read at all (no header naming the columns it needs). */
export class RatingListError extends Error {
  override name = "RatingListError";
}

/** The columns a list may have. */
export type RatingListColumn =
  | "federationId"
  | "name"
  | "given"
  | "surname"
  | "club"
  | "rating"
  | "birthYear";

/** How each column may be headed, written as `headerKey` writes them. */
const HEADERS: Record<RatingListColumn, readonly string[]> = {
  federationId: [
    "federationid",
    "fedid",
    "id",
    "ittfid",
    "playerid",
    "licence",
    "license",
    "licenceno",
    "licenseno",
    "licencenumber",
    "licensenumber",
    "lizenz",
    "lizenznr",
    "memberid",
    "membernumber",
    "passnr",
    "nr",
    "no",
  ],
  name: ["name", "player", "playername", "fullname", "spieler"],
  given: ["firstname", "givenname", "forename", "vorname", "prenom"],
  surname: ["surname", "lastname", "familyname", "nachname", "nom"],
  club: ["club", "association", "assoc", "clubname", "team", "verein", "society"],
  rating: ["rating", "points", "ratingpoints", "rankingpoints", "ttr", "qttr", "elo", "punkte", "score"],
  birthYear: ["birthyear", "yearofbirth", "yob", "born", "jahrgang", "birth"],
};

/** The highest rating a list may give (Elo-like ratings and federation points lie well below). */
export const MAX_LIST_RATING = 100_000;

/** One readable row of the list. */
export interface RatingListRow {
  /** The row's line in the file (1 is the header); a quoted field over two lines counts its first. */
  line: number;
  federationId: string | null;
  name: string;
  club: string | null;
  rating: number;
  birthYear: number | null;
}

/** A row that could not be read, and why. */
export interface RefusedRow {
  line: number;
  reason: string;
}

/** A list read: the columns found (by their header as written), the rows and the rows refused. */
export interface ParsedRatingList {
  separator: "," | ";" | "\t";
  columns: Partial<Record<RatingListColumn, string>>;
  rows: RatingListRow[];
  refused: RefusedRow[];
}

/**
 * A header as compared: lower case, no accents, letters and digits only.
 * @example headerKey("Year of birth") // "yearofbirth"
 */
export function headerKey(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * A name or club as matched: no accents, lower case, punctuation gone, its words in alphabetical order, so that
 * "LOPEZ Ana", "Lopez, Ana" and "Ana López" are one.
 * @example normalName("Lopez,  ANA") // "ana lopez"
 */
export function normalName(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim().split(" ").filter((w) => w !== "").sort().join(" ");
}

/** The separator of a header line: the one of `,`, `;` and tab found most often outside quotes. */
function separatorOf(header: string): ParsedRatingList["separator"] {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  return counts[";"] > counts[","] && counts[";"] >= counts["\t"]
    ? ";"
    : counts["\t"] > counts[","]
    ? "\t"
    : ",";
}

/** The records of a CSV text, each with the line it starts on (RFC 4180: quotes, doubled quotes, CRLF). */
export function csvRecords(text: string, separator: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let empty = true;
  const end = () => {
    fields.push(field);
    if (!(empty && fields.length === 1 && field === "")) records.push({ line: start, fields });
    fields = [];
    field = "";
    empty = true;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
      empty = false;
    } else if (ch === separator) {
      fields.push(field);
      field = "";
      empty = false;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      end();
      line++;
      start = line;
    } else {
      field += ch;
      empty = false;
    }
  }
  if (!empty || field !== "" || fields.length > 0) end();
  return records;
}

/** A rating as a list writes it: digits with a decimal point or comma, spaces or thin spaces between thousands. */
function readRating(text: string): number | null {
  const t = text.replace(/[\s\u202f\u00a0']/g, "");
  if (!/^\d+([.,]\d+)?$/.test(t)) return null;
  return Number(t.replace(",", "."));
}

/**
 * Reads a rating list. Throws `RatingListError` when the header names no rating column, or neither a federation
 * id nor a name; every other fault refuses its row only, with its line and the reason.
 * @example parseRatingList("Licence;Name;Points\r\n123;Ana Lopez;1510").rows[0] // { line: 2, federationId: "123", name: "Ana Lopez", club: null, rating: 1510, birthYear: null }
 */
export function parseRatingList(text: string): ParsedRatingList {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n|\r/, 1)[0] ?? "";
  const separator = separatorOf(firstLine);
  const [header, ...records] = csvRecords(body, separator);
  if (!header) throw new RatingListError("Cannot read the rating list: it is empty");
  const index: Partial<Record<RatingListColumn, number>> = {};
  const columns: Partial<Record<RatingListColumn, string>> = {};
  header.fields.forEach((h, i) => {
    const key = headerKey(h);
    for (const [column, names] of Object.entries(HEADERS) as [RatingListColumn, readonly string[]][]) {
      if (index[column] === undefined && names.includes(key)) {
        index[column] = i;
        columns[column] = h.trim();
        return;
      }
    }
  });
  const hasName = index.name !== undefined || index.surname !== undefined;
  if (index.rating === undefined) {
    throw new RatingListError(
      `Cannot read the rating list: no column is headed "rating" or "points" (the header is "${
        header.fields.join(separator).slice(0, 120)
      }")`,
    );
  }
  if (index.federationId === undefined && !hasName) {
    throw new RatingListError(
      `Cannot read the rating list: no column is headed "federation id" or "name"`,
    );
  }
  const rows: RatingListRow[] = [];
  const refused: RefusedRow[] = [];
  const seenIds = new Map<string, number>();
  for (const { line, fields } of records) {
    const at = (c: RatingListColumn) => {
      const i = index[c];
      return i === undefined ? "" : (fields[i] ?? "").trim();
    };
    if (fields.length > header.fields.length && fields.slice(header.fields.length).some((f) => f.trim())) {
      refused.push({
        line,
        reason: `it has ${fields.length} fields, the header ${header.fields.length}`,
      });
      continue;
    }
    const federationId = at("federationId") || null;
    const name = (index.name !== undefined ? at("name") : `${at("given")} ${at("surname")}`).replace(
      /\s+/g,
      " ",
    )
      .trim();
    if (federationId === null && name === "") {
      refused.push({ line, reason: "it has neither a federation id nor a name" });
      continue;
    }
    const ratingText = at("rating");
    const rating = readRating(ratingText);
    if (rating === null || rating > MAX_LIST_RATING) {
      refused.push({
        line,
        reason: ratingText === ""
          ? "it has no rating"
          : `its rating "${ratingText.slice(0, 40)}" is not a number from 0 to ${MAX_LIST_RATING}`,
      });
      continue;
    }
    const yearText = at("birthYear");
    const year = /^\d{4}$/.test(yearText)
      ? Number(yearText)
      : /^\d{4}-\d\d-\d\d$/.test(yearText)
      ? Number(yearText.slice(0, 4))
      : null;
    if (yearText !== "" && year === null) {
      refused.push({ line, reason: `its birth year "${yearText.slice(0, 40)}" is not a year` });
      continue;
    }
    if (federationId !== null) {
      const first = seenIds.get(federationId);
      if (first !== undefined) {
        refused.push({ line, reason: `its federation id "${federationId}" is already on line ${first}` });
        continue;
      }
      seenIds.set(federationId, line);
    }
    rows.push({ line, federationId, name, club: at("club") || null, rating, birthYear: year });
  }
  return { separator, columns, rows, refused };
}

/** A player of the event as the list is matched against her. */
export interface ListedPlayer {
  id: string;
  name: string;
  association: string | null;
  federationId: string | null;
  birthYear: number | null;
  rating: number | null;
}

/** A row matched to one player. */
export interface RatingMatch {
  line: number;
  playerId: string;
  name: string;
  by: "federation id" | "name";
  rating: number;
  /** Her rating before the list (null when none). */
  before: number | null;
}

/** A row that names several of the event's players, or one of them in doubt. */
export interface AmbiguousRow {
  line: number;
  name: string;
  reason: string;
  candidates: { playerId: string; name: string; association: string | null }[];
}

/** What matching a list would do. */
export interface RatingListReport {
  matched: RatingMatch[];
  unmatched: { line: number; name: string; federationId: string | null }[];
  ambiguous: AmbiguousRow[];
  refused: RefusedRow[];
  /** The event's players no row matched. */
  notInList: { playerId: string; name: string }[];
}

/**
 * Matches the rows of a list to the event's players: by federation id, else by the name written the same way
 * (`normalName`) among the players with no other federation id, narrowed by club and then birth year when
 * several share it. A player two rows would match is matched by the first; the second is ambiguous.
 */
export function matchRatingList(list: ParsedRatingList, players: readonly ListedPlayer[]): RatingListReport {
  const byId = new Map(players.flatMap((p) => p.federationId === null ? [] : [[p.federationId, p] as const]));
  const byName = new Map<string, ListedPlayer[]>();
  for (const p of players) {
    const key = normalName(p.name);
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const report: Omit<RatingListReport, "notInList"> = {
    matched: [],
    unmatched: [],
    ambiguous: [],
    refused: [...list.refused],
  };
  const taken = new Map<string, number>();
  const candidate = (p: ListedPlayer) => ({ playerId: p.id, name: p.name, association: p.association });
  for (const row of list.rows) {
    let found: ListedPlayer | undefined;
    let by: RatingMatch["by"] = "federation id";
    const exact = row.federationId === null ? undefined : byId.get(row.federationId);
    if (exact) found = exact;
    else {
      by = "name";
      let same = (byName.get(normalName(row.name)) ?? []).filter((p) =>
        p.federationId === null || p.federationId === row.federationId
      );
      if (same.length === 0 || row.name === "") {
        report.unmatched.push({ line: row.line, name: row.name, federationId: row.federationId });
        continue;
      }
      const clubbed = row.club === null
        ? same
        : same.filter((p) => p.association === null || normalName(p.association) === normalName(row.club!));
      if (clubbed.length === 0) {
        report.ambiguous.push({
          line: row.line,
          name: row.name,
          reason: `the name matches but the club "${row.club}" does not`,
          candidates: same.map(candidate),
        });
        continue;
      }
      same = clubbed;
      if (same.length > 1 && row.birthYear !== null) {
        const born = same.filter((p) => p.birthYear === row.birthYear);
        if (born.length > 0) same = born;
      }
      if (same.length > 1) {
        report.ambiguous.push({
          line: row.line,
          name: row.name,
          reason: `${same.length} players of the event have this name`,
          candidates: same.map(candidate),
        });
        continue;
      }
      found = same[0]!;
    }
    const first = taken.get(found.id);
    if (first !== undefined) {
      report.ambiguous.push({
        line: row.line,
        name: row.name,
        reason: `line ${first} already matches ${found.name}`,
        candidates: [candidate(found)],
      });
      continue;
    }
    taken.set(found.id, row.line);
    report.matched.push({
      line: row.line,
      playerId: found.id,
      name: found.name,
      by,
      rating: row.rating,
      before: found.rating,
    });
  }
  return {
    ...report,
    notInList: players.filter((p) => !taken.has(p.id)).map((p) => ({ playerId: p.id, name: p.name })),
  };
}
