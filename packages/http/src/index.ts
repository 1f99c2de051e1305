export {
  buildDefaultContentTypeParsers,
  type ContentTypeParserEntry,
  defaultContentTypeParsers,
  textParser,
} from './content-type-parsers.js'
export {
  createHttpTransport,
  type HttpTransport,
  type HttpTransportOptions,
} from './http-transport.js'
export type { TrustFunction, TrustProxy } from './internal/client-info.js'
export {
  buildJsonParser,
  type JsonParser,
  type JsonParserOptions,
  jsonParser,
  type PoisoningAction,
} from './json-parser.js'
export { parseQuery } from './parse-query.js'
