import assert from "node:assert/strict";
import fc from "fast-check";
import {
  csvRecords,
  type ListedPlayer,
  matchRatingList,
  normalName,
  parseRatingList,
  RatingListError,
} from "../../domain/rating_list.ts";

const player = (id: string, name: string, more: Partial<ListedPlayer> = {}): ListedPlayer => ({
  id,
  name,
  association: null,
  federationId: null,
  birthYear: null,
  rating: null,
  ...more,
});

Deno.test("parseRatingList() finds its columns by header, in any order and spelling", () => {
  const list = parseRatingList("Points;Vorname;Nachname;Verein;Licence No\n1510;Ana;López;TTC Nord;A-1\n");
  assert.equal(list.separator, ";");
  assert.deepEqual(list.columns, {
    rating: "Points",
    given: "Vorname",
    surname: "Nachname",
    club: "Verein",
    federationId: "Licence No",
  });
  assert.deepEqual(list.rows, [
    { line: 2, federationId: "A-1", name: "Ana López", club: "TTC Nord", rating: 1510, birthYear: null },
  ]);
});

Deno.test("parseRatingList() refuses each bad row with its line and reason, and keeps the others", () => {
  const list = parseRatingList(
    [
      "federation id,name,club,rating,birth year",
      "1,Ana Lopez,North,1510,2001",
      ",,North,1400,",
      "2,Ben Roe,North,abc,",
      "3,Cat Kim,North,,",
      "1,Ana Again,North,1500,",
      "4,Dan Holm,South,1 480,20x1",
      "5,Eve Ray,South,1320,1999,extra",
      '6,Fay Lin,South,"1450,5",2003-04-01',
    ].join("\n"),
  );
  assert.deepEqual(list.refused, [
    { line: 3, reason: "it has neither a federation id nor a name" },
    { line: 4, reason: 'its rating "abc" is not a number from 0 to 100000' },
    { line: 5, reason: "it has no rating" },
    { line: 6, reason: 'its federation id "1" is already on line 2' },
    { line: 7, reason: 'its birth year "20x1" is not a year' },
    { line: 8, reason: "it has 6 fields, the header 5" },
  ]);
  assert.deepEqual(list.rows.map((r) => [r.line, r.name, r.rating, r.birthYear]), [
    [2, "Ana Lopez", 1510, 2001],
    [9, "Fay Lin", 1450.5, 2003],
  ]);
});

Deno.test("parseRatingList() refuses a list with no rating column or no way to name a player", () => {
  assert.throws(() => parseRatingList("name,club\nAna,North"), RatingListError);
  assert.throws(
    () => parseRatingList("club,rating\nNorth,1500"),
    /no column is headed "federation id" or "name"/,
  );
  assert.throws(() => parseRatingList(""), /it is empty/);
});

Deno.test("csvRecords() reads quotes, doubled quotes, separators and line ends inside quotes", () => {
  assert.deepEqual(csvRecords('a,"b, ""c""",d\r\n"x\ny",z\r\n\r\n', ","), [
    { line: 1, fields: ["a", 'b, "c"', "d"] },
    { line: 2, fields: ["x\ny", "z"] },
  ]);
});

Deno.test("normalName() takes names written differently as one", () => {
  assert.equal(normalName("LÓPEZ, Ana"), normalName("ana  lopez"));
  assert.equal(normalName("Jan van der Berg"), normalName("VAN DER BERG Jan"));
  assert.notEqual(normalName("Ana Lopez"), normalName("Ana Lopes"));
});

