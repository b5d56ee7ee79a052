/**
 * Work in flight by id: concurrent callers of the same id share one run instead of each starting their own
 * (after a point, every poller of a category asks for the same new answer within a second). An id is forgotten
 * once its run settles, so a later caller runs again.
 */
export class SingleFlight {
  readonly #running = new Map<string, Promise<unknown>>();

  /** The run of `id` going on, if any. */
  pending(id: string): Promise<unknown> | undefined {
    return this.#running.get(id);
  }

  /** The run of `id` going on, or `run` started now and shared until it settles. */
  run<T>(id: string, run: () => T | Promise<T>): Promise<T> {
    const going = this.#running.get(id) as Promise<T> | undefined;
    if (going) return going;
    const started = Promise.resolve(run());
    this.#running.set(id, started);
    const done = () => {
      if (this.#running.get(id) === started) this.#running.delete(id);
    };
    started.then(done, done);
    return started;
  }
}
