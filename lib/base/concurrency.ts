/**
 * At most `limit` tasks in flight; the rest wait their turn. For fanning out
 * file-system calls (libuv's pool has 4 threads) without queuing thousands at
 * once or waiting on the slowest of fixed-size chunks.
 */
export function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** `fn` over `items`, at most `limit` at once; results in input order. */
export function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const run = limiter(limit);
  return Promise.all(items.map((item) => run(() => fn(item))));
}
