import { createError } from '@framework/error-formatter'

/**
 * Factory options of Fastify 4 that this framework does not implement, and what happens to each.
 * A Fastify 4 application keeps running where ignoring the option changes nothing that matters, and
 * fails at start-up where it would (a TLS server served as plain HTTP, a query parser never called).
 * An option set to the value this framework behaves as (Fastify's default, mostly) is accepted
 * silently: ignoring it changes nothing.
 */
interface Unsupported {
  /** `refuse`: throws FRM_ERR_OPTION_NOT_SUPPORTED; `warn`: ignored, with a warning. */
  action: 'refuse' | 'warn'
  /** The value whose behaviour this framework has (Fastify's default, mostly): accepted silently. */
  same?: unknown
  /** What to do instead, or why ignoring it is harmless. */
  advice: string
}

const unsupported: Record<string, Unsupported> = {
  http: {
    action: 'refuse',
    same: null,
    advice: 'node:http server options are not passed through',
  },
  frameworkErrors: { action: 'refuse', advice: 'use setErrorHandler()' },
  jsonShorthand: {
    action: 'warn',
    same: true,
    advice: 'the shorthand schema syntax is always on (full schemas are used as they are)',
  },
  ignoreDuplicateSlashes: {
    action: 'warn',
    same: false,
    advice: 'duplicate slashes are never merged',
  },
  maxRequestsPerSocket: {
    action: 'warn',
    same: 0,
    advice: 'keep-alive connections serve any number of requests',
  },
  requestIdLogLabel: {
    action: 'warn',
    same: 'reqId',
    advice: "the request id is logged as 'reqId'",
  },
  allowUnsafeRegex: {
    action: 'warn',
    same: false,
    advice: 'route RegExps are left to find-my-way',
  },
  useSemicolonDelimiter: {
    action: 'warn',
    same: false,
    advice: "';' is part of the path, never a query delimiter",
  },
}

/**
 * Throws FRM_ERR_OPTION_NOT_SUPPORTED for the first Fastify 4 option whose absence would change
 * what the application does.
 *
 * @example
 * refuseUnsupported({ frameworkErrors: fn }) // throws: Option 'frameworkErrors' is a Fastify option ...
 */
export function refuseUnsupported(options: Record<string, unknown>): void {
  for (const name of Object.keys(options)) {
    const entry = unsupported[name]
    if (entry?.action === 'refuse' && !isDefault(entry, options[name])) {
      throw createError('FRM_ERR_OPTION_NOT_SUPPORTED', name, entry.advice)
    }
  }
}

/**
 * The warnings for options that are ignored: Fastify 4 options set to something other than their
 * default, and options neither Fastify 4 nor this framework knows (a typo, most likely).
 *
 * @example
 * optionWarnings({ maxRequestsPerSocket: 10, bodylimit: 5 }, new Set(['bodyLimit']))
 * // ["Option 'maxRequestsPerSocket' is ignored: ...", "Option 'bodylimit' is unknown and ignored"]
 */
export function optionWarnings(
  options: Record<string, unknown>,
  known: ReadonlySet<string>,
): string[] {
  const warnings: string[] = []
  for (const name of Object.keys(options)) {
    if (known.has(name) || options[name] === undefined) continue
    const entry = unsupported[name]
    if (entry === undefined) {
      warnings.push(`framework: option '${name}' is unknown and ignored`)
    } else if (entry.action === 'warn' && !isDefault(entry, options[name])) {
      warnings.push(
        `framework: option '${name}' is a Fastify option the framework does not implement, ignored: ${entry.advice}`,
      )
    }
  }
  return warnings
}

function isDefault(entry: Unsupported, value: unknown): boolean {
  return value === undefined || ('same' in entry && value === entry.same)
}
