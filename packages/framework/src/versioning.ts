import type { ConstraintStrategy } from '@framework/core'
import { createError } from '@framework/error-formatter'

/** Fastify 4's deprecated `versioning` option: a store and a way to read a request's version. */
export interface VersioningOption {
  storage: ConstraintStrategy['storage']
  deriveVersion: (req: import('node:http').IncomingMessage, ctx?: unknown) => unknown
}

/**
 * The `constraints` a factory gets from its `constraints` and `versioning` options: `versioning`
 * becomes the `version` strategy, as Fastify 4 turns it into one (string versions only, a derived
 * version must match): a route whose version is not a string is refused where it is declared, with
 * FRM_ERR_VERSION_CONSTRAINT_NOT_STR.
 *
 * @throws FRM_ERR_INVALID_OPTION when `versioning` lacks `storage` or `deriveVersion`
 */
export function constraintsOf(
  constraints: Record<string, ConstraintStrategy> | undefined,
  versioning: VersioningOption | undefined,
): Record<string, ConstraintStrategy> | undefined {
  if (versioning === undefined) return constraints
  if (
    typeof versioning !== 'object' ||
    versioning === null ||
    typeof versioning.storage !== 'function' ||
    typeof versioning.deriveVersion !== 'function'
  ) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'versioning',
      'expected { storage(), deriveVersion(req, ctx) } (or use constraints: { version: strategy })',
    )
  }
  const version: ConstraintStrategy = {
    name: 'version',
    mustMatchWhenDerived: true,
    storage: versioning.storage,
    deriveConstraint: versioning.deriveVersion as ConstraintStrategy['deriveConstraint'],
    validate(value: unknown) {
      if (typeof value !== 'string') throw createError('FRM_ERR_VERSION_CONSTRAINT_NOT_STR')
    },
  }
  return { ...constraints, version }
}
