/**
 * The pre-match prediction by the spec's display rules: the confidence label is always shown with the
 * probability, and "insufficient" shows words instead of a number.
 */
import { percent, predictionSentence } from "../format.ts";
import type { Prediction } from "../view_types.ts";

/** The prediction's section of the match page: a sentence, and a bar when there is a number to show. */
export function PredictionBlock(
  props: { prediction: Prediction | null; homeName: string; awayName: string },
) {
  const p = props.prediction;
  if (!p) return <p class="muted">No prediction was made for this match.</p>;
  const insufficient = p.confidenceLabel === "insufficient";
  return (
    <div class="prediction" data-confidence={p.confidenceLabel}>
      <p class="sentence">{predictionSentence(p, props.homeName, props.awayName)}</p>
      {!insufficient && (
        <meter min={0} max={1} value={p.pHome} aria-label={`${props.homeName} win probability`}>
          {percent(p.pHome)} (confidence: {p.confidenceLabel})
        </meter>
      )}
      <p class="muted">
        Made before the match from the players' ratings, and not changed since.
        {p.outcome === "home" || p.outcome === "away"
          ? ` Result: ${p.outcome === "home" ? props.homeName : props.awayName} won.`
          : ""}
      </p>
    </div>
  );
}
