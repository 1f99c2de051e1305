/**
 * The body of an error the framework answers by itself: `{ statusCode, error, message }`, plus
 * `code` when the error has one (a validation failure has none; a malformed JSON body has
 * `FRM_ERR_CTP_INVALID_JSON_BODY`).
 */
export interface FrameworkErrorBody<Status extends number = number, Text extends string = string> {
  statusCode: Status
  /** The status text, e.g. `Bad Request`. */
  error: Text
  message: string
  code?: string
}

/** 400: the request failed validation (params, body, querystring or headers), or its JSON is malformed. */
export type BadRequestBody = FrameworkErrorBody<400, 'Bad Request'>
/** 404: no route matched (`Route GET:/path not found`). */
export type NotFoundBody = FrameworkErrorBody<404, 'Not Found'>
/** 413: the body is larger than the body limit. */
export type PayloadTooLargeBody = FrameworkErrorBody<413, 'Payload Too Large'>
/** 415: a body the route cannot parse (not JSON on a route with a body schema, an unknown type or encoding). */
export type UnsupportedMediaTypeBody = FrameworkErrorBody<415, 'Unsupported Media Type'>
/** 500: an error without a usable status; never a stack trace. */
export type InternalServerErrorBody = FrameworkErrorBody<500, 'Internal Server Error'>
/** 503: a request that arrives while the server is closing. */
export type ServiceUnavailableBody = FrameworkErrorBody<503, 'Service Unavailable'>
