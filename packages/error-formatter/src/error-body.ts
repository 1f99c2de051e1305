/**
 * The status texts of the codes an error body can carry. Kept here (not read from node:http) so
 * the package runs anywhere.
 */
const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
}

/** The JSON body of an error reply. */
export interface ErrorBody {
  statusCode: number
  /** The status text, e.g. `Bad Request`. */
  error: string
  message: string
  /** The error's code, when it has a string one. */
  code?: string
}

/**
 * The status text of an HTTP status code (`Bad Request` for 400), or a generic text for a code
 * without one (`Client Error` for 4xx, `Server Error` for 5xx).
 *
 * @example
 * statusText(404) // 'Not Found'
 */
export function statusText(statusCode: number): string {
  return statusTexts[statusCode] ?? (statusCode < 500 ? 'Client Error' : 'Server Error')
}

/**
 * The status an error answers with: its `statusCode` (or `status`) when that is an integer from
 * 400 to 599, otherwise 500.
 *
 * @example
 * errorStatusCode(Object.assign(new Error('x'), { statusCode: 302 })) // 500
 */
export function errorStatusCode(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500
  const candidate =
    (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status
  return typeof candidate === 'number' &&
    Number.isInteger(candidate) &&
    candidate >= 400 &&
    candidate <= 599
    ? candidate
    : 500
}

/**
 * The default body of an error reply: `{ statusCode, error, message }`, plus `code` when the error
 * has a string code. Never a stack trace. Serialize it with a JSON serializer, or take
 * {@link errorBodyJson} where there is only a message.
 *
 * @example
 * errorBody(new Error('boom'), 500) // { statusCode: 500, error: 'Internal Server Error', message: 'boom' }
 */
export function errorBody(error: unknown, statusCode: number): ErrorBody {
  const body: ErrorBody = {
    statusCode,
    error: statusText(statusCode),
    message: messageOf(error),
  }
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'string' && !isValidationFailure(error)) body.code = code
  return body
}

/**
 * `JSON.stringify(errorBody(message, statusCode))` for a bare message (no error, so no `code`),
 * without making the object: the text of the 400 a failed validation answers with, on a path
 * where the body is written for every bad request.
 *
 * @example
 * errorBodyJson('body/age must be integer', 400)
 * // '{"statusCode":400,"error":"Bad Request","message":"body/age must be integer"}'
 */
export function errorBodyJson(message: string, statusCode: number): string {
  return `${bodyStart(statusCode)}${JSON.stringify(message)}}`
}

/** The text of an error body before its message's value, by status (made once per status). */
const bodyStarts: Record<number, string> = {}

function bodyStart(statusCode: number): string {
  return (bodyStarts[statusCode] ??=
    `{"statusCode":${statusCode},"error":${JSON.stringify(statusText(statusCode))},"message":`)
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return String(error)
}

/** Validation failures answer with exactly statusCode, error and message (API.md). */
function isValidationFailure(error: unknown): boolean {
  return typeof (error as { validationContext?: unknown }).validationContext === 'string'
}
