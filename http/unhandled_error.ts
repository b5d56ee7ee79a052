/**
 * The app's last-resort error answer: every sub-app answers its own errors (problem details under /api, an
 * error page elsewhere), so what reaches the top is a failure of a guard that runs before them. It is logged
 * and answered like the guards' answers (http/limits.ts), with no detail and no stack for the client.
 */
import type { ErrorHandler } from "hono";
import type { Logger } from "../lib/log.ts";
import { isStoreUnavailable } from "../db/health.ts";
import { guardResponse } from "./limits.ts";
import { requestLog } from "./outage_guard.ts";

/** The error handler of the whole app (`app.onError(unhandledError(log))`). */
export function unhandledError(log: Logger): ErrorHandler {
  return (error, c) => {
    // An outage is answered 503 and logged once by the outage guard (http/outage_guard.ts), not per request.
    if (!isStoreUnavailable(error)) {
      requestLog(c, log).error(
        `Cannot answer ${c.req.method} ${c.req.path}: ${error.name}: ${error.message}`,
      );
    }
    return guardResponse(
      c,
      500,
      "internal-error",
      "Internal server error",
      "The server could not answer this request; the error has been logged",
    );
  };
}
