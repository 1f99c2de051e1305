export {
  type ContentTypeParserEntry,
  defaultContentTypeParsers,
  textParser,
} from './content-type-parsers.js'
export {
  createHttpTransport,
  type HttpTransport,
  type HttpTransportOptions,
} from './http-transport.js'
export { jsonParser } from './json-parser.js'
export { parseQuery } from './parse-query.js'
