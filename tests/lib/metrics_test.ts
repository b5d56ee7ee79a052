import assert from "node:assert/strict";
import { Metrics } from "../../lib/metrics.ts";

Deno.test("Metrics writes counters, cumulative histograms and gauges in Prometheus's text format", () => {
  const metrics = new Metrics();
  const hits = metrics.counter("t_hits_total", "Hits");
  const latency = metrics.histogram("t_seconds", "Latency", [0.01, 0.1]);
  metrics.gauge("t_open", "Open things", () => [[{ kind: 'a"b' }, 3]]);
  hits({ result: "hit" });
  hits({ result: "hit" }, 2);
  latency({ route: "/x/:id" }, 0.005);
  latency({ route: "/x/:id" }, 0.05);
  latency({ route: "/x/:id" }, 3);
  assert.equal(
    metrics.text(),
    [
      "# HELP t_hits_total Hits",
      "# TYPE t_hits_total counter",
      't_hits_total{result="hit"} 3',
      "# HELP t_seconds Latency",
      "# TYPE t_seconds histogram",
      't_seconds_bucket{route="/x/:id",le="0.01"} 1',
      't_seconds_bucket{route="/x/:id",le="0.1"} 2',
      't_seconds_bucket{route="/x/:id",le="+Inf"} 3',
      't_seconds_sum{route="/x/:id"} 3.055',
      't_seconds_count{route="/x/:id"} 3',
      "# HELP t_open Open things",
      "# TYPE t_open gauge",
      't_open{kind="a\\"b"} 3',
      "",
    ].join("\n"),
  );
});
