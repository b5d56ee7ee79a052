/**
 * The suspension of play for a player hurt by an accident: the referee may allow one of the shortest practical
 * duration, in no case more than 10 minutes (ITTF Regulations for International Competitions 3.4.2.3, the
 * suspension for temporary incapacity; 3.04.04.04 in the Handbooks before 2013). It is not allowed for a
 * disability present or expected at the start, nor for cramp or exhaustion from the play itself.
 */

/** The longest suspension for an injury (Regulation 3.4.2.3). */
export const MEDICAL_BREAK_MS = 10 * 60_000;

/** A medical break under way: the side hurt and when the break began (ISO 8601). */
export interface MedicalBreak {
  side: "home" | "away";
  began: string;
}

/**
 * What is left of a medical break at `now` (ms); 0 once its 10 minutes are used.
 * @example medicalBreakLeft({ side: "home", began: "2026-12-05T10:00:00Z" }, Date.parse("2026-12-05T10:04:00Z"))
 * // 360000
 */
export function medicalBreakLeft(b: MedicalBreak, now: number): number {
  return Math.max(0, Date.parse(b.began) + MEDICAL_BREAK_MS - now);
}
