import type { FrameworkError } from '@framework/error-formatter'

/**
 * The part of the framework's request that the plugin reads, and hands to `auth`. At run time it
 * is the framework's whole request object (with `body` not yet parsed: the check runs in
 * `onRequest`).
 *
 * @example
 * const auth = (key: string, request: BearerAuthRequest) =>
 *   request.headers['x-tenant'] === 'acme' && key === process.env.ACME_KEY
 */
export interface BearerAuthRequest {
  /** The request headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>
  method: string
  url: string
  id: string
}

/**
 * The part of the framework's reply that the plugin uses to answer 401.
 *
 * @example
 * const deny = (reply: BearerAuthReply) => reply.code(401).header('www-authenticate', 'Bearer').send({})
 */
export interface BearerAuthReply {
  code(statusCode: number): BearerAuthReply
  header(name: string, value: string): BearerAuthReply
  send(payload?: unknown): BearerAuthReply
}

/**
 * Checks a presented key against keys kept elsewhere (a database, a secrets service). Return
 * `true` (or a promise of `true`) to let the request through; any other value rejects it with
 * `FRM_ERR_BEARER_AUTH_INVALID`. A thrown error or rejected promise goes to the instance's error
 * handler like any hook error. Comparing in constant time is this function's own duty.
 *
 * @example
 * const auth: BearerAuthFunction = async (key) => (await db.apiKeys.findByDigest(sha256(key))) !== null
 */
export type BearerAuthFunction = (
  key: string,
  request: BearerAuthRequest,
) => boolean | Promise<boolean>

/**
 * Builds the body of the 401 reply from the coded error that explains it (`FRM_ERR_BEARER_AUTH_MISSING`
 * or `FRM_ERR_BEARER_AUTH_INVALID`, `statusCode` 401). The status and the `WWW-Authenticate` header
 * stay as the plugin sets them. May return a promise.
 *
 * @example
 * const errorResponse: BearerAuthErrorResponse = (error) => ({ ok: false, reason: error.code })
 */
export type BearerAuthErrorResponse = (error: FrameworkError) => unknown

/** What every form of the options shares. */
interface BearerAuthCommonOptions {
  /** Shapes the body of the 401 reply. Default: `{ statusCode: 401, error: 'Unauthorized', message }`. */
  errorResponse?: BearerAuthErrorResponse | undefined
}

/**
 * The options when the plugin holds the keys.
 *
 * @example
 * const options: BearerAuthKeysOptions = { keys: new Set(['k1', 'k2']) }
 */
export interface BearerAuthKeysOptions extends BearerAuthCommonOptions {
  /**
   * The accepted keys: a non-empty array or Set of non-empty strings of printable ASCII. Read once,
   * at registration; later changes to the array or Set have no effect.
   */
  keys: readonly string[] | ReadonlySet<string>
  auth?: undefined
}

/**
 * The options when the keys are kept elsewhere and `auth` decides.
 *
 * @example
 * const options: BearerAuthFunctionOptions = { auth: async (key) => keyStore.has(key) }
 */
export interface BearerAuthFunctionOptions extends BearerAuthCommonOptions {
  /** Decides instead of `keys`. Sync or async. */
  auth: BearerAuthFunction
  keys?: undefined
}

/**
 * Options of the bearer-auth plugin: exactly one of `keys` and `auth`, plus an optional
 * `errorResponse`.
 *
 * @example
 * app.register(bearerAuth, { keys: ['k1', 'k2'] })
 * app.register(bearerAuth, { auth: async (key) => keyStore.has(key) })
 */
export type BearerAuthOptions = BearerAuthKeysOptions | BearerAuthFunctionOptions
