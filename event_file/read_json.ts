/**
 * Reading a parsed file that may also have failed the schema: every value is read through a guard, and a value
 * of the wrong shape is skipped (the schema has reported it).
 * @module
 */

/** A JSON object, its members not yet checked. */
export type Obj = Record<string, unknown>;

/** The value as an object, or undefined when it is not one (arrays and null are not). */
export function obj(value: unknown): Obj | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value as Obj : undefined;
}

/** The value as an array, or an empty one when it is not an array. */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Calls `each` with every object of the list and its index; other values are skipped (the schema reported them). */
export function eachObject(list: unknown, each: (item: Obj, index: number) => void): void {
  arr(list).forEach((raw, i) => {
    const item = obj(raw);
    if (item) each(item, i);
  });
}

/** The value as a string, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The value as a whole number, or undefined. */
export function int(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** The path of a field of the value at `path` (`categories[0]` + `id` -> `categories[0].id`). */
export function join(path: string, field: string): string {
  return path === "" ? field : `${path}.${field}`;
}