Deno.test("matchRatingList() matches by federation id, then by name, narrowed by club and birth year", () => {
  const players = [
    player("p1", "Ana Lopez", { federationId: "100", rating: 1400 }),
    player("p2", "Ben Roe", { association: "North" }),
    player("p3", "Cat Kim", { association: "North", birthYear: 2001 }),
    player("p4", "Cat Kim", { association: "North", birthYear: 2004 }),
    player("p5", "Dan Holm", { association: "South" }),
    player("p6", "Eve Ray", { association: "North" }),
    player("p7", "Eve Ray", { association: "South" }),
    player("p8", "Gus Oak", { federationId: "800" }),
    player("p9", "Hal Ash"),
  ];
  const report = matchRatingList(
    parseRatingList(
      [
        "id;name;club;points;born",
        "100;Somebody Else;North;1500;", // the id wins over the name
        ";ROE Ben;North;1300;",
        ";Cat Kim;North;1350;2004",
        ";Dan Holm;North;1200;", // the club differs
        ";Eve Ray;;1250;", // two of them, no club to tell
        ";Fay Nobody;North;1100;",
        "999;Gus Oak;;1000;", // another federation id: not her
        ";Ben Roe;North;1310;", // Ben again
        ";bad;;;",
      ].join("\n"),
    ),
    players,
  );
  assert.deepEqual(report.matched, [
    { line: 2, playerId: "p1", name: "Ana Lopez", by: "federation id", rating: 1500, before: 1400 },
    { line: 3, playerId: "p2", name: "Ben Roe", by: "name", rating: 1300, before: null },
    { line: 4, playerId: "p4", name: "Cat Kim", by: "name", rating: 1350, before: null },
  ]);
  assert.deepEqual(report.ambiguous.map((a) => [a.line, a.reason, a.candidates.map((c) => c.playerId)]), [
    [5, 'the name matches but the club "North" does not', ["p5"]],
    [6, "2 players of the event have this name", ["p6", "p7"]],
    [9, "line 3 already matches Ben Roe", ["p2"]],
  ]);
  assert.deepEqual(report.unmatched, [
    { line: 7, name: "Fay Nobody", federationId: null },
    { line: 8, name: "Gus Oak", federationId: "999" },
  ]);
  assert.deepEqual(report.refused, [{ line: 10, reason: "it has no rating" }]);
  assert.deepEqual(report.notInList.map((p) => p.playerId), ["p3", "p5", "p6", "p7", "p8", "p9"]);
});

/** A field as a spreadsheet may write it: quoted when it must be (or at random), quotes doubled. */
function writeField(value: string, separator: string, quote: boolean): string {
  const must = value.includes(separator) || value.includes('"') || /[\r\n]/.test(value) ||
    value !== value.trim();
  return must || quote ? `"${value.replaceAll('"', '""')}"` : value;
}

Deno.test("parseRatingList() reads back any list written with quotes, a BOM, ; or , or tab, and CRLF", () => {
  const text = fc.string({
    unit: fc.constantFrom("a", "é", " ", ",", ";", '"', "\n", "\r\n", "\t", "Z", "'"),
  });
  const row = fc.record({
    id: fc.stringMatching(/^[A-Z0-9-]{1,8}$/),
    name: text.filter((s) => s.trim() !== "" && /\S/.test(s.replace(/[\r\n\t]/g, ""))),
    club: text,
    rating: fc.integer({ min: 0, max: 3000 }),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 12 }),
      fc.constantFrom(",", ";", "\t"),
      fc.constantFrom("\n", "\r\n"),
      fc.boolean(),
      fc.boolean(),
      (rows, separator, eol, bom, quoteAll) => {
        const lines = [
          ["Federation ID", "Name", "Club", "Rating"].map((h) => writeField(h, separator, quoteAll)).join(
            separator,
          ),
          ...rows.map((r) =>
            [r.id, r.name, r.club, String(r.rating)].map((f) => writeField(f, separator, quoteAll)).join(
              separator,
            )
          ),
        ];
        const list = parseRatingList((bom ? "\uFEFF" : "") + lines.join(eol) + (quoteAll ? eol : ""));
        assert.equal(list.separator, separator);
        assert.deepEqual(list.refused, []);
        assert.deepEqual(
          list.rows.map((r) => [r.federationId, r.name, r.club, r.rating]),
          rows.map((r) => [
            r.id,
            r.name.replace(/\s+/g, " ").trim(),
            r.club.trim() === "" ? null : r.club.trim(),
            r.rating,
          ]),
        );
      },
    ),
    { numRuns: 300 },
  );
});
