/**
 * A counting semaphore, first come, first served: at most `size` tasks run at once, the others wait their turn.
 * It bounds work that holds memory while it waits (a build awaiting its queries, a page being rendered), so that
 * a burst of requests cannot start all of it at the same time.
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
