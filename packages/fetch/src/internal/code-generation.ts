/**
 * Whether this host compiles code from strings (`new Function`) now. Workers allow it at global
 * scope and refuse it while handling a request: ask where it matters (the router is built by the
 * first request).
 */
export function canGenerateCode(): boolean {
  try {
    return new Function('return true')() === true
  } catch {
    return false
  }
}
