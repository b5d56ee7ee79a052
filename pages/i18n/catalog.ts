/**
 * The shape every language's catalog has: English's keys, each a text or, for a count, the plural forms of
 * `Intl.PluralRules`. A catalog typed `Catalog` that lacks a key, or has one English lacks, fails `deno check`.
 */
import type { en } from "./en.ts";

/** The forms of a message about a count, by the language's plural categories; `other` always. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** A message: a text with `{name}` placeholders, or plural forms of one. */
export type Message = string | PluralForms;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : PluralForms };

/** A language's messages, with exactly English's keys. */
export type Catalog = Shape<typeof en>;

/** A message key that names a text. */
export type TextKey = { [K in keyof Catalog]: Catalog[K] extends string ? K : never }[keyof Catalog];

/** A message key that names plural forms. */
export type PluralKey = Exclude<keyof Catalog, TextKey>;
