/** A JSON object (a schema or part of one). */
export type JsonObject = Record<string, unknown>

/** True for a plain object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One JSON pointer segment, escaped (`~0`, `~1`) and made safe for a URI fragment. */
export function pointerSegment(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'))
}

/** Where a component schema is: `#/components/schemas/<name>`. */
export function componentRef(name: string): string {
  return `#/components/schemas/${name}`
}
