/**
 * The pre-match prediction by the spec's display rules: the confidence label is always shown with the
 * probability, and "insufficient" shows words instead of a number.
 */
import { confidenceText, percent, predictionSentence } from "../format.ts";
import { useI18n } from "../i18n/mod.ts";
import type { Prediction } from "../view_types.ts";

/** The prediction's section of the match page: a sentence, and a bar when there is a number to show. */
export function PredictionBlock(
  props: { prediction: Prediction | null; homeName: string; awayName: string },
) {
  const p = props.prediction;
  const i18n = useI18n();
  const { t } = i18n;
  if (!p) return <p class="muted">{t("prediction.none")}</p>;
  const insufficient = p.confidenceLabel === "insufficient";
  return (
    <div class="prediction" data-confidence={p.confidenceLabel}>
      <p class="sentence">{predictionSentence(p, props.homeName, props.awayName, i18n)}</p>
      {!insufficient && (
        <meter min={0} max={1} value={p.pHome} aria-label={t("prediction.meter", { name: props.homeName })}>
          {t("prediction.meterText", {
            percent: percent(p.pHome),
            confidence: confidenceText(p.confidenceLabel, i18n),
          })}
        </meter>
      )}
      <p class="muted">
        {t("prediction.made")}
        {p.outcome === "home" || p.outcome === "away"
          ? ` ${t("prediction.result", { name: p.outcome === "home" ? props.homeName : props.awayName })}`
          : ""}
      </p>
    </div>
  );
}
