import { createError } from '@framework/error-formatter'
import { type OptionNotice, unknownOptionNotice } from './unknown-options.js'

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
  jsonShorthand: {
    action: 'warn',
    same: true,
    advice: 'the shorthand schema syntax is always on (full schemas are used as they are)',
  },
}

/**
 * Throws FRM_ERR_OPTION_NOT_SUPPORTED for the first Fastify 4 option whose absence would change
 * what the application does.
 *
 * @example
 * refuseUnsupported({ anOption: value }) // throws FRM_ERR_OPTION_NOT_SUPPORTED for an option listed 'refuse'
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
 * The notices for options that are ignored: Fastify 4 options set to something other than their
 * default (warn level, each time), and options neither Fastify 4 nor this framework knows (see
 * `unknownOptionNotice`: once per process, at warn level only when it looks like a typo).
 *
 * @example
 * optionNotices({ jsonShorthand: false, bodylimit: 5, databaseUrl: '...' }, knownOptions)
 * // [{ level: 'warn', message: "framework: option 'jsonShorthand' is a Fastify option ..." },
 * //  { level: 'warn', message: "framework: option 'bodylimit' is unknown and ignored: did you mean 'bodyLimit'?" },
 * //  { level: 'debug', message: "framework: option 'databaseUrl' is unknown and ignored" }]
 */
export function optionNotices(
  options: Record<string, unknown>,
  known: ReadonlySet<string>,
): OptionNotice[] {
  const notices: OptionNotice[] = []
  for (const name of Object.keys(options)) {
    if (known.has(name) || options[name] === undefined) continue
    const entry = unsupported[name]
    if (entry === undefined) {
      const notice = unknownOptionNotice(name, known)
      if (notice !== null) notices.push(notice)
    } else if (entry.action === 'warn' && !isDefault(entry, options[name])) {
      notices.push({
        level: 'warn',
        message: `framework: option '${name}' is a Fastify option the framework does not implement, ignored: ${entry.advice}`,
      })
    }
  }
  return notices
}

function isDefault(entry: Unsupported, value: unknown): boolean {
  return value === undefined || ('same' in entry && value === entry.same)
}
