/**
 * The suspension of play for a player hurt by an accident: the referee may allow one of the shortest practical
 * duration, in no case more than 10 minutes (ITTF Regulations for International Competitions 3.4.2.3, the
 * suspension for temporary incapacity; 3.04.04.04 in the Handbooks before 2013). It is not allowed for a
 * disability present or expected at the start, nor for cramp or exhaustion from the play itself (the paragraph
 * after it, 3.04.04.05 in the Handbooks before 2013). So the umpire's phone asks which case it is: an injury from
 * an accident, which the Regulation allows; bleeding, which must be treated before play goes on; or another
 * reason the referee allowed, for the referee to see on the incident list.
 */

/** The longest suspension for an injury (Regulation 3.4.2.3). */
export const MEDICAL_BREAK_MS = 10 * 60_000;

/** Why the referee allowed the break, as the umpire's phone asks it (stored as the break's reason). */
export const MEDICAL_REASONS = ["accident", "bleeding", "other"] as const;
export type MedicalReason = (typeof MEDICAL_REASONS)[number];

/**
 * The words of a stored reason on the referee's list: the phone's reasons in words, any other text as it is.
 * @example medicalReasonWords("accident") // "injury from an accident"
 */
export function medicalReasonWords(reason: string): string {
  const words: Record<MedicalReason, string> = {
    accident: "injury from an accident",
    bleeding: "bleeding",
    other: "other reason allowed by the referee",
  };
  return (MEDICAL_REASONS as readonly string[]).includes(reason) ? words[reason as MedicalReason] : reason;
}

/** A medical break under way: the side hurt, when the break began (ISO 8601) and why, when asked. */
export interface MedicalBreak {
  side: "home" | "away";
  began: string;
  reason?: MedicalReason;
}

/**
 * What is left of a medical break at `now` (ms); 0 once its 10 minutes are used.
 * @example medicalBreakLeft({ side: "home", began: "2026-12-05T10:00:00Z" }, Date.parse("2026-12-05T10:04:00Z"))
 * // 360000
 */
export function medicalBreakLeft(b: MedicalBreak, now: number): number {
  return Math.max(0, Date.parse(b.began) + MEDICAL_BREAK_MS - now);
}
