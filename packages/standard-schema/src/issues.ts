import type { StandardSchemaV1 } from '@standard-schema/spec'

/**
 * One Standard Schema issue as the framework reports it (in `error.validation`, to the schema
 * error formatter and to error handlers): where it is, as a JSON pointer into the validated part,
 * and what is wrong. Nothing else of the issue is kept, so the rejected input that some libraries
 * put into their issues never travels further.
 */
export interface StandardValidationError {
  /** JSON pointer to the failing value, e.g. `/items/0/name` (empty for the part itself). */
  instancePath: string
  /** The library's message, without the rejected value it may quote. */
  message: string
}

/**
 * The issues of a failed Standard Schema validation, as `{ instancePath, message }` each.
 *
 * @example
 * toValidationErrors([{ message: 'Invalid input: expected string, received number', path: ['items', 0, 'name'] }])
 * // [{ instancePath: '/items/0/name', message: 'Invalid input: expected string, received number' }]
 */
export function toValidationErrors(
  issues: ReadonlyArray<StandardSchemaV1.Issue>,
): StandardValidationError[] {
  const errors: StandardValidationError[] = []
  for (const issue of issues) {
    errors.push({ instancePath: pointerOf(issue.path), message: messageOf(issue) })
  }
  return errors
}

/**
 * The JSON pointer of an issue path: `['items', 0, { key: 'name' }]` → `/items/0/name`, with `~`
 * and `/` escaped as JSON pointers require.
 *
 * @example
 * pointerOf(['a/b', 1]) // '/a~1b/1'
 */
export function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path === null) return ''
  let pointer = ''
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment
    pointer += `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`
  }
  return pointer
}

/**
 * The issue's message without the rejected value. Libraries that quote the input do so in known
 * places, recognised by the issue's own fields (not by the library's name):
 * - `received` (Valibot): `Invalid type: Expected number but received "x"` → `Invalid type: Expected number`,
 *   `Invalid email: Received "x"` → `Invalid email`;
 * - `problem` + `actual` (ArkType): `must be a number (was "x")` → `must be a number` (the
 *   path that ArkType's `message` starts with, `propString`, is left out as well).
 */
function messageOf(issue: StandardSchemaV1.Issue): string {
  const fields = issue as unknown as Record<string, unknown>
  const { problem, actual, received, propString } = fields
  if (typeof problem === 'string' && typeof actual === 'string') {
    const text = withoutSuffix(problem, ` (was ${actual})`)
    return typeof propString === 'string' && propString !== ''
      ? withoutPrefix(text, `${propString} `)
      : text
  }
  const message = typeof issue.message === 'string' ? issue.message : 'is not valid'
  if (typeof received === 'string') {
    const cut = withoutSuffix(message, ` but received ${received}`)
    if (cut !== message) return cut
    return withoutSuffix(message, `: Received ${received}`)
  }
  return message
}

function withoutPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text
}

function withoutSuffix(text: string, suffix: string): string {
  return text.endsWith(suffix) ? text.slice(0, -suffix.length) : text
}
