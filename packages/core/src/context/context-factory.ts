import type { Instance } from '../types/instance.js'
import { joinPrefix } from '../util/index.js'
import { ContextState } from './context-state.js'
import { childBucket } from './schema-controller.js'

/**
 * Opens a child context: its instance inherits from the parent's instance (so it sees the parent's
 * decorators, and the parent never sees its own), with its own state and schema scope.
 */
export function createChildContext(
  parent: ContextState,
  name: string,
  prefix: unknown,
  chainName: string = name,
): ContextState {
  const instance = Object.create(parent.instance) as Instance
  const state = new ContextState(
    parent.core,
    parent,
    instance,
    name,
    joinPrefix(parent.prefix, prefix),
    parent.registry.child(),
  )
  state.prefixSlash = endsWithSlash(prefix) ? true : prefixless(prefix) && parent.prefixSlash
  state.pluginNames.push(chainName)
  state.bucket = childBucket(parent)
  return state
}

/** A prefix option that ends with `/` (`'/v1/'`), the root prefix `'/'` aside. */
function endsWithSlash(prefix: unknown): boolean {
  return typeof prefix === 'string' && prefix.length > 1 && prefix.endsWith('/')
}

/** A prefix option that adds nothing (none, `''` or `'/'`): the parent's trailing slash holds. */
function prefixless(prefix: unknown): boolean {
  return prefix === undefined || prefix === null || prefix === '' || prefix === '/'
}
