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
  if (option === true) return fromPinoOptions({})
  if (isLogger(option)) return option
  // Some of a logger's methods but not all (`logger: console`): Fastify's error, naming the rest.
  const present = loggerMethods.filter((name) => typeof (option as any)[name] === 'function')
  if (present.length > 0) {
    const missing = loggerMethods.filter((name) => !present.includes(name))
    throw createError('FRM_ERR_LOG_INVALID_LOGGER', missing.join(','))
  }
  return fromPinoOptions(option)
}

/** The loggers built here from pino options: they carry Fastify's `req`, `res` and `err` serializers. */
const serializing = new WeakSet<object>()

/**
 * True when `logger` was built by the framework from the `logger` option, so it turns a request
 * (`{ req: request }`) and a reply (`{ res: reply }`) into Fastify's log fields; a logger given
 * ready-made gets plain objects instead.
 */
export function hasRequestSerializers(logger: FrameworkLogger): boolean {
  return serializing.has(logger)
}

/**
 * Fastify 5's serializers of a request and a reply in log lines (the application's own, given in
 * the `serializers` pino option, win), and pino's of an error.
 */
function defaultSerializers(): Record<string, (value: any) => unknown> {
  return {
    req: (request) => ({
      method: request.method,
      url: request.url,
      version: request.headers?.['accept-version'],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    res: (reply) => ({ statusCode: reply.statusCode }),
    err: (loadPino() as unknown as { stdSerializers: { err(error: unknown): unknown } })
      .stdSerializers.err,
  }
}

/**
 * pino from options, with Fastify's two extra keys: `stream` (where the lines go) or `file` (a
 * path they are appended to); both at once throw FRM_ERR_LOG_INVALID_DESTINATION.
 */
function fromPinoOptions(option: LoggerOptions): FrameworkLogger {
  const { stream, file, ...rest } = option as LoggerOptions & {
    stream?: NodeJS.WritableStream
    file?: string
  }
  if (stream !== undefined && file !== undefined) {
    throw createError('FRM_ERR_LOG_INVALID_DESTINATION')
  }
  const options = { ...rest, serializers: { ...defaultSerializers(), ...rest.serializers } }
  const create = loadPino()
  let logger: FrameworkLogger
  if (stream !== undefined) logger = create(options, stream as never) as unknown as FrameworkLogger
  else if (file !== undefined) {
    const destination = (create as unknown as { destination(path: string): never }).destination
    logger = create(options, destination(file)) as unknown as FrameworkLogger
  } else logger = create(options) as unknown as FrameworkLogger
  serializing.add(logger)
  return logger
}

/** True when `logger` writes nothing at any level. */
export function isSilent(logger: FrameworkLogger): boolean {
  return logger === silentLogger || logger.level === 'silent'
}

const loggerMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

/**
 * The instance logger from the factory options: Fastify 5's `loggerInstance` (a ready
 * pino-compatible logger, used as it is), else `logger` as Fastify 4.29 reads it (which still
 * takes a ready logger too). Both at once throws FRM_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED,
 * a `loggerInstance` lacking one of pino's methods FRM_ERR_LOG_INVALID_LOGGER_INSTANCE (Fastify 5's
 * codes).
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
    throw createError('FRM_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED')
  }
  const missing =
    typeof instance === 'object' || typeof instance === 'function'
      ? loggerMethods.filter((name) => typeof (instance as any)[name] !== 'function')
      : [...loggerMethods]
  if (missing.length > 0) {
    const error = createError('FRM_ERR_LOG_INVALID_LOGGER_INSTANCE')
    error.message += ` It lacks ${missing.join(', ')} (pino options go to 'logger').`
    throw error
  }
  return instance
}

function isLogger(value: object): value is FrameworkLogger {
  return loggerMethods.every((name) => typeof (value as any)[name] === 'function')
}
