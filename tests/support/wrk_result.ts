/** A wrk result for the bench's report and decision tests: `rps` over 2 s, p50 1 ms, the given p99. */
import type { WrkResult } from "../../bench/wrk.ts";

export function wrkResult(rps: number, p99Ms = 2): WrkResult {
  return {
    requests: rps * 2,
    seconds: 2,
    rps,
    bytes: rps * 2 * 1200,
    meanMs: 1,
    p50Ms: 1,
    p90Ms: 1.5,
    p99Ms,
    maxMs: p99Ms * 2,
    statusErrors: 0,
    socketErrors: 0,
  };
}
