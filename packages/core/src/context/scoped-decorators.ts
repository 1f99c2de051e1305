import type { ContextState } from './context-state.js'

/** Whether `name` is a request (or reply) decorator visible in `state`. */
export function hasScopedDecorator(
  state: ContextState,
  kind: 'request' | 'reply',
  name: string | symbol,
): boolean {
  for (const scope of state.chain()) {
    const map = kind === 'request' ? scope.requestDecorators : scope.replyDecorators
    if (map.has(name)) return true
  }
  return false
}
