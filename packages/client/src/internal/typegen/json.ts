/** A JSON object (a schema or part of one). */
export type JsonObject = Record<string, unknown>

/** True for a plain object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `'user#'` → `'user'`. */
export function normalizeId(id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id
}

/** The node a JSON pointer (`/properties/name`, `~0`/`~1` and %-escapes decoded) leads to, or undefined. */
export function atPointer(root: unknown, pointer: string): unknown {
  let node = root
  for (const raw of pointer.split('/').slice(1)) {
    const step = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node)) node = node[Number(step)]
    else if (isObject(node)) node = node[step]
    else return undefined
  }
  return node
}
