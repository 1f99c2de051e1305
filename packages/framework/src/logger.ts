import { createError } from '@framework/error-formatter'
import type { LoggerOptions } from 'pino'
import { loadPino } from './internal/load-pino.js'

/** The logger surface the framework uses: pino's. */
export interface FrameworkLogger {
  level: string
  fatal(...args: unknown[]): void
  error(...args: unknown[]): void
  warn(...args: unknown[]): void
  info(...args: unknown[]): void
  debug(...args: unknown[]): void
  trace(...args: unknown[]): void
  child(bindings: Record<string, unknown>): FrameworkLogger
}

/** The `logger` factory option: off, on (pino at `info`), pino options, or a ready logger. */
export type LoggerOption = boolean | LoggerOptions | FrameworkLogger

function noop(): void {}

/** A logger that drops everything; `child()` returns itself, so disabled logging allocates nothing. */
const silentLogger: FrameworkLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  child: () => silentLogger,
}

/**
 * Builds the instance logger from the `logger` option: `false`/absent → silent, `true` → pino at
 * `info`, an options object → `pino(options)` (writing to its `stream` or `file` when given, as in
 * Fastify), an object with pino's methods → used as it is.
 *
 * @example
 * createLogger({ level: 'warn' }).warn('only warnings and worse')
 */
export function createLogger(option: LoggerOption | undefined): FrameworkLogger {
  if (option === undefined || option === false) return silentLogger
  if (option === true) return loadPino()() as unknown as FrameworkLogger
  if (isLogger(option)) return option
  return fromPinoOptions(option)
}

/**
 * pino from options, with Fastify's two extra keys: `stream` (where the lines go) and `file` (a
 * path they are appended to).
 */
function fromPinoOptions(option: LoggerOptions): FrameworkLogger {
  const { stream, file, ...options } = option as LoggerOptions & {
    stream?: NodeJS.WritableStream
    file?: string
  }
  const create = loadPino()
  if (stream !== undefined) return create(options, stream as never) as unknown as FrameworkLogger
  if (file !== undefined) {
    const destination = (create as unknown as { destination(path: string): never }).destination
    return create(options, destination(file)) as unknown as FrameworkLogger
  }
  return create(options) as unknown as FrameworkLogger
}

/** True when `logger` writes nothing at any level. */
export function isSilent(logger: FrameworkLogger): boolean {
  return logger === silentLogger || logger.level === 'silent'
}

const loggerMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

/**
 * The instance logger from the factory options: Fastify 5's `loggerInstance` (a ready
 * pino-compatible logger, used as it is), else `logger` as Fastify 4.29 reads it (which still
 * takes a ready logger too). Both at once, or a `loggerInstance` lacking one of pino's methods,
 * throws FRM_ERR_INVALID_OPTION.
 *
 * @example
 * loggerFromOptions({ loggerInstance: pino({ level: 'debug' }) }) // that pino instance
 */
export function loggerFromOptions(options: {
  logger?: LoggerOption
  loggerInstance?: FrameworkLogger
}): FrameworkLogger {
  const instance = options.loggerInstance
  if (instance === undefined || instance === null) return createLogger(options.logger)
  if (options.logger !== undefined && options.logger !== false) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'loggerInstance',
      "give 'logger' (true or pino options) or 'loggerInstance' (a logger), not both",
    )
  }
  const missing =
    typeof instance === 'object' || typeof instance === 'function'
      ? loggerMethods.filter((name) => typeof (instance as any)[name] !== 'function')
      : [...loggerMethods]
  if (missing.length > 0) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'loggerInstance',
      `expected a pino-compatible logger; it lacks ${missing.join(', ')} (for pino options use 'logger')`,
    )
  }
  return instance
}

function isLogger(value: object): value is FrameworkLogger {
  const candidate = value as Partial<FrameworkLogger>
  return typeof candidate.info === 'function' && typeof candidate.child === 'function'
}
