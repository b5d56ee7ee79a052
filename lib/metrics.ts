/**
 * Counters, histograms and gauges kept in memory and written in Prometheus's text format (version 0.0.4), which
 * Prometheus, Grafana Agent, the OpenTelemetry Collector's Prometheus receiver and VictoriaMetrics read. Small on
 * purpose: a handful of families, labels from a bounded set (route patterns, never URLs), no dependency.
 */

/** Label names to values; the order of the names is the order written. */
export type Labels = Readonly<Record<string, string>>;

/** The default latency buckets, in seconds: 1 ms to 5 s. */
export const LATENCY_BUCKETS: readonly number[] = [
  0.001,
  0.0025,
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

interface Family {
  help: string;
  type: "counter" | "histogram" | "gauge";
  buckets?: readonly number[];
  series: Map<string, { labels: Labels; value: number | Histogram }>;
  /** A gauge's values, read when the metrics are written. */
  read?: () => Iterable<[Labels, number]>;
}

const NONE: Labels = {};

const escapeLabel = (v: string) => v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');

/** The series' key of a label set, kept per object: the hot path counts with the same few objects. */
const keys = new WeakMap<Labels, string>();
function seriesKey(labels: Labels): string {
  let key = keys.get(labels);
  if (key === undefined) keys.set(labels, key = labelText(labels));
  return key;
}

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  return pairs.length === 0 ? "" : `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`;
}

const number = (n: number) => Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN";

/** The registry: families declared once, then counted into; `text()` is the scrape's answer. */
export class Metrics {
  readonly #families = new Map<string, Family>();

  #family(name: string, family: Omit<Family, "series">): Family {
    let f = this.#families.get(name);
    if (!f) this.#families.set(name, f = { ...family, series: new Map() });
    return f;
  }

  /**
   * A counter: the function adds to the series of its labels.
   * @example const requests = metrics.counter("tt_requests_total", "Requests"); requests({ route: "/" })
   */
  counter(name: string, help: string): (labels?: Labels, by?: number) => void {
    const f = this.#family(name, { help, type: "counter" });
    return (labels = NONE, by = 1) => {
      const key = seriesKey(labels);
      const s = f.series.get(key);
      if (s) (s.value as number) += by;
      else f.series.set(key, { labels, value: by });
    };
  }

  /** A histogram: the function observes one value (seconds, for latencies) in the series of its labels. */
  histogram(
    name: string,
    help: string,
    buckets: readonly number[] = LATENCY_BUCKETS,
  ): (labels: Labels, value: number) => void {
    const f = this.#family(name, { help, type: "histogram", buckets });
    return (labels, value) => {
      const key = seriesKey(labels);
      let s = f.series.get(key);
      if (!s) {
        s = { labels, value: { counts: buckets.map(() => 0), sum: 0, count: 0 } };
        f.series.set(key, s);
      }
      const h = s.value as Histogram;
      for (let i = 0; i < buckets.length; i++) if (value <= buckets[i]!) h.counts[i]!++;
      h.sum += value;
      h.count++;
    };
  }

  /** A gauge read when the metrics are written (a pool's size, a cache's entries). */
  gauge(name: string, help: string, read: () => Iterable<[Labels, number]>): void {
    this.#families.set(name, { help, type: "gauge", series: new Map(), read });
  }

  /** The families in Prometheus's text format. */
  text(): string {
    const lines: string[] = [];
    for (const [name, f] of this.#families) {
      lines.push(`# HELP ${name} ${f.help}`, `# TYPE ${name} ${f.type}`);
      if (f.read) {
        for (const [labels, value] of f.read()) lines.push(`${name}${labelText(labels)} ${number(value)}`);
        continue;
      }
      for (const { labels, value } of f.series.values()) {
        if (typeof value === "number") {
          lines.push(`${name}${labelText(labels)} ${number(value)}`);
          continue;
        }
        // Prometheus's buckets are cumulative: each counts the observations up to its bound.
        f.buckets!.forEach((le, i) =>
          lines.push(`${name}_bucket${labelText(labels, ["le", String(le)])} ${value.counts[i]}`)
        );
        lines.push(`${name}_bucket${labelText(labels, ["le", "+Inf"])} ${value.count}`);
        lines.push(
          `${name}_sum${labelText(labels)} ${value.sum}`,
          `${name}_count${labelText(labels)} ${value.count}`,
        );
      }
    }
    return lines.join("\n") + "\n";
  }
}
