import { createError } from '@framework/error-formatter'
import type { Core } from '../context/index.js'
import type { ConstraintStrategy } from '../contracts/transport.js'
import { describe } from '../util/index.js'

/** Constraints find-my-way knows without a strategy of their own. */
const builtinConstraints: ReadonlySet<string> = new Set(['version', 'host'])

/**
 * Checks a custom constraint strategy as find-my-way does: a name, `storage()` and
 * `deriveConstraint()`, and no other custom strategy of that name.
 *
 * @throws FRM_ERR_INVALID_OPTION naming what is missing, FRM_ERR_CONSTRAINT_STRATEGY_EXISTS for a
 * name taken
 */
export function assertConstraintStrategy(
  strategy: unknown,
  existing: ReadonlyMap<string, ConstraintStrategy>,
  option = 'constraints',
): asserts strategy is ConstraintStrategy {
  const value = strategy as Partial<ConstraintStrategy> | null
  let problem: string | undefined
  if (typeof value !== 'object' || value === null) {
    problem = `a strategy is an object { name, storage, deriveConstraint }, received ${describe(strategy)}`
  } else if (typeof value.name !== 'string' || value.name === '') {
    problem = 'strategy.name is required (the key routes use in their constraints option)'
  } else if (typeof value.storage !== 'function') {
    problem = `strategy.storage function is required (strategy '${value.name}')`
  } else if (typeof value.deriveConstraint !== 'function') {
    problem = `strategy.deriveConstraint function is required (strategy '${value.name}')`
  } else if (existing.has(value.name)) {
    throw asPlainError(createError('FRM_ERR_CONSTRAINT_STRATEGY_EXISTS', value.name))
  }
  if (problem !== undefined) throw createError('FRM_ERR_INVALID_OPTION', option, problem)
}

/**
 * A coded error named `Error`, as the find-my-way error Fastify lets through for a strategy
 * defined twice is (`String(error)` starts with `Error: `).
 */
function asPlainError<E extends Error>(error: E): E {
  Object.defineProperty(error, 'name', { value: 'Error', configurable: true, writable: true })
  return error
}

/** Whether some declared route uses the constraint `name`. */
function routesUse(core: Core, name: string): boolean {
  return core.routes.some(
    (record) => record.constraints !== undefined && Object.hasOwn(record.constraints, name),
  )
}

/**
 * Fastify's `hasConstraintStrategy(name)`: true for a custom strategy, and for the built-in
 * `version` and `host` once a route uses them.
 */
export function hasConstraintStrategy(core: Core, name: string): boolean {
  if (core.constraintStrategies.has(name)) return true
  return builtinConstraints.has(name) && routesUse(core, name)
}

/**
 * Fastify's `addConstraintStrategy(strategy)`: refused once a route already uses that constraint
 * (the routes were matched without it).
 *
 * @throws FRM_ERR_INVALID_OPTION for a malformed strategy, FRM_ERR_CONSTRAINT_STRATEGY_EXISTS for a
 * duplicate one, FRM_ERR_CONSTRAINT_IN_USE for one routes already use
 */
export function addConstraintStrategy(core: Core, strategy: unknown): void {
  assertConstraintStrategy(strategy, core.constraintStrategies, 'addConstraintStrategy')
  if (routesUse(core, strategy.name)) {
    throw asPlainError(createError('FRM_ERR_CONSTRAINT_IN_USE', strategy.name))
  }
  core.constraintStrategies.set(strategy.name, strategy)
}
