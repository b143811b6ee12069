/**
 * A long computation written as a generator that yields the share done
 * (0..1) now and then and returns its result: the CLI runs it at once, a
 * server runs it a slice at a time so other requests are served in between.
 */
export type Steps<R> = Generator<number, R, void>;

/** Run to the end without pausing. */
export function drain<R>(steps: Steps<R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Run a slice at a time, giving the event loop a turn between slices and reporting the share done. */
export async function drainAsync<R>(steps: Steps<R>, onProgress?: (done: number) => void): Promise<R> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The steps of one part of a larger whole: part `index` of `parts`, its shares scaled into the whole's. */
export function* partOf<R>(steps: Steps<R>, index: number, parts: number): Steps<R> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield (index + step.value) / parts;
  }
}
