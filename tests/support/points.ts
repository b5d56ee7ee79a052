/** Rallies for tests of the scoring rules: the two sides and points of whole games. */
import type { Side } from "../../domain/scoring.ts";

export const H: Side = "home";
export const A: Side = "away";

/** Points of one game won by `winner` to `lost`: the loser's points first up to 9, past that in turn, then the winner's. */
export function game(winner: Side, lost: number): Side[] {
  const loser: Side = winner === H ? A : H;
  if (lost <= 9) return [...Array(lost).fill(loser), ...Array(11).fill(winner)];
  const points: Side[] = [];
  for (let k = 0; k < lost; k += 1) points.push(winner, loser);
  return [...points, winner, winner];
}
