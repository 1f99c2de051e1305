import { type CatalogueEntry, codes, type ErrorCode } from './codes.js'

/** Marks the prototypes of the framework's error classes (see `FrameworkError`'s `instanceof`). */
const kFrameworkError = Symbol.for('framework.error')

/**
 * An error the framework throws on purpose: it has a stable `code` from the catalogue and the
 * `statusCode` a client receives if it reaches the default error handler.
 *
 * @example
 * try { app.addSchema({}) } catch (err) {
 *   if (err instanceof FrameworkError && err.code === 'FRM_ERR_SCH_MISSING_ID') { ... }
 * }
 */
export class FrameworkError extends Error {
  readonly code: ErrorCode
  statusCode: number

  constructor(code: ErrorCode, message: string, statusCode: number, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.statusCode = statusCode
  }

  override get name(): string {
    return 'FrameworkError'
  }

  /**
   * `err instanceof FrameworkError` holds for every coded error, those that are also a TypeError
   * or a RangeError (their catalogue `base`) included. A subclass keeps the ordinary check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was asked about
    if (this !== FrameworkError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[kFrameworkError] === true
    )
  }
}

/**
 * A coded error class that is also a `Base` (a TypeError or a RangeError, as Fastify's error of
 * the same code is), named `FrameworkError` and matched by `instanceof FrameworkError`.
 */
function codedErrorOf(Base: TypeErrorConstructor | RangeErrorConstructor) {
  return class extends Base {
    readonly code: ErrorCode
    statusCode: number

    constructor(
      code: ErrorCode,
      message: string,
      statusCode: number,
      options?: { cause?: unknown },
    ) {
      super(message, options)
      this.code = code
      this.statusCode = statusCode
    }

    // No `override`: TypeScript does not see a base class behind a union of constructors.
    get name(): string {
      return 'FrameworkError'
    }
  }
}

const classes = {
  Error: FrameworkError,
  TypeError: codedErrorOf(TypeError),
  RangeError: codedErrorOf(RangeError),
} as const

for (const ErrorClass of Object.values(classes)) {
  Object.defineProperty(ErrorClass.prototype, kFrameworkError, { value: true })
}

/**
 * Builds the coded error `code`, filling the `%s` placeholders of its message with `args`, in order.
 * A trailing `{ cause }` object among `args` is not a placeholder value: it becomes the error's cause.
 *
 * @example
 * throw createError('FRM_ERR_NOT_FOUND', 'GET', '/missing') // message: "Route GET:/missing not found"
 */
export function createError(code: ErrorCode, ...args: unknown[]): FrameworkError {
  const entry: CatalogueEntry = codes[code]
  let options: { cause?: unknown } | undefined
  const last = args[args.length - 1]
  if (isCauseHolder(last)) {
    options = { cause: last.cause }
    args = args.slice(0, -1)
  }
  let index = 0
  const message = entry.message.replace(/%s/g, () => describe(args[index++]))
  const ErrorClass = classes[entry.base ?? 'Error']
  return new ErrorClass(code, message, entry.statusCode, options) as FrameworkError
}

function isCauseHolder(value: unknown): value is { cause: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).length === 1 &&
    'cause' in value
  )
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Error) return value.message
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`
  if (value === undefined) return 'undefined'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
