/** The shape of every language's desk words: English's keys (pages/i18n/desk/en.ts), each a text. */
import type { deskEn } from "./en.ts";

/** A language's desk words, with exactly English's keys. */
export type DeskCatalog = { [K in keyof typeof deskEn]: string };
