// Registered symbols (`Symbol.for`): the ESM and the CommonJS build of this package are two copies
// of the code, and an application may load both (`import 'framework'`, then a plugin that does
// `require('@framework/openapi')`). Keys from the global registry are the same in both copies, so
// each recognises the other's instances, requests and replies.

/** Where an instance keeps its context state (own property of every context object). */
export const kContext = Symbol.for('framework.context')
/** The route context of a request or reply. */
export const kRoute = Symbol.for('framework.route')
/** Lazily computed request id. */
export const kRequestId = Symbol.for('framework.request-id')
/** Lazily created request logger. */
export const kRequestLog = Symbol.for('framework.request-log')
/** Headers replaced by assignment to `request.headers`. */
export const kRequestHeaders = Symbol.for('framework.request-headers')
/** When the request's lifecycle started (`performance.now()`), for `reply.elapsedTime`. */
export const kStartTime = Symbol.for('framework.start-time')
/** When the reply was handed to the transport (`performance.now()`), 0 before. */
export const kEndTime = Symbol.for('framework.end-time')
/** The AbortController behind `request.signal`, once made (its first use, or `handlerTimeout`). */
export const kRequestSignal = Symbol.for('framework.request-signal')
/** The timer of a route's `handlerTimeout`, null once cleared (absent without one). */
export const kTimeoutTimer = Symbol.for('framework.timeout-timer')
/** Reply status code. */
export const kStatus = Symbol.for('framework.status')
/** Reply headers (lower-cased names). */
export const kHeaders = Symbol.for('framework.headers')
/** Reply phase: see `Phase`. */
export const kPhase = Symbol.for('framework.phase')
/** Serializer set with `reply.serializer(fn)`. */
export const kSerializer = Symbol.for('framework.serializer')
/** Index of the error handler handling this reply (-1: none yet). */
export const kErrorIndex = Symbol.for('framework.error-index')
/** True while the reply's onError hooks run: `reply.send()` throws then (Fastify). */
export const kInOnError = Symbol.for('framework.in-on-error')
/** True while the reply's `reply.send` runs, synchronously (see send.ts, `throwsOutOfSend`). */
export const kInSend = Symbol.for('framework.in-send')
/** The status the error handling gave the reply before calling an error handler (0: none yet). */
export const kErrorStatus = Symbol.for('framework.error-status')
/** Trailer functions set with `reply.trailer(name, fn)` by lower-cased name, or null. */
export const kTrailers = Symbol.for('framework.trailers')

/** Where a reply is in its life. */
export const Phase = {
  /** Nothing sent yet. */
  Open: 0,
  /** `send` was called: serialization and onSend hooks are running. */
  Sending: 1,
  /** Handed to the transport. */
  Written: 2,
  /** Handed over to another handle (`callNotFound`). */
  Handed: 3,
  /** Taken over by the caller (`reply.hijack()`): the framework writes nothing for it. */
  Hijacked: 4,
} as const

/** The marks framework-plugin puts on a plugin (the core never imports it). */
export const kSkipOverride = Symbol.for('framework.skip-override')
export const kDisplayName = Symbol.for('framework.display-name')
export const kPluginMeta = Symbol.for('plugin-meta')
/** The same marks as the real `fastify-plugin` writes them: they mean exactly the same. */
export const kFastifySkipOverride = Symbol.for('skip-override')
export const kFastifyDisplayName = Symbol.for('fastify.display-name')
