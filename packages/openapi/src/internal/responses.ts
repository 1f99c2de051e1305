import { STATUS_CODES } from 'node:http'
import { isObject } from './json.js'

const classDescriptions: Record<string, string> = {
  '1XX': 'Informational response',
  '2XX': 'Successful response',
  '3XX': 'Redirection',
  '4XX': 'Client error',
  '5XX': 'Server error',
}

/** The key of a response in OpenAPI: `2xx` → `2XX`, codes and `default` as they are. */
export function responseKey(key: string): string {
  return /^[1-5]xx$/i.test(key) ? key.toUpperCase() : key
}

/**
 * The description of a response: the schema's own `description`, else the status text
 * (`201` → `Created`, `2XX` → `Successful response`, `default` → `Default response`).
 */
export function responseDescription(key: string, schema: unknown): string {
  if (isObject(schema) && typeof schema.description === 'string') return schema.description
  if (key === 'default') return 'Default response'
  return classDescriptions[key] ?? STATUS_CODES[key] ?? `Status ${key}`
}

/** Names of the framework's own response components, in `components.responses`. */
export const frameworkResponses = {
  400: 'FrameworkBadRequest',
  413: 'FrameworkPayloadTooLarge',
  415: 'FrameworkUnsupportedMediaType',
} as const

const errorBody = (statusCode: number, error: string, withCode: boolean) => ({
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', const: statusCode },
    error: { type: 'string', const: error },
    message: { type: 'string' },
    ...(withCode ? { code: { type: 'string' } } : {}),
  },
})

/** The framework's error answers, as OpenAPI response objects. */
export function frameworkResponse(status: 400 | 413 | 415): Record<string, unknown> {
  const body =
    status === 400
      ? {
          schema: errorBody(400, 'Bad Request', false),
          example: {
            statusCode: 400,
            error: 'Bad Request',
            message: "body should have required property 'name'",
          },
        }
      : status === 413
        ? { schema: errorBody(413, 'Payload Too Large', true) }
        : { schema: errorBody(415, 'Unsupported Media Type', true) }
  const description =
    status === 400
      ? 'The request failed validation (params, body, querystring or headers)'
      : status === 413
        ? 'The request body is larger than the body limit'
        : 'The request body is not JSON (or has a Content-Encoding other than identity)'
  return { description, content: { 'application/json': body } }
}
