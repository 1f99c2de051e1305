import type { FrameworkLogger, LoggerOption } from 'framework/assemble'

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const
type LevelName = keyof typeof LEVELS

/** An Error as pino's standard serializer writes it: type, message, stack, and its own fields. */
function serializeError(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: error.name,
    message: error.message,
    stack: error.stack,
  }
  for (const key of Object.keys(error))
    out[key] = (error as unknown as Record<string, unknown>)[key]
  return out
}

/** The fields of one log call's object: errors serialized, as pino does for `err`. */
function fieldsOf(value: unknown): Record<string, unknown> {
  if (value instanceof Error) return { err: serializeError(value) }
  if (typeof value !== 'object' || value === null) return {}
  const fields: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    fields[key] = inner instanceof Error ? serializeError(inner) : inner
  }
  return fields
}

/**
 * A logger with pino's surface and output (one JSON line per entry: `level` as pino's number,
 * `time`, the bindings, the fields, `msg`) written through the host's `console`: what
 * `logger: true` gives on a Fetch host, where pino's worker-thread transports and its file
 * destinations do not exist (Workers) and the console is what the platform collects.
 *
 * @example
 * const log = consoleLogger('info', {})
 * log.child({ reqId: 'req-1' }).info({ route: '/x' }, 'hello') // {"level":30,"time":...,"reqId":"req-1","route":"/x","msg":"hello"}
 */
export function consoleLogger(
  level: string,
  bindings: Record<string, unknown>,
  write: (line: string) => void = (line) => console.log(line),
): FrameworkLogger {
  const threshold =
    LEVELS[level as LevelName] ?? (level === 'silent' ? Number.POSITIVE_INFINITY : 30)
  const entry =
    (name: LevelName) =>
    (...args: unknown[]): void => {
      const number = LEVELS[name]
      if (number < threshold) return
      const [first, ...rest] = args
      const message =
        typeof first === 'string' ? first : rest.find((item) => typeof item === 'string')
      const fields = typeof first === 'string' ? {} : fieldsOf(first)
      const msg = message ?? (first instanceof Error ? first.message : undefined)
      write(
        JSON.stringify({
          level: number,
          time: Date.now(),
          ...bindings,
          ...fields,
          ...(msg === undefined ? {} : { msg }),
        }),
      )
    }
  return {
    level,
    trace: entry('trace'),
    debug: entry('debug'),
    info: entry('info'),
    warn: entry('warn'),
    error: entry('error'),
    fatal: entry('fatal'),
    child: (more) => consoleLogger(level, { ...bindings, ...more }, write),
  }
}

/**
 * The `logger` option on a Fetch host: `true` or options (`level`) give {@link consoleLogger}; a
 * logger object is used as it is; anything else (false, absent) is left to the default (silent).
 */
export function fetchLogger(option: LoggerOption | undefined): FrameworkLogger | undefined {
  if (option === true) return consoleLogger('info', {})
  if (typeof option !== 'object' || option === null) return undefined
  const candidate = option as Partial<FrameworkLogger>
  if (typeof candidate.info === 'function' && typeof candidate.child === 'function')
    return undefined
  const { level = 'info', base } = option as {
    level?: string
    base?: Record<string, unknown> | null
  }
  return consoleLogger(level, base ?? {})
}
