/** `GET /api/manage/metrics`: the service's metrics (http/metrics.ts) in Prometheus's text format, admins only. */
import { Hono } from "hono";
import type { ServiceMetrics } from "../../http/metrics.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";

/** The metrics route, mounted at /api/manage/metrics. */
export function metricsRoute(metrics: ServiceMetrics): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/", (c) => {
    requireAdmin(c.var.token, "read the metrics");
    return c.body(metrics.registry.text(), 200, {
      "Content-Type": "text/plain; version=0.0.4; charset=utf-8",
    });
  });
  return app;
}
