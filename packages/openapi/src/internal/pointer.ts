import { isObject, type JsonObject, pointerSegment } from './json.js'
import { hasResourceId } from './shared-scope.js'

const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'example'])

/** Decodes the segments of a JSON pointer written in a URI fragment (`/a~1b/c%20d` → `['a/b', 'c d']`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => safeDecode(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The value at `pointer` inside `root`, or undefined. */
export function atPointer(root: unknown, pointer: string): unknown {
  let node = root
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)]
    else if (isObject(node)) node = node[segment]
    else return undefined
  }
  return node
}

/**
 * The JSON pointer (as a URI fragment) of the subschema of `root` that carries the anchor `name`
 * (Draft 7 `$id: '#name'` or 2020-12 `$anchor: 'name'`), or undefined.
 */
export function anchorPointer(root: JsonObject, name: string): string | undefined {
  const search = (node: unknown, path: string, top: boolean): string | undefined => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = search(node[i], `${path}/${i}`, false)
        if (found !== undefined) return found
      }
      return undefined
    }
    if (!isObject(node) || (!top && hasResourceId(node))) return undefined
    if (node.$id === `#${name}` || node.$anchor === name) return path
    for (const key of Object.keys(node)) {
      if (dataKeywords.has(key)) continue
      const found = search(node[key], `${path}/${pointerSegment(key)}`, false)
      if (found !== undefined) return found
    }
    return undefined
  }
  return search(root, '', true)
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
