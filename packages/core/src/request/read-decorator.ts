import { createError } from '@framework/error-formatter'

/**
 * Fastify 5's `getDecorator(name)` on a request, reply or instance: the member, a function bound
 * to its owner; FRM_ERR_DEC_UNDECLARED (naming `kind`) when there is no such member.
 *
 * @example
 * readDecorator(request, 'user', 'request') // request.user
 */
export function readDecorator(owner: object, name: string | symbol, kind: string): unknown {
  if (!(name in owner)) throw createError('FRM_ERR_DEC_UNDECLARED', String(name), kind)
  const value = (owner as Record<string | symbol, unknown>)[name]
  return typeof value === 'function' ? value.bind(owner) : value
}
