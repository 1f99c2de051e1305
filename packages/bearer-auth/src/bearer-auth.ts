import { createError, type FrameworkError } from '@framework/error-formatter'
import fp from 'framework-plugin'
import type {
  BearerAuthOptions,
  BearerAuthReply,
  BearerAuthRequest,
} from './bearer-auth-options.js'
import { checkOptions } from './internal/check-options.js'
import { createKeyMatcher } from './internal/key-matcher.js'
import { parseAuthorization } from './internal/parse-authorization.js'

/** The part of a framework instance (context) the plugin uses. */
export interface BearerAuthInstance {
  addHook(
    name: 'onRequest',
    hook: (request: BearerAuthRequest, reply: BearerAuthReply) => Promise<unknown>,
  ): unknown
}

const challenge = 'Bearer'
const invalidTokenChallenge = 'Bearer error="invalid_token"'

async function bearerAuthPlugin(
  instance: BearerAuthInstance,
  options: BearerAuthOptions,
): Promise<void> {
  const { keys, auth, errorResponse } = checkOptions(options)
  const matcher = keys === undefined ? undefined : createKeyMatcher(keys)
  const accepts = async (key: string, request: BearerAuthRequest): Promise<boolean> =>
    matcher === undefined ? (await auth!(key, request)) === true : matcher.matches(key)

  const deny = async (
    reply: BearerAuthReply,
    error: FrameworkError,
    header: string,
  ): Promise<BearerAuthReply> => {
    const body =
      errorResponse === undefined
        ? { statusCode: 401, error: 'Unauthorized', message: error.message }
        : await errorResponse(error)
    return reply.code(401).header('www-authenticate', header).send(body)
  }

  instance.addHook('onRequest', async (request, reply) => {
    const key = parseAuthorization(request.headers.authorization)
    if (key === undefined) {
      return deny(reply, createError('FRM_ERR_BEARER_AUTH_MISSING'), challenge)
    }
    if (!(await accepts(key, request))) {
      return deny(reply, createError('FRM_ERR_BEARER_AUTH_INVALID'), invalidTokenChallenge)
    }
  })
}

/**
 * The bearer-auth plugin of the specification's section 5. Registered in a context, it requires
 * `Authorization: Bearer <key>` on every route of that context and of its descendants (it is
 * wrapped with `framework-plugin`, so its `onRequest` hook lands in the registering context);
 * sibling and parent contexts are untouched. A missing or wrong key is answered 401 with
 * `WWW-Authenticate: Bearer` (plus `error="invalid_token"` for a wrong key) and
 * `{ statusCode: 401, error: 'Unauthorized', message }`, before the body is read or validated.
 *
 * Options: `keys` (a non-empty array or Set of strings, compared in constant time) or
 * `auth(key, request)` (sync or async, for keys kept elsewhere), and `errorResponse(error)` to
 * shape the 401 body. Bad options fail registration with `FRM_ERR_BEARER_AUTH_OPTIONS`.
 *
 * @example
 * import framework from 'framework'
 * import bearerAuth from '@framework/bearer-auth'
 *
 * const app = framework()
 * app.get('/health', async () => ({ ok: true })) // public
 * app.register(async (api) => {
 *   api.register(bearerAuth, { keys: [process.env.API_KEY!] })
 *   api.get('/me', async () => ({ user: 'ada' })) // needs the key
 * }, { prefix: '/api' })
 */
export const bearerAuth = fp(bearerAuthPlugin, { name: '@framework/bearer-auth' })
