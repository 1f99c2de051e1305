import type { JsonSchema } from '../json-schema.js'
import { decodeFragment } from './json-pointer.js'
import { isObject, walkSchemas } from './subschemas.js'

/** Finds a visible shared schema by its (normalized) `$id`. */
export type SharedLookup = (id: string) => JsonSchema | undefined

/** Where a `$ref` leads. */
export interface RefTarget {
  /** The schema the reference points at. */
  schema: JsonSchema
  /** The document the reference was resolved in: the base schema, or a shared schema. */
  document: JsonSchema
  /** JSON pointer segments from `document` to `schema`. */
  path: readonly string[]
  /** The innermost schema resource holding `schema`: references inside it resolve against it. */
  resource: JsonSchema
  /** The normalized `$id` of the shared schema `document` is, or undefined when it is the base. */
  sharedId: string | undefined
}

interface Anchor {
  path: readonly string[]
  schema: Record<string, unknown>
}

/**
 * An `$id` as the compilers compare it: a trailing empty fragment is dropped (`'user#'` and
 * `'user'` name the same schema, as in Ajv).
 */
export function normalizeId(id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id
}

/** True when `node` starts a schema resource of its own: a non-empty `$id` that is not an anchor. */
export function hasResourceId(node: unknown): node is Record<string, unknown> & { $id: string } {
  return (
    isObject(node) && typeof node.$id === 'string' && node.$id !== '' && !node.$id.startsWith('#')
  )
}

/**
 * Resolves `$ref` strings the way the compilers do (specification 2.5): `#foo`, `#/json/pointer`,
 * `id#`, `id#/json/pointer`, `id#foo`. Anchors are Draft 7 `$id: '#foo'` (and `$anchor: 'foo'`).
 * One locator serves one operation: it caches the anchors of the documents it has searched.
 */
export class RefLocator {
  readonly #lookup: SharedLookup
  readonly #anchors = new WeakMap<object, Map<string, Anchor>>()

  constructor(lookup: SharedLookup) {
    this.#lookup = lookup
  }

  /** Where `ref` leads from inside `base` (the schema resource holding the `$ref`), or undefined. */
  locate(ref: string, base: JsonSchema | undefined): RefTarget | undefined {
    if (typeof ref !== 'string') return undefined
    const hash = ref.indexOf('#')
    const id = hash < 0 ? ref : ref.slice(0, hash)
    const fragment = hash < 0 ? '' : ref.slice(hash + 1)
    const found = this.#document(id, base)
    if (found === undefined) return undefined
    const { document, sharedId } = found
    if (fragment === '') {
      return { schema: document, document, path: [], resource: document, sharedId }
    }
    if (fragment.startsWith('/')) {
      return this.#pointer(document, fragment, sharedId)
    }
    const anchor = this.#anchor(document, decodeFragment(fragment))
    if (anchor === undefined) return id === '' ? this.#sharedAnchorId(ref) : undefined
    return { ...anchor, document, resource: document, sharedId }
  }

  /**
   * `#name` that no object of the base declares: the shared schema whose `$id` is `'#name'`, as
   * Fastify 4 (Ajv) resolves it.
   */
  #sharedAnchorId(ref: string): RefTarget | undefined {
    const shared = this.#lookup(ref)
    if (shared === undefined) return undefined
    return { schema: shared, document: shared, path: [], resource: shared, sharedId: ref }
  }

  /** The document an `id` (the part of a `$ref` before `#`) names, seen from `base`. */
  #document(
    id: string,
    base: JsonSchema | undefined,
  ): { document: JsonSchema; sharedId: string | undefined } | undefined {
    if (id === '') return base === undefined ? undefined : { document: base, sharedId: undefined }
    const wanted = normalizeId(id)
    if (hasResourceId(base) && normalizeId(base.$id) === wanted) {
      return { document: base, sharedId: undefined }
    }
    const shared = this.#lookup(wanted)
    if (shared !== undefined) return { document: shared, sharedId: wanted }
    // A relative id inside a resource whose $id is an absolute URI, as Ajv resolves it.
    if (hasResourceId(base)) {
      const absolute = resolveUri(id, base.$id)
      if (absolute !== undefined && absolute !== wanted) {
        const viaBase = this.#lookup(absolute)
        if (viaBase !== undefined) return { document: viaBase, sharedId: absolute }
      }
    }
    return undefined
  }

  #pointer(
    document: JsonSchema,
    fragment: string,
    sharedId: string | undefined,
  ): RefTarget | undefined {
    const path: string[] = []
    let current: unknown = document
    let resource: JsonSchema = document
    for (const raw of fragment.slice(1).split('/')) {
      const segment = decodeFragment(raw)?.replace(/~1/g, '/').replace(/~0/g, '~')
      if (segment === undefined || typeof current !== 'object' || current === null) return undefined
      if (Array.isArray(current)) {
        if (!/^(0|[1-9]\d*)$/.test(segment) || Number(segment) >= current.length) return undefined
      } else if (!Object.hasOwn(current, segment)) {
        return undefined
      }
      current = (current as Record<string, unknown>)[segment]
      path.push(segment)
      if (hasResourceId(current)) resource = current
    }
    if (!isObject(current) && typeof current !== 'boolean') return undefined
    return { schema: current, document, path, resource, sharedId }
  }

  /** The object marked as anchor `name` inside `document` (not inside embedded resources). */
  #anchor(document: JsonSchema, name: string | undefined): Anchor | undefined {
    if (name === undefined || !isObject(document)) return undefined
    let anchors = this.#anchors.get(document)
    if (anchors === undefined) {
      anchors = collectAnchors(document)
      this.#anchors.set(document, anchors)
    }
    return anchors.get(name)
  }
}

function collectAnchors(document: Record<string, unknown>): Map<string, Anchor> {
  const anchors = new Map<string, Anchor>()
  walkSchemas(document, (schema, path) => {
    if (schema !== document && hasResourceId(schema)) return false
    const { $id, $anchor } = schema
    if (typeof $id === 'string' && $id.startsWith('#') && $id.length > 1) {
      const name = decodeFragment($id.slice(1))
      if (name !== undefined && !anchors.has(name)) anchors.set(name, { path, schema })
    }
    if (typeof $anchor === 'string' && $anchor !== '' && !anchors.has($anchor)) {
      anchors.set($anchor, { path, schema })
    }
    return true
  })
  return anchors
}

function resolveUri(reference: string, base: string): string | undefined {
  try {
    return normalizeId(new URL(reference, base).href)
  } catch {
    return undefined
  }
}
