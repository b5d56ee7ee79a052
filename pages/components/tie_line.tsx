/**
 * The tie score on the bar of a match of a tie (pages/overlay_match.tsx): "China 2–1 Japan" in the bar's top line.
 * It takes the room the line leaves and never widens the bar (`width:0`, cut with an ellipsis), so the bar keeps
 * one width from the first point to the last; its style is inline, as an overlay's styles may be (OBS's Custom CSS).
 */
import { teamLabel, type Tie } from "../tie_data.ts";

const STYLE = "flex:1 1 0;width:0;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;" +
  "color:var(--accent);text-align:center";

/** A team by its association's code when it has a short one ("CHN"), the line being narrow; else its label. */
const short = (team: Tie["home"]) =>
  team?.association && team.association.length <= 4 ? team.association : teamLabel(team);

/** The two teams and the tie score, as the tie stands (matches of the tie won by each team). */
export function TieScoreLine(props: { tie: Tie }) {
  const { tie } = props;
  return (
    <span class="tie-line" data-tie={tie.id} style={STYLE}>
      {short(tie.home)} {tie.score.home}–{tie.score.away} {short(tie.away)}
    </span>
  );
}
