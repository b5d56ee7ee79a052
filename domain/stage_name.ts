/**
 * What a match's stage is called: a knockout round by how far it is from the final (the final, the semi-finals,
 * the quarter-finals, then the round by the players it starts with), a round by its number, or a group. The API writes it as an English label ("Quarter-final", "Round
 * of 16", "Group A"); the pages read the label back to say it in their language. Both directions live here, so
 * they cannot drift apart.
 */

/** The meaning of a stage's label. */
export type StageName =
  | { kind: "final" }
  | { kind: "semiFinal" }
  | { kind: "quarterFinal" }
  | { kind: "roundOf"; players: number }
  | { kind: "round"; number: number }
  | { kind: "group"; name: string | null };

/**
 * The knockout round `fromFinal` rounds before the final.
 * @example knockoutRoundName(3) // { kind: "roundOf", players: 16 }
 */
export function knockoutRoundName(fromFinal: number): StageName {
  if (fromFinal === 0) return { kind: "final" };
  if (fromFinal === 1) return { kind: "semiFinal" };
  if (fromFinal === 2) return { kind: "quarterFinal" };
  return { kind: "roundOf", players: 2 ** (fromFinal + 1) };
}

/**
 * The API's English label of a stage.
 * @example stageNameLabel({ kind: "roundOf", players: 16 }) // "Round of 16"
 */
export function stageNameLabel(name: StageName): string {
  switch (name.kind) {
    case "final":
      return "Final";
    case "semiFinal":
      return "Semi-final";
    case "quarterFinal":
      return "Quarter-final";
    case "roundOf":
      return `Round of ${name.players}`;
    case "round":
      return `Round ${name.number}`;
    case "group":
      return name.name === null ? "Group" : `Group ${name.name}`;
  }
}

/**
 * The stage a label names, or null for a label the organiser wrote in their own words ("Plate final").
 * @example readStageLabel("Group B") // { kind: "group", name: "B" }
 */
export function readStageLabel(label: string): StageName | null {
  if (label === "Final") return { kind: "final" };
  if (label === "Semi-final") return { kind: "semiFinal" };
  if (label === "Quarter-final") return { kind: "quarterFinal" };
  if (label === "Group") return { kind: "group", name: null };
  const roundOf = /^Round of ([1-9]\d{0,5})$/.exec(label);
  if (roundOf) return { kind: "roundOf", players: Number(roundOf[1]) };
  const round = /^Round ([1-9]\d{0,5})$/.exec(label);
  if (round) return { kind: "round", number: Number(round[1]) };
  const group = /^Group (\S.*)$/.exec(label);
  if (group) return { kind: "group", name: group[1]! };
  return null;
}
