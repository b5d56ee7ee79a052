/**
 * Where a JSON text is broken: JSON.parse does not always say where (V8 reports "Unexpected token" without a
 * position), so a small scanner finds the first error's offset and says what was expected.
 * @module
 */
import type { ImportProblemCode, ProblemParams } from "./problem_codes.ts";

class JsonSyntax extends Error {
  constructor(
    readonly offset: number,
    message: string,
    readonly code: ImportProblemCode,
    readonly params: ProblemParams,
  ) {
    super(message);
  }
}

/** The first syntax error of a JSON text: its offset, its English description, its code and values. */
export interface JsonSyntaxError {
  offset: number;
  message: string;
  code: ImportProblemCode;
  params: ProblemParams;
}

/** The offset and description of the first syntax error of a JSON text; null when it parses. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const n = text.length;
  /** Stops at an error; one met at the end of the text is said as the text ending too soon, whatever was expected. */
  const fail = (message: string, code: ImportProblemCode, params: ProblemParams = {}, at = i): never => {
    if (at >= n && code !== "json-unterminated-string") {
      throw new JsonSyntax(at, message, "json-unexpected-end", {});
    }
    throw new JsonSyntax(at, message, code, params);
  };
  const got = (at: number) => ({ got: JSON.stringify(text[at] ?? "") });
  const show = (at: number) => (at >= n ? "the end of the file" : JSON.stringify(text[at]));
  const skip = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const expect = (char: string, what: string) => {
    skip();
    if (text[i] !== char) fail(`expected ${what}, got ${show(i)}`, "json-expected-colon", got(i));
    i++;
  };
  const string = () => {
    i++; // the opening quote
    while (true) {
      if (i >= n) fail("unterminated string: expected a closing '\"'", "json-unterminated-string");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) {
        fail("control character in a string: write it as an escape like \\n", "json-control-character");
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            fail("invalid \\u escape: expected 4 hex digits", "json-unicode-escape");
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {fail(`invalid escape ${JSON.stringify("\\" + (e ?? ""))} in a string`, "json-escape", {
            escape: "\\" + (e ?? ""),
          });}
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(`invalid number starting with ${show(i)}`, "json-number", got(i));
    i += m![0].length;
    if (i < n && /[0-9.eE+-]/.test(text[i]!)) {
      fail(`invalid number: unexpected ${show(i)}`, "json-number", got(i));
    }
  };
  /** Past an object's or array's opening bracket: whether `close` follows at once (then past it too). */
  const closesAtOnce = (close: string): boolean => {
    i++;
    skip();
    if (text[i] !== close) return false;
    i++;
    return true;
  };
  /** After a member of an object or array: true past its `close`, false past a "," before the next `member`. */
  const closesAfterMember = (close: string, member: string, after: string): boolean => {
    skip();
    if (text[i] === ",") {
      i++;
      skip();
      if (text[i] === close) fail(`trailing comma: expected ${member} after ","`, "json-trailing-comma");
      return false;
    }
    if (text[i] === close) {
      i++;
      return true;
    }
    return fail(`expected "," or "${close}" after ${after}, got ${show(i)}`, "json-expected-comma", {
      close,
      ...got(i),
    });
  };
  const value = (depth: number): void => {
    if (depth > 512) fail("nesting too deep", "json-too-deep");
    skip();
    if (i >= n) fail("unexpected end of the file: expected a value", "json-unexpected-end");
    const c = text[i]!;
    if (c === "{") {
      if (closesAtOnce("}")) return;
      do {
        skip();
        if (text[i] !== '"') {
          fail(`expected a property name in double quotes, got ${show(i)}`, "json-expected-name", got(i));
        }
        string();
        expect(":", '":" after a property name');
        value(depth + 1);
      } while (!closesAfterMember("}", "a property name", "a property value"));
      return;
    }
    if (c === "[") {
      if (closesAtOnce("]")) return;
      do value(depth + 1); while (!closesAfterMember("]", "a value", "an array element"));
      return;
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    fail(`unexpected ${show(i)}: expected a value`, "json-expected-value", got(i));
  };
  try {
    value(0);
    skip();
    if (i < n) fail(`unexpected ${show(i)} after the end of the JSON value`, "json-after-end", got(i));
    return null;
  } catch (e) {
    if (e instanceof JsonSyntax) {
      return { offset: e.offset, message: e.message, code: e.code, params: e.params };
    }
    throw e;
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === "\n") {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
