import { openapi } from './openapi.js'

export { buildDocument, type DocumentedRoute, type DocumentSettings } from './build-document.js'
export { openapi } from './openapi.js'
export type {
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiOptions,
  OpenApiServer,
  OpenApiTag,
} from './openapi-options.js'
export default openapi
