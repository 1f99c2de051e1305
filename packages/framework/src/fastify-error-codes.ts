import { codes, createError, type ErrorCode, FrameworkError } from '@framework/error-formatter'

/** Fastify's spelling of a catalogue code: `FRM_ERR_NOT_FOUND` → `FST_ERR_NOT_FOUND`. */
type FastifyCodeName<C extends string> = C extends `FRM_ERR_${infer Rest}`
  ? `FST_ERR_${Rest}`
  : never

/**
 * One code of `errorCodes`: called with or without `new`, it builds the framework's error of that
 * code (the catalogue's message and status code, `%s` filled by the arguments), and
 * `error instanceof` it is true for any `FrameworkError` of that code, wherever it was thrown.
 */
export interface FastifyErrorConstructor {
  (...args: unknown[]): FrameworkError
  new (...args: unknown[]): FrameworkError
  /** The framework's own code (`FRM_ERR_...`), which the errors it builds carry as `code`. */
  readonly code: ErrorCode
  readonly statusCode: number
}

export type FastifyErrorCodes = {
  readonly [C in ErrorCode as FastifyCodeName<C>]: FastifyErrorConstructor
} & {
  /** The same constructors under the framework's own spelling (not enumerated). */
  readonly [C in ErrorCode]: FastifyErrorConstructor
}

function constructorOf(code: ErrorCode): FastifyErrorConstructor {
  // A function declaration, not an arrow function: `new build()` must work, and it returns the
  // object `build` returns, so both call forms give the error.
  function build(...args: unknown[]): FrameworkError {
    return createError(code, ...args)
  }
  Object.defineProperties(build, {
    name: { value: code.replace(/^FRM_/, 'FST_') },
    code: { value: code, enumerable: true },
    statusCode: { value: codes[code].statusCode, enumerable: true },
    [Symbol.hasInstance]: {
      value: (value: unknown) => value instanceof FrameworkError && value.code === code,
    },
  })
  return build as FastifyErrorConstructor
}

/**
 * Fastify's `errorCodes`: the catalogue's codes under Fastify's names (`FST_ERR_` for `FRM_ERR_`),
 * for applications that test `error instanceof errorCodes.FST_ERR_BAD_STATUS_CODE` or build one
 * to compare. The errors themselves carry the framework's codes (`error.code` is `FRM_ERR_...`),
 * and each constructor is also reachable under that name (`errorCodes.FRM_ERR_NOT_FOUND`).
 *
 * @example
 * import { errorCodes } from 'framework'
 * try { app.addSchema(schema) } catch (error) {
 *   if (error instanceof errorCodes.FST_ERR_SCH_ALREADY_PRESENT) app.log.warn('schema already added')
 * }
 */
export const errorCodes: FastifyErrorCodes = Object.freeze(buildErrorCodes())

/**
 * Fastify's names enumerable; the framework's own names (`errorCodes.FRM_ERR_NOT_FOUND`, what code
 * written for Fastify reads once its `FST_ERR_` codes are renamed) as non-enumerable aliases.
 */
function buildErrorCodes(): FastifyErrorCodes {
  const table: Record<string, FastifyErrorConstructor> = {}
  for (const code of Object.keys(codes) as ErrorCode[]) {
    const build = constructorOf(code)
    table[code.replace(/^FRM_/, 'FST_')] = build
    Object.defineProperty(table, code, { value: build, enumerable: false })
  }
  return table as FastifyErrorCodes
}
