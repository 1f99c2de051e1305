import { createError } from '@framework/error-formatter'
import {
  assertDependencies,
  assertNotReference,
  type ContextState,
  defineDecorator,
  hasScopedDecorator,
  stateOf,
  toDecoratorSpec,
} from '../context/index.js'
import {
  readDecorator,
  replyBuiltins,
  replyMembers,
  requestBuiltins,
  requestMembers,
} from '../request/index.js'
import type { Instance } from '../types/instance.js'
import { describe } from '../util/index.js'
import { assertDecoratorNotStarted } from './assert.js'

function assertName(name: unknown): asserts name is string | symbol {
  if ((typeof name !== 'string' || name === '') && typeof name !== 'symbol') {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'decorator name',
      `use a non-empty string or a symbol, received ${describe(name)}`,
    )
  }
}

/** Whether `name` is part of the instance surface (on the prototype every root inherits from). */
function isBuiltin(instance: Instance, name: string | symbol): boolean {
  let surface: object = instance
  for (let next = Object.getPrototypeOf(surface); next !== Object.prototype; ) {
    surface = next
    next = Object.getPrototypeOf(surface)
  }
  return name in surface || name === 'log'
}

function decorateScoped(
  instance: Instance,
  kind: 'request' | 'reply',
  name: unknown,
  value: unknown,
  dependencies: unknown,
): Instance {
  const state: ContextState = stateOf(instance)
  assertDecoratorNotStarted(state, name as string | symbol, false)
  assertName(name)
  const builtins = kind === 'request' ? requestBuiltins : replyBuiltins
  // A child context may shadow an ancestor's decorator; only this context's own are taken.
  const own = kind === 'request' ? state.requestDecorators : state.replyDecorators
  if (builtins.has(name) || own.has(name)) {
    throw createError('FRM_ERR_DEC_ALREADY_PRESENT', String(name))
  }
  const members = kind === 'request' ? requestMembers : replyMembers
  assertDependencies(
    name,
    dependencies,
    (dependency) => members.has(dependency) || hasScopedDecorator(state, kind, dependency),
  )
  const spec = toDecoratorSpec(name, value)
  assertNotReference(name, spec)
  ;(kind === 'request' ? state.requestDecorators : state.replyDecorators).set(name, spec)
  return instance
}

export const decoratorMethods = {
  decorate(
    this: Instance,
    name: string | symbol,
    value: unknown,
    dependencies?: readonly string[],
  ): Instance {
    assertDecoratorNotStarted(stateOf(this), name, true)
    assertName(name)
    // A child context may shadow an ancestor's decorator; the instance surface stays reserved.
    if (Object.hasOwn(this, name) || isBuiltin(this, name)) {
      throw createError('FRM_ERR_DEC_ALREADY_PRESENT', String(name))
    }
    assertDependencies(name, dependencies, (dependency) => dependency in this)
    defineDecorator(this, name, toDecoratorSpec(name, value))
    return this
  },

  decorateRequest(
    this: Instance,
    name: string | symbol,
    value: unknown,
    dependencies?: readonly string[],
  ): Instance {
    return decorateScoped(this, 'request', name, value, dependencies)
  },

  decorateReply(
    this: Instance,
    name: string | symbol,
    value: unknown,
    dependencies?: readonly string[],
  ): Instance {
    return decorateScoped(this, 'reply', name, value, dependencies)
  },

  hasDecorator(this: Instance, name: string | symbol): boolean {
    return name in this
  },

  /** True for a request decorator visible here, and (as in Fastify) for a built-in member. */
  hasRequestDecorator(this: Instance, name: string | symbol): boolean {
    return requestMembers.has(name) || hasScopedDecorator(stateOf(this), 'request', name)
  },

  /** True for a reply decorator visible here, and (as in Fastify) for a built-in member. */
  hasReplyDecorator(this: Instance, name: string | symbol): boolean {
    return replyMembers.has(name) || hasScopedDecorator(stateOf(this), 'reply', name)
  },

  /**
   * Fastify 5's `getDecorator(name)`: the instance member (a function comes bound to the
   * instance); FRM_ERR_DEC_UNDECLARED when there is none.
   *
   * @example
   * const db = app.getDecorator<Database>('db')
   */
  getDecorator<T = unknown>(this: Instance, name: string | symbol): T {
    return readDecorator(this, name, 'instance') as T
  },
}
