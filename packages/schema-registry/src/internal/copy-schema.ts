import { createError } from '@framework/error-formatter'
import type { JsonSchema } from '../json-schema.js'
import { describeWhere } from './assert-resolvable.js'
import { pointerOf } from './json-pointer.js'
import { hasResourceId, type RefLocator } from './ref-locator.js'
import { isObject, keywordKind } from './subschemas.js'

/**
 * Shared schemas are served to json-schema-ref-parser under `framework-schema://shared/<n>`: a
 * number rather than the `$id`, which URL normalization could change (`..`, `./a`).
 */
const SHARED_URL_PREFIX = 'framework-schema://shared/'

/**
 * The key a `$ref` found inside data (a `default`, an `example`) is parked under while
 * json-schema-ref-parser works, so it is not taken for a reference. Restored afterwards.
 */
export const PARKED_REF_KEY = '$ref\u0000data'

interface Scope {
  /** The schema resource references resolve in. */
  base: Record<string, unknown>
  /** JSON pointer segments from the document root to `base`. */
  basePath: readonly string[]
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else {
    target[key] = value
  }
}

/** A deep copy of plain objects and arrays (other values are kept) with data `$ref`s parked. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData)
  if (!isObject(value)) return value
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    setOwn(copy, key === '$ref' ? PARKED_REF_KEY : key, copyData(value[key]))
  }
  return copy
}

/**
 * Copies a schema and the shared schemas it reaches into documents json-schema-ref-parser
 * understands without help: every `$ref` becomes a JSON pointer, either into the same document
 * (`#/definitions/x`) or into a shared one (`framework-schema://shared/0#/definitions/x`).
 * Anchors (`#foo`, `id#foo`) become the pointer of the object they mark; `$id` and `$anchor` are
 * dropped, since nothing refers to them any more. The sources are never changed.
 */
export class SchemaCopier {
  /** URL (no fragment) → copied shared schema, for the resolver to serve. */
  readonly documents = new Map<string, JsonSchema>()
  readonly #locator: RefLocator
  readonly #where: string | undefined
  readonly #pending: Array<{ id: string; url: string; document: JsonSchema }> = []
  /** Shared `$id` → the URL it is served under. */
  readonly #urls = new Map<string, string>()

  constructor(locator: RefLocator, where: string | undefined) {
    this.#locator = locator
    this.#where = where
  }

  /** Copies `root` and, transitively, every shared schema it refers to. */
  copy(root: Record<string, unknown>): Record<string, unknown> {
    const copied = this.#copySchema(root, [], { base: root, basePath: [] }, undefined, new Set())
    for (let next = this.#pending.shift(); next; next = this.#pending.shift()) {
      const { id, url, document } = next
      const copy = isObject(document)
        ? this.#copySchema(document, [], { base: document, basePath: [] }, id, new Set())
        : document
      this.documents.set(url, copy)
    }
    return copied
  }

  #copySchema(
    node: Record<string, unknown>,
    path: readonly string[],
    inherited: Scope,
    sharedId: string | undefined,
    ancestors: Set<object>,
  ): Record<string, unknown> {
    if (ancestors.has(node)) {
      throw createError(
        'FRM_ERR_SCHEMA_INVALID',
        `${describeWhere(this.#where, sharedId)} contains itself at '#${pointerOf(path)}' (a circular object): write a $ref instead`,
      )
    }
    ancestors.add(node)
    const scope =
      path.length > 0 && hasResourceId(node) ? { base: node, basePath: path } : inherited
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(node)) {
      const value = node[key]
      if (typeof value === 'string' && (key === '$id' || key === '$anchor')) continue
      if (key === '$ref' && typeof value === 'string') {
        copy.$ref = this.#rewrite(value, scope, sharedId)
        continue
      }
      const kind = keywordKind(key)
      const child = (item: unknown, segments: string[]): unknown =>
        isObject(item) && kind !== 'data'
          ? this.#copySchema(item, [...path, ...segments], scope, sharedId, ancestors)
          : copyData(item)
      if (Array.isArray(value)) {
        setOwn(
          copy,
          key,
          value.map((item, index) => child(item, [key, String(index)])),
        )
      } else if (isObject(value) && kind === 'map') {
        const entries: Record<string, unknown> = {}
        for (const name of Object.keys(value))
          setOwn(entries, name, child(value[name], [key, name]))
        setOwn(copy, key, entries)
      } else {
        setOwn(copy, key, child(value, [key]))
      }
    }
    ancestors.delete(node)
    return copy
  }

  #rewrite(ref: string, scope: Scope, sharedId: string | undefined): string {
    const target = this.#locator.locate(ref, scope.base)
    if (target === undefined) {
      throw createError('FRM_ERR_SCHEMA_REF_NOT_FOUND', ref, describeWhere(this.#where, sharedId))
    }
    if (target.sharedId === undefined) return `#${pointerOf([...scope.basePath, ...target.path])}`
    if (target.sharedId === sharedId) return `#${pointerOf(target.path)}`
    let url = this.#urls.get(target.sharedId)
    if (url === undefined) {
      url = `${SHARED_URL_PREFIX}${this.#urls.size}`
      this.#urls.set(target.sharedId, url)
      this.#pending.push({ id: target.sharedId, url, document: target.document })
    }
    return `${url}#${pointerOf(target.path)}`
  }
}
