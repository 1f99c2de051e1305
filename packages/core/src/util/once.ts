/**
 * The `done` a callback-style hook gets. Such a hook may also return a promise (Fastify awaits it
 * too): whichever of the two settles first moves the list on, the other is ignored.
 */
export function once<A extends unknown[]>(step: (...args: A) => void): (...args: A) => void {
  let called = false
  return (...args) => {
    if (called) return
    called = true
    step(...args)
  }
}
