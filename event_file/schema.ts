/**
 * The JSON Schema of the event import format (tt-event/1), as a constant so that nothing is read from disk at run
 * time. It must equal docs/import-schema.json, the published copy (tests/event_file/validate_test.ts checks it):
 * change both together. The format itself is described in docs/import-format.md.
 * @module
 */

/** The highest table number a venue can have: an import's, an assignment's and a scorer token's. */
export const MAX_TABLE_NO = 999;

/** The JSON Schema (draft 2020-12) of a tt-event/1 file; see docs/import-schema.json. */
export const IMPORT_SCHEMA: Readonly<Record<string, unknown>> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:tt-event:1",
  "title": "Table tennis event file (tt-event/1)",
  "description":
    "One event with its players, categories, entries, groups, draws and matches. The rules that a schema cannot say (references, scores, winners) are listed in docs/import-format.md.",
  "type": "object",
  "required": ["format", "event", "players", "categories"],
  "additionalProperties": false,
  "properties": {
    "$schema": {
      "description": "Optional link to this schema, for editors; ignored by the import.",
      "type": "string",
    },
    "format": { "description": "The format and its version.", "const": "tt-event/1" },
    "event": { "$ref": "#/$defs/event" },
    "players": {
      "description": "Every player of the event, referenced by key from the entries.",
      "type": "array",
      "items": { "$ref": "#/$defs/player" },
    },
    "accounts": {
      "description": "Operator accounts (private, never served).",
      "type": "array",
      "items": { "$ref": "#/$defs/account" },
    },
    "categories": {
      "description": "The categories (subevents) of the event, in display order.",
      "type": "array",
      "items": { "$ref": "#/$defs/category" },
    },
    "playerIdKey": {
      "description":
        "The key of player ids of the store the file was exported from (64 hex digits; private, like the file). A store with no player known by federation id yet takes it, so that the event keeps its players' ids there; otherwise it is ignored.",
      "type": "string",
      "pattern": "^[0-9a-f]{64}$",
    },
    "sessions": {
      "description":
        "The sessions of play of the event (when, and on which tables), in order; the order of play is planned within them.",
      "type": "array",
      "items": { "$ref": "#/$defs/session" },
      "maxItems": 100,
    },
  },
  "$defs": {
    "key": {
      "description":
        "A key local to the file: letters, digits, '_', '.', ':' or '-', starting with a letter or digit.",
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9_.:-]*$",
      "maxLength": 64,
    },
    "text": { "description": "A non-blank text.", "type": "string", "pattern": "\\S", "maxLength": 200 },
    "uuid": {
      "description":
        "The object's id in the store the file was exported from (its URLs use it): an import keeps it when the store does not use it for another event's row; without it the id derives from the keys.",
      "type": ["string", "null"],
      "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
    },
    "date": {
      "description": "A calendar date, YYYY-MM-DD.",
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
    },
    "dateTime": {
      "description":
        "A date and time with a UTC offset, e.g. 2026-03-14T09:30:00Z or 2026-03-14T10:30+01:00.",
      "type": ["string", "null"],
      "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$",
    },
    "score": {
      "description": "A game score, home points first, e.g. 11-8.",
      "type": "string",
      "pattern": "^\\d{1,2}-\\d{1,2}$",
    },
    "entryRef": {
      "description": "The key of an entry of the same category, or null when not known yet.",
      "type": ["string", "null"],
      "pattern": "^[A-Za-z0-9][A-Za-z0-9_.:-]*$",
      "maxLength": 64,
    },
    "event": {
      "type": "object",
      "required": ["slug", "name", "venue", "startDate", "endDate", "status"],
      "additionalProperties": false,
      "properties": {
        "slug": {
          "description":
            "URL-safe identifier of the event, unique in the store; the event's id derives from it.",
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9-]*$",
          "maxLength": 80,
        },
        "name": { "$ref": "#/$defs/text" },
        "venue": { "description": "Where the event is played.", "type": "string", "maxLength": 200 },
        "startDate": { "$ref": "#/$defs/date" },
        "endDate": { "$ref": "#/$defs/date" },
        "status": {
          "description": "Only published events are served.",
          "enum": ["draft", "published", "archived"],
        },
        "description": {
          "description": "Free text; empty when absent.",
          "type": "string",
          "maxLength": 5000,
        },
        "posterUrl": {
          "description": "Address of the poster image (http: or https: only), or null.",
          "type": ["string", "null"],
          "maxLength": 2000,
        },
        "uuid": { "$ref": "#/$defs/uuid" },
        "announcement": {
          "description":
            "The desk's announcement shown on the venue TV and the event page, and when it was posted; absent or null keeps the store's.",
          "type": ["object", "null"],
          "required": ["text", "postedAt"],
          "additionalProperties": false,
          "properties": {
            "text": { "type": "string", "pattern": "\\S", "maxLength": 200 },
            "postedAt": { "$ref": "#/$defs/dateTime" },
          },
        },
        "language": {
          "description":
            "The event's language: its hall screens, poster and print sheets speak it, and readers' pages fall back to it (en, de, fr, es, zh, ja, ar); null is English, absent keeps the store's.",
          "enum": ["en", "de", "fr", "es", "zh", "ja", "ar", null],
        },
      },
    },
    "player": {
      "type": "object",
      "required": ["id", "displayName"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/key" },
        "displayName": { "$ref": "#/$defs/text" },
        "association": {
          "description": "Club or association, or null.",
          "type": ["string", "null"],
          "maxLength": 200,
        },
        "country": {
          "description":
            "The player's country: the three-letter code of the association as the ITTF writes it (GER, CHN, ENG), or null.",
          "type": ["string", "null"],
          "pattern": "^[A-Z]{3}$",
        },
        "federationId": {
          "description":
            "A federation's id of the person (e.g. ITTF:123456); the same federation id is the same player in every event.",
          "type": ["string", "null"],
          "pattern": "\\S",
          "maxLength": 64,
        },
        "email": {
          "description": "Private: stored, never served.",
          "type": ["string", "null"],
          "pattern": "^[^\\s@]+@[^\\s@]+$",
          "maxLength": 254,
        },
        "birthDate": {
          "description": "Private: stored, never served. YYYY-MM-DD.",
          "type": ["string", "null"],
          "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
        },
        "prior": {
          "description":
            "An earlier rating (Elo-like, 400-point logistic scale) that seeds the player's rating.",
          "type": "object",
          "required": ["rating", "matchCount"],
          "additionalProperties": false,
          "properties": {
            "rating": { "type": "number", "minimum": 1, "maximum": 5000 },
            "deviation": {
              "description":
                "A Glicko-like deviation, from 1 (less claims a certainty no rating has); above 350 counts as 350.",
              "type": ["number", "null"],
              "minimum": 1,
              "maximum": 1000,
            },
            "matchCount": {
              "description":
                "Rated matches behind the rating, at most 100,000: far beyond any player, far below a stored whole number's limit once the matches played here are added.",
              "type": "integer",
              "minimum": 0,
              "maximum": 100000,
            },
          },
        },
        "checkedInAt": {
          "description":
            "When the desk marked the player present at this event (check-in); absent while not.",
          "$ref": "#/$defs/dateTime",
        },
        "checkedInBy": {
          "description": "Who marked the player present (the desk's token label); absent with no check-in.",
          "type": ["string", "null"],
          "maxLength": 200,
        },
        "uuid": { "$ref": "#/$defs/uuid" },
      },
    },
    "account": {
      "type": "object",
      "required": ["email", "displayName"],
      "additionalProperties": false,
      "properties": {
        "email": { "type": "string", "pattern": "^[^\\s@]+@[^\\s@]+$", "maxLength": 254 },
        "displayName": { "$ref": "#/$defs/text" },
      },
    },
    "category": {
      "type": "object",
      "required": ["id", "name", "kind", "format", "bestOf", "entries"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/key" },
        "name": { "$ref": "#/$defs/text" },
        "kind": {
          "description":
            'Singles, doubles, or "team": the entries are teams and each match is a tie (docs/teams.md).',
          "enum": ["singles", "doubles", "team"],
        },
        "format": { "enum": ["groups", "knockout", "groups_knockout"] },
        "bestOf": { "description": "Games in a match: an odd number from 3 to 9.", "enum": [3, 5, 7, 9] },
        "groupSize": {
          "description": "Largest number of entries in a group (group formats only).",
          "type": ["integer", "null"],
          "minimum": 2,
          "maximum": 64,
        },
        "qualifiersPerGroup": {
          "description":
            "Entries of each group that go on to the knockout stage, 1 or 2 (groups_knockout only).",
          "type": ["integer", "null"],
          "minimum": 1,
          "maximum": 2,
        },
        "entries": { "type": "array", "items": { "$ref": "#/$defs/entry" } },
        "groups": { "type": "array", "items": { "$ref": "#/$defs/group" } },
        "draw": { "$ref": "#/$defs/draw" },
        "matches": { "type": "array", "items": { "$ref": "#/$defs/match" } },
        "uuid": { "$ref": "#/$defs/uuid" },
        "sessions": {
          "description": "The ids of the event's sessions the category plays in; absent: every session.",
          "type": "array",
          "items": { "$ref": "#/$defs/key" },
          "minItems": 1,
          "maxItems": 100,
        },
        "teamFormat": { "$ref": "#/$defs/teamFormat" },
        "tablesPerTie": {
          "description":
            "A team category's ties: played on 2 tables at once (two of a tie's matches side by side) or on 1; absent or null: 1.",
          "enum": [1, 2, null],
        },
      },
    },
    "entry": {
      "type": "object",
      "required": ["id", "players"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/key" },
        "players": {
          "description":
            "Player keys: 1 for singles, 2 for doubles, the team's players (up to 16) for a team.",
          "type": "array",
          "items": { "$ref": "#/$defs/key" },
          "minItems": 1,
          "maxItems": 16,
        },
        "name": { "description": "A team's name (team categories only).", "$ref": "#/$defs/text" },
        "association": {
          "description": "A team's association or club (team categories only).",
          "type": ["string", "null"],
          "maxLength": 200,
        },
        "seed": { "type": ["integer", "null"], "minimum": 1, "maximum": 9999 },
        "uuid": { "$ref": "#/$defs/uuid" },
        "withdrawnAt": {
          "description": "When the entry withdrew after the draw; absent while it plays on.",
          "$ref": "#/$defs/dateTime",
        },
      },
    },
    "group": {
      "type": "object",
      "required": ["name", "entries"],
      "additionalProperties": false,
      "properties": {
        "name": {
          "description": "Unique within the category, e.g. A.",
          "type": "string",
          "pattern": "\\S",
          "maxLength": 64,
        },
        "entries": {
          "description": "Entry keys, in the group's order.",
          "type": "array",
          "items": { "$ref": "#/$defs/key" },
        },
        "lots": {
          "description":
            "The operator's lot order (first drawn first) for entries still level after ITTF 3.7.5.",
          "type": "array",
          "items": { "$ref": "#/$defs/key" },
        },
        "uuid": { "$ref": "#/$defs/uuid" },
      },
    },
    "draw": {
      "type": "object",
      "required": ["state"],
      "additionalProperties": false,
      "properties": {
        "state": { "description": "Only a locked draw is public.", "enum": ["draft", "locked"] },
        "lotSeed": {
          "description":
            "The seed of the lot. Without slots, the import makes the draw by lot from it (domain/draw.ts), the same on every run.",
          "type": ["string", "null"],
          "minLength": 1,
          "maxLength": 200,
        },
        "size": {
          "description":
            "Slots in the first round: a power of 2 from 2 to 256; defaults to the number of slots.",
          "enum": [2, 4, 8, 16, 32, 64, 128, 256],
        },
        "slots": {
          "description":
            'Each slot, top to bottom: an entry key, "bye", a group qualifier {group, place}, or null (not drawn yet). Absent: made by lot from lotSeed.',
          "type": "array",
          "items": { "$ref": "#/$defs/slot" },
        },
      },
    },
    "slot": {
      "type": ["string", "object", "null"],
      "pattern": "^[A-Za-z0-9][A-Za-z0-9_.:-]*$",
      "maxLength": 64,
      "required": ["group", "place"],
      "additionalProperties": false,
      "properties": {
        "group": { "type": "string", "pattern": "\\S", "maxLength": 64 },
        "place": { "type": "integer", "minimum": 1, "maximum": 2 },
        "entry": {
          "description":
            "The entry the group placed here once it was final; the slot keeps its link to the group place.",
          "$ref": "#/$defs/entryRef",
        },
      },
    },
    "session": {
      "type": "object",
      "required": ["id", "start", "end", "tables"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/key" },
        "name": {
          "description": 'What the desk calls it, e.g. "Saturday morning"; null or absent: none.',
          "type": ["string", "null"],
          "pattern": "\\S",
          "maxLength": 200,
        },
        "start": {
          "description": "When play begins, with a UTC offset, e.g. 2026-11-28T09:00:00+01:00.",
          "type": "string",
          "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$",
        },
        "end": {
          "description": "When play ends (the last match is planned to end by then), with a UTC offset.",
          "type": "string",
          "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$",
        },
        "tables": {
          "description": "The numbers of the tables in use, each once.",
          "type": "array",
          "items": { "type": "integer", "minimum": 1, "maximum": MAX_TABLE_NO },
          "minItems": 1,
          "maxItems": MAX_TABLE_NO,
        },
      },
    },
    "match": {
      "type": "object",
      "required": ["id", "stage", "status"],
      "additionalProperties": false,
      "properties": {
        "id": { "$ref": "#/$defs/key" },
        "stage": { "enum": ["group", "knockout"] },
        "group": {
          "description": "The group's name (group matches only).",
          "type": ["string", "null"],
          "pattern": "\\S",
          "maxLength": 64,
        },
        "round": {
          "description":
            "Knockout: round number from 1 (the first round). Group: round of play, 1 when absent.",
          "type": "integer",
          "minimum": 1,
          "maximum": 64,
        },
        "position": {
          "description":
            "Knockout: zero-based position in the round. Group: order of play; the match's place in the list when absent.",
          "type": "integer",
          "minimum": 0,
          "maximum": 10000,
        },
        "home": { "$ref": "#/$defs/entryRef" },
        "away": { "$ref": "#/$defs/entryRef" },
        "table": { "type": ["integer", "null"], "minimum": 1, "maximum": MAX_TABLE_NO },
        "scheduledAt": { "$ref": "#/$defs/dateTime" },
        "status": { "enum": ["scheduled", "in_progress", "completed"] },
        "resultReason": {
          "description": "Why a completed match was not decided by its games.",
          "enum": ["walkover", "retired", "disqualified", null],
        },
        "retirementAfterGame": {
          "description":
            "Games finished when a side retired (retired only; defaults to the number of games): at most 8, as a best of 9 is decided by its 9th game.",
          "type": ["integer", "null"],
          "minimum": 0,
          "maximum": 8,
        },
        "winner": { "$ref": "#/$defs/entryRef" },
        "games": {
          "description": "Finished games in order of play, home points first.",
          "type": "array",
          "items": { "$ref": "#/$defs/score" },
          "maxItems": 9,
        },
        "current": {
          "description": "Points in the running game, home first (a match in progress, or a retirement).",
          "type": ["string", "null"],
          "pattern": "^\\d{1,2}-\\d{1,2}$",
        },
        "firstServer": {
          "description":
            'The side that served first in game 1; "home" when absent for a match that has started.',
          "enum": ["home", "away", null],
        },
        "startedAt": { "$ref": "#/$defs/dateTime" },
        "completedAt": { "$ref": "#/$defs/dateTime" },
        "uuid": { "$ref": "#/$defs/uuid" },
        "tie": { "$ref": "#/$defs/tie" },
        "calledAt": {
          "description": "When the desk called the match to its table.",
          "$ref": "#/$defs/dateTime",
        },
        "skippedAt": {
          "description": "When the desk skipped the match for now (a player late or absent).",
          "$ref": "#/$defs/dateTime",
        },
        "planned": {
          "description":
            "Whether its table and time come from a plan the desk kept (planning again may move them).",
          "type": "boolean",
        },
        "umpireSetup": {
          "description":
            "The umpire's choices at the start: the side on the left in game 1, the doubles order.",
          "type": ["object", "null"],
          "required": ["left"],
          "additionalProperties": false,
          "properties": {
            "left": { "enum": ["home", "away"] },
            "order": {
              "type": ["object", "null"],
              "required": ["server", "receiver"],
              "additionalProperties": false,
              "properties": {
                "server": { "type": "string", "maxLength": 16 },
                "receiver": { "type": "string", "maxLength": 16 },
              },
            },
          },
        },
        "incidents": {
          "description": "The umpire's incidents besides rallies and corrections, in the order made.",
          "type": "array",
          "maxItems": 500,
          "items": {
            "type": "object",
            "required": ["kind", "afterPoints", "actionNo", "at"],
            "additionalProperties": false,
            "properties": {
              "kind": { "enum": ["timeout", "resume", "card", "expedite", "order", "correction"] },
              "afterPoints": { "type": "integer", "minimum": 0, "maximum": 10000 },
              "actionNo": { "type": "integer", "minimum": 0, "maximum": 100000 },
              "at": { "$ref": "#/$defs/dateTime" },
              "detail": { "type": "object" },
              "undoneAt": {
                "description": "When an undo took it back: kept for the referee, replayed no more.",
                "$ref": "#/$defs/dateTime",
              },
              "undoneBy": { "description": "Who took it back.", "type": "string", "maxLength": 200 },
            },
          },
        },
        "confirmation": {
          "description": "The umpire's confirmation of the result: who (a token's label and role), when.",
          "type": "object",
          "required": ["by", "role", "at"],
          "additionalProperties": false,
          "properties": {
            "by": { "type": "string", "maxLength": 200 },
            "role": { "type": "string", "maxLength": 50 },
            "at": { "$ref": "#/$defs/dateTime" },
          },
        },
        "toss": {
          "description":
            "The toss before the match (Law 2.13.1): who won it, their choice, who recorded it, when.",
          "type": "object",
          "required": ["winner", "choice", "by", "at"],
          "additionalProperties": false,
          "properties": {
            "winner": { "enum": ["home", "away"] },
            "choice": { "enum": ["serve", "receive", "end"] },
            "by": { "type": "string", "maxLength": 200 },
            "at": { "$ref": "#/$defs/dateTime" },
          },
        },
        "medicalBreaks": {
          "description": "The medical breaks (Regulation 3.4.2.3), in the order they began.",
          "type": "array",
          "maxItems": 50,
          "items": {
            "type": "object",
            "required": ["side", "startedAt", "by"],
            "additionalProperties": false,
            "properties": {
              "side": { "enum": ["home", "away"] },
              "game": { "type": ["integer", "null"], "minimum": 1, "maximum": 9 },
              "startedAt": { "$ref": "#/$defs/dateTime" },
              "endedAt": { "$ref": "#/$defs/dateTime" },
              "reason": { "type": ["string", "null"], "maxLength": 200 },
              "by": { "type": "string", "maxLength": 200 },
            },
          },
        },
      },
      "if": {
        "properties": { "stage": { "const": "knockout" } },
        "required": ["stage"],
      },
      "then": { "required": ["round", "position"] },
    },
    "teamFormat": {
      "description":
        'How a tie is played (docs/teams.md): "wttc", "olympic", "swaythling", "corbillon", or a custom format.',
      "oneOf": [
        { "enum": ["wttc", "olympic", "swaythling", "corbillon"] },
        {
          "additionalProperties": false,
          "type": "object",
          "required": ["matches", "winsNeeded"],
          "properties": {
            "name": { "$ref": "#/$defs/text" },
            "matches": {
              "minItems": 1,
              "maxItems": 20,
              "type": "array",
              "items": { "$ref": "#/$defs/tieMatchSpec" },
              "description": "The individual matches in order of play, by line-up position.",
            },
            "winsNeeded": { "type": "integer", "minimum": 1, "maximum": 20 },
            "playAll": {
              "description": "Whether every match is played after the tie is decided; false when absent.",
              "type": "boolean",
            },
          },
        },
      ],
    },
    "position": { "type": "string", "pattern": "^[A-Za-z0-9]{1,2}$" },
    "tieMatchSpec": {
      "type": "object",
      "required": ["type", "home", "away"],
      "additionalProperties": false,
      "properties": {
        "type": { "enum": ["singles", "doubles"] },
        "home": { "$ref": "#/$defs/tieSide" },
        "away": { "$ref": "#/$defs/tieSide" },
      },
    },
    "tieSide": {
      "description": 'A position (singles), two positions or "pair" (the nominated doubles pair).',
      "oneOf": [
        { "$ref": "#/$defs/position" },
        { "type": "array", "items": { "$ref": "#/$defs/position" }, "minItems": 2, "maxItems": 2 },
        { "const": "pair" },
      ],
    },
    "lineup": {
      "description":
        "One side's line-up: a player key for each position, and the doubles pair when nominated.",
      "type": "object",
      "required": ["positions"],
      "additionalProperties": false,
      "properties": {
        "positions": {
          "type": "object",
          "propertyNames": { "$ref": "#/$defs/position" },
          "additionalProperties": { "$ref": "#/$defs/key" },
        },
        "pair": {
          "type": ["array", "null"],
          "items": { "$ref": "#/$defs/key" },
          "minItems": 2,
          "maxItems": 2,
        },
      },
    },
    "tie": {
      "description":
        "The tie of a team category's match: the line-ups and the individual matches played (docs/teams.md).",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "home": { "oneOf": [{ "$ref": "#/$defs/lineup" }, { "type": "null" }] },
        "away": { "oneOf": [{ "$ref": "#/$defs/lineup" }, { "type": "null" }] },
        "published": {
          "description": "Whether the line-ups are public; false when absent.",
          "type": "boolean",
        },
        "matches": {
          "type": "array",
          "maxItems": 20,
          "items": { "$ref": "#/$defs/tieMatch" },
          "description": "The individual matches made from the line-ups, by their order in the format.",
        },
      },
    },
    "tieMatch": {
      "type": "object",
      "required": ["order", "status"],
      "additionalProperties": false,
      "properties": {
        "order": {
          "description": "The match's place in the format, from 1.",
          "type": "integer",
          "minimum": 1,
          "maximum": 20,
        },
        "table": { "$ref": "#/$defs/match/properties/table" },
        "scheduledAt": { "$ref": "#/$defs/match/properties/scheduledAt" },
        "status": { "$ref": "#/$defs/match/properties/status" },
        "resultReason": { "$ref": "#/$defs/match/properties/resultReason" },
        "retirementAfterGame": { "$ref": "#/$defs/match/properties/retirementAfterGame" },
        "winner": { "description": "The side that won the match.", "enum": ["home", "away", null] },
        "games": { "$ref": "#/$defs/match/properties/games" },
        "current": { "$ref": "#/$defs/match/properties/current" },
        "firstServer": { "$ref": "#/$defs/match/properties/firstServer" },
        "startedAt": { "$ref": "#/$defs/match/properties/startedAt" },
        "completedAt": { "$ref": "#/$defs/match/properties/completedAt" },
        "uuid": { "$ref": "#/$defs/uuid" },
        "calledAt": { "$ref": "#/$defs/match/properties/calledAt" },
        "skippedAt": { "$ref": "#/$defs/match/properties/skippedAt" },
        "planned": { "$ref": "#/$defs/match/properties/planned" },
        "umpireSetup": { "$ref": "#/$defs/match/properties/umpireSetup" },
        "incidents": { "$ref": "#/$defs/match/properties/incidents" },
        "confirmation": { "$ref": "#/$defs/match/properties/confirmation" },
        "toss": { "$ref": "#/$defs/match/properties/toss" },
        "medicalBreaks": { "$ref": "#/$defs/match/properties/medicalBreaks" },
      },
    },
  },
};
