import { codes } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import type { QueryObject, RawRequest, RouteParams } from '../contracts/transport.js'
import type { FrameworkReply } from '../types/reply.js'
import type { FrameworkRequest } from '../types/request.js'
import { kPhase, kRoute, Phase } from '../util/index.js'
import { continueInNotFound, runHooklessRoute } from './lifecycle.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'
import { writeJsonText } from './send.js'

/** The path of a URL, without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/** FRM_ERR_NOT_FOUND's message around its two `%s` (method, path), split once. */
const [beforeMethod = '', beforePath = '', afterPath = ''] =
  codes.FRM_ERR_NOT_FOUND.message.split('%s')

/**
 * The default not-found body (FRM_ERR_NOT_FOUND's message, without a code, like the established
 * frameworks), its keys in Fastify's order (message, error, statusCode): tests compare the text.
 */
export function notFoundBody(method: string, path: string) {
  return {
    message: beforeMethod + method + beforePath + path + afterPath,
    error: 'Not Found',
    statusCode: 404,
  }
}

/** `JSON.stringify(notFoundBody(method, path))`, without making the object. */
export function notFoundJson(method: string, path: string): string {
  const message = JSON.stringify(beforeMethod + method + beforePath + path + afterPath)
  return `{"message":${message},"error":"Not Found","statusCode":404}`
}

/**
 * The built-in 404 of a not-found context without hooks (the route table picks it at ready): the
 * answer of the lifecycle and `defaultNotFoundHandler` (`reply.code(404).send(body)`), written at
 * once. Without a hook or a handler of the application's, nothing can see a request or a reply
 * object, so none is made. A request of a method that carries a body takes the whole path (its
 * parser may answer first).
 */
export function answerNotFound(
  rc: RouteContext,
  raw: RawRequest,
  res: unknown,
  params: RouteParams,
  query: QueryObject,
): void {
  const method = raw.method ?? 'GET'
  if (rc.core.bodyMethods.has(method)) {
    runHooklessRoute(rc, raw, res, params, query)
    return
  }
  writeJsonText(rc, raw, res, 404, notFoundJson(method, pathOf(raw.url ?? '/')))
}

/** The not-found handler of a context that set none: 404 `Route GET:/path not found`. */
export function defaultNotFoundHandler(request: FrameworkRequest, reply: FrameworkReply): void {
  reply.code(404).send(notFoundBody(request.method, pathOf(request.url)))
}

/** The default not-found handler with `logNotFound`: the message is logged at `info` too. */
export function loggingNotFoundHandler(request: FrameworkRequest, reply: FrameworkReply): void {
  const body = notFoundBody(request.method, pathOf(request.url))
  const decide = (request as unknown as Request)[kRoute].core.logNotFound
  if (typeof decide !== 'function' || decide(request)) request.log.info(body.message)
  reply.code(404).send(body)
}

/** Whether `path` lies under `prefix` (at a segment boundary). */
export function underPrefix(path: string, prefix: string): boolean {
  return (
    prefix === '' ||
    path === prefix ||
    (path.startsWith(prefix) && (path[prefix.length] === '/' || prefix.endsWith('/')))
  )
}

/** The not-found route context that serves `path`. */
export function notFoundFor(rc: RouteContext, path: string): RouteContext {
  for (const entry of rc.core.notFound) {
    if (underPrefix(path, entry.prefix)) return entry.rc
  }
  return rc.core.notFound[rc.core.notFound.length - 1]!.rc
}

/**
 * `reply.callNotFound()`: hands the request to the not-found handler that serves its URL, which
 * runs its preHandler hooks and handler on this very request and reply (the body is not read
 * again; the request keeps its id and logger).
 */
export function callNotFound(reply: Reply): void {
  const rc = reply[kRoute]
  const request = reply.request
  if (rc.notFound) {
    // Already in a not-found handler: a basic 404 rather than a loop, with Fastify 5's warning.
    request.log.warn(
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
    )
    reply.code(404).send('404 Not Found')
    return
  }
  if (reply[kPhase] !== Phase.Open) {
    reply.send()
    return
  }
  continueInNotFound(reply, notFoundFor(rc, pathOf(request.url)))
}
