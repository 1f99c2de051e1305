// The transport-neutral pieces of the node:http transport, for other transports
// (`@framework/fetch`): routing, the query and JSON parsers, the default content-type parsers and
// who the client is behind trusted proxies. Nothing here imports node:http or light-my-request.
export {
  buildDefaultContentTypeParsers,
  type ContentTypeParserEntry,
  defaultContentTypeParsers,
  textParser,
} from './content-type-parsers.js'
export { asyncConstraintError, failAsyncConstraint } from './internal/async-constraint-error.js'
export {
  compileTrust,
  describeClient,
  type TrustFunction,
  type TrustProxy,
} from './internal/client-info.js'
export { DeclaredRouter } from './internal/declared-router.js'
export {
  buildRouter,
  checkRoutePath,
  hasAsyncConstraints,
  type Router,
  type RouterOptions,
} from './internal/router.js'
export {
  buildJsonParser,
  type JsonParser,
  type JsonParserOptions,
  jsonParser,
  type PoisoningAction,
} from './json-parser.js'
export { parseQuery } from './parse-query.js'
