/**
 * What the scheduler's property tests share (tests/domain/scheduler_test.ts and its ties on two tables): the
 * options the desk plans with, and the run of a plan's rules over random events.
 */
import fc from "fast-check";
import {
  DEFAULT_BUFFER_MS,
  DEFAULT_REST_MS,
  defaultDurationMs,
  type Plan,
  schedule,
  type ScheduleInput,
  type ScheduleOptions,
} from "../../domain/scheduler.ts";

/** The desk's default rest, buffer and match lengths, planning from `now`. */
export function defaultScheduleOptions(now: number): ScheduleOptions {
  return { restMs: DEFAULT_REST_MS, bufferMs: DEFAULT_BUFFER_MS, durationMs: defaultDurationMs, now };
}

/** Throws unless `holds` accepts the plan of each of `numRuns` random events that `events` makes. */
export function assertEveryPlan<T>(
  events: fc.Arbitrary<T>,
  inputOf: (e: T) => ScheduleInput,
  holds: (input: ScheduleInput, plan: Plan) => void,
  numRuns = 60,
): void {
  fc.assert(
    fc.property(events, (e) => {
      const input = inputOf(e);
      holds(input, schedule(input));
    }),
    { numRuns },
  );
}
