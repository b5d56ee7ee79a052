/** The shape of every language's hall words: English's keys (pages/i18n/hall/en.ts), each a text. */
import type { hallEn } from "./en.ts";

/** A language's hall words, with exactly English's keys. */
export type HallCatalog = { [K in keyof typeof hallEn]: string };
