// Layer 1, util: small helpers with no framework concept (describe, media types, symbols, ticks).
// The entry for the layers above.
export { isAsyncFunction } from './async-function.js'
export { now } from './clock.js'
export { describe, isThenable } from './describe.js'
export { isHeaderName, isHeaderValue } from './header-rules.js'
export { isJsonEssence, mediaTypeEssence, normalizedContentType } from './media-type.js'
export { callBack, nextTurn } from './next-turn.js'
export { createNoopLogger } from './noop-logger.js'
export { joinPrefix, type PrefixTrailingSlash, routeUrls } from './prefix.js'
export { drawTree, type PrintNode } from './print-tree.js'
export {
  kContext,
  kDisplayName,
  kEndTime,
  kErrorIndex,
  kErrorStatus,
  kFastifyDisplayName,
  kFastifySkipOverride,
  kHeaders,
  kInOnError,
  kInSend,
  kPhase,
  kPluginMeta,
  kRequestHeaders,
  kRequestId,
  kRequestLog,
  kRequestSignal,
  kRoute,
  kSerializer,
  kSkipOverride,
  kStartTime,
  kStatus,
  kTimeoutTimer,
  kTrailers,
  Phase,
} from './symbols.js'
export { emitWarning } from './warning.js'
