/**
 * A value now, or a promise of it: what a step returns when it can often answer in the caller's turn (SQLite, a warm
 * cache, the local judge) and sometimes must wait (PostgreSQL, a miss, a remote judge).
 */
// Awaiting only when pending saves the promises `async` makes: with AsyncLocalStorage on (Next.js enables several)
// each runs the async hooks, and under load they were a twentieth of a pick-skill request's CPU.
export type MaybePromise<T> = T | Promise<T>;

/** Whether the value is still to come. */
export function isPending<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** `then` without a promise when the value is already here. */
export function thenMaybe<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPending(value) ? value.then(next) : next(value);
}
