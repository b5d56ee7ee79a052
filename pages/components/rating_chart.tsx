/**
 * A player's rating over their rated matches, drawn on the server as SVG: readable without JavaScript, a band of
 * one deviation either side of the line, and for screen readers a title and summary on the image and a table of
 * every point beside it.
 */
import { type I18n, i18nFor, useI18n } from "../i18n/mod.ts";

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day in short words, in the page's language.
 * @example shortDate("2026-06-01T09:00:00.000Z") // "1 Jun 2026"
 */
export function shortDate(iso: string, i18n: I18n = i18nFor("en")): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  let format = dayFormats.get(i18n.locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(i18n.locale, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    dayFormats.set(i18n.locale, format);
  }
  return format.format(at);
}

/** A point of the chart: the rating and deviation after a rated match. */
export interface RatingPoint {
  at: string;
  rating: number;
  deviation: number;
}

const WIDTH = 480;
const HEIGHT = 240;
const PAD = { left: 50, right: 12, top: 12, bottom: 30 };

/**
 * Where the chart draws each point, and the ratings of its scale's ends (rounded out to 50): x by match order
 * (evenly spaced), y by rating, the band one deviation either side.
 * @example chartGeometry([{ at: "2026-06-01T09:00:00.000Z", rating: 1500, deviation: 100 }]).low // 1400
 */
export function chartGeometry(points: readonly RatingPoint[]) {
  const lows = points.map((p) => p.rating - p.deviation);
  const highs = points.map((p) => p.rating + p.deviation);
  const low = Math.floor(Math.min(...lows) / 50) * 50;
  const high = Math.max(low + 50, Math.ceil(Math.max(...highs) / 50) * 50);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (rating: number) => PAD.top + ((high - rating) * innerH) / (high - low);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    low,
    high,
    line: points.map((p, i) => `${round(x(i))},${round(y(p.rating))}`).join(" "),
    band: [
      ...points.map((p, i) => `${round(x(i))},${round(y(p.rating + p.deviation))}`),
      ...points.map((p, i) => `${round(x(i))},${round(y(p.rating - p.deviation))}`).reverse(),
    ].join(" "),
    dots: points.map((p, i) => ({ cx: round(x(i)), cy: round(y(p.rating)) })),
    y,
  };
}

/** The chart and its table; a sentence instead when there is no rated match yet. */
export function RatingChart(props: { points: readonly RatingPoint[]; name: string }) {
  const { points, name } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const day = (iso: string) => shortDate(iso, i18n);
  if (points.length === 0) return <p class="empty">{t("chart.empty")}</p>;
  const g = chartGeometry(points);
  const first = points[0]!, last = points.at(-1)!;
  const summary = i18n.n("chart.summary", points.length, {
    name,
    first: String(Math.round(first.rating)),
    firstDate: day(first.at),
    last: String(Math.round(last.rating)),
    lastDate: day(last.at),
    deviation: String(Math.round(last.deviation)),
  });
  const ticks = [g.low, Math.round((g.low + g.high) / 100) * 50, g.high];
  return (
    <figure class="rating-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="rating-chart-title rating-chart-desc"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="rating-chart-title">{t("profile.history")}</title>
        <desc id="rating-chart-desc">{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={g.y(t)} y2={g.y(t)} class="grid" />
            <text x={PAD.left - 6} y={g.y(t) + 4} text-anchor="end">{t}</text>
          </g>
        ))}
        <polygon points={g.band} class="band" />
        <polyline points={g.line} class="line" />
        {g.dots.map((d, i) => <circle key={i} cx={d.cx} cy={d.cy} r={3} class="dot" />)}
        <text x={PAD.left} y={HEIGHT - 8}>{day(first.at)}</text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} text-anchor="end">{day(last.at)}</text>
      </svg>
      <figcaption class="muted">
        {t("chart.caption")}
      </figcaption>
      <details>
        <summary>{t("chart.table")}</summary>
        <div class="scroll">
          <table>
            <caption class="sr">{t("chart.tableCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("chart.date")}</th>
                <th scope="col" class="num">{t("rankings.rating")}</th>
                <th scope="col" class="num">{t("chart.deviation")}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={i}>
                  <td>{day(p.at)}</td>
                  <td class="num">{Math.round(p.rating)}</td>
                  <td class="num">±{Math.round(p.deviation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The chart's CSS (constants only). */
export const RATING_CHART_CSS = `
.rating-chart{margin:.5rem 0}
.rating-chart svg{width:100%;height:auto;max-height:16rem;display:block}
.rating-chart text{font-size:14px;fill:#444}
@media (max-width:30rem){.rating-chart text{font-size:17px}}
.rating-chart .grid{stroke:#ddd;stroke-width:1}
.rating-chart .band{fill:#0b4fb3;fill-opacity:.15}
.rating-chart .line{fill:none;stroke:#0b4fb3;stroke-width:2.5}
.rating-chart .dot{fill:#0b4fb3}
.rating-chart figcaption{font-size:.9rem}
`;
