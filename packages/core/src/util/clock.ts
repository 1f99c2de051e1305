/**
 * The global `performance`, read once. In Node it is an accessor (loaded lazily on first use)
 * whose getter runs on every read, a cost paid twice a request for `reply.elapsedTime`'s stamps.
 */
const clock: { now(): number } = globalThis.performance

/** Milliseconds on the monotonic clock (`performance.now()`): the stamps of `reply.elapsedTime`. */
export function now(): number {
  return clock.now()
}
