/** The shape of every language's words of the desk's play views: English's keys (pages/i18n/desk_play/en.ts). */
import type { playEn } from "./en.ts";

/** A language's play words, with exactly English's keys. */
export type PlayCatalog = { [K in keyof typeof playEn]: string };
