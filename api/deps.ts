/** What the HTTP layer (API and pages) is built from; tests build the same app on an in-memory store. */
import type { Logger } from "../cli/log.ts";
import type { Store } from "../db/store.ts";

export interface AppDeps {
  readonly store: Store;
  readonly log: Logger;
  /** The current time; tests pass a fixed clock. */
  readonly clock: () => Date;
}
