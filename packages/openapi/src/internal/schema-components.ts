import { ComponentNames } from './component-names.js'
import { componentRef, isObject, type JsonObject } from './json.js'
import { anchorPointer, atPointer, pointerSegments } from './pointer.js'
import { type RefRewriter, rewriteSchema } from './rewrite-schema.js'
import type { SharedScope } from './shared-scope.js'

const componentPrefix = '#/components/schemas/'
const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'example'])

/**
 * The `components.schemas` of one document. A shared schema becomes a component the first time a
 * route references it (named after its `$id`), and every `$ref` to it, JSON pointer forms
 * included, becomes a `$ref` to that component. Inline route schemas stay inline; one whose
 * `$defs` (or `definitions`) hold what its references point at, as a Standard Schema converter
 * writes them, has those definitions lifted into components of their own; one with other local
 * references becomes a component itself (so `#/...` still means what it meant).
 */
export class SchemaComponents {
  readonly #names = new ComponentNames()
  readonly #schemas = new Map<string, unknown>()

  /** The components, sorted by name. */
  toObject(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const name of [...this.#schemas.keys()].sort()) out[name] = this.#schemas.get(name)
    return out
  }

  /**
   * The schema to put in the document for an inline route schema seen in `scope`.
   *
   * @param hint - the component name to use if the schema must become a component
   */
  place(schema: unknown, scope: SharedScope, hint: string): unknown {
    if (!isObject(schema)) return schema
    // One walk in the common case: rewrite, and redo it below only if a local reference showed up.
    let local = false
    const plain = this.#rewriter(scope, undefined)
    const placed = rewriteSchema(schema, {
      ref: (ref, base) => {
        if (ref.startsWith('#')) local = true
        return plain.ref(ref, base)
      },
      embedded: plain.embedded,
    })
    if (!local) return placed
    const locals = localFragments(schema)
    const defsKey = isObject(schema.$defs)
      ? '$defs'
      : isObject(schema.definitions)
        ? 'definitions'
        : undefined
    if (
      defsKey !== undefined &&
      locals.every((fragment) => defName(fragment, defsKey, schema) !== undefined)
    ) {
      return this.#liftDefinitions(schema, defsKey, scope)
    }
    return { $ref: this.#component(hint, schema, scope) }
  }

  /** The schema a document reference (`#/components/schemas/...`) leads to, or undefined. */
  resolve(ref: string): unknown {
    if (!ref.startsWith(componentPrefix)) return undefined
    const rest = ref.slice(componentPrefix.length)
    const slash = rest.indexOf('/')
    const name = slash < 0 ? rest : rest.slice(0, slash)
    return atPointer(this.#schemas.get(name), slash < 0 ? '' : rest.slice(slash))
  }

  #liftDefinitions(schema: JsonObject, defsKey: string, scope: SharedScope): unknown {
    const defs = schema[defsKey] as JsonObject
    const names = new Map<string, string>()
    const fresh: Array<[string, JsonObject]> = []
    for (const key of Object.keys(defs)) {
      const def = defs[key]
      if (!isObject(def)) continue
      const { name, isNew } = this.#names.allocate(key, def)
      names.set(key, name)
      if (isNew) {
        this.#schemas.set(name, null)
        fresh.push([name, def])
      }
    }
    for (const [name, def] of fresh) {
      this.#schemas.set(
        name,
        rewriteSchema(def, this.#rewriter(scope, componentRef(name), defsKey, names)),
      )
    }
    const { [defsKey]: _lifted, ...root } = schema
    return rewriteSchema(root, this.#rewriter(scope, undefined, defsKey, names), schema)
  }

  /** The reference to the component for `schema`, emitting it the first time. */
  #component(hint: string, schema: JsonObject, scope: SharedScope): string {
    const { name, isNew } = this.#names.allocate(hint, schema)
    if (isNew) {
      this.#schemas.set(name, null)
      this.#schemas.set(name, rewriteSchema(schema, this.#rewriter(scope, componentRef(name))))
    }
    return componentRef(name)
  }

  #rewriter(
    scope: SharedScope,
    baseRef: string | undefined,
    defsKey?: string,
    defs?: ReadonlyMap<string, string>,
  ): RefRewriter {
    return {
      ref: (ref, base) => {
        const hash = ref.indexOf('#')
        const id = hash < 0 ? ref : ref.slice(0, hash)
        const fragment = hash < 0 ? '' : ref.slice(hash + 1)
        if (id === '') {
          if (defs !== undefined && defsKey !== undefined) {
            const lifted = liftedRef(fragment, defsKey, defs)
            if (lifted !== undefined) return lifted
          }
          return baseRef === undefined ? ref : within(baseRef, base, fragment)
        }
        const shared = scope.lookup(id)
        if (shared === undefined) return ref
        return within(this.#component(id, shared, scope), shared, fragment)
      },
      embedded: (schema) => this.#component(schema.$id, schema, scope),
    }
  }
}

/** `target` followed by `fragment` (a JSON pointer, or an anchor inside `schema`). */
function within(target: string, schema: JsonObject, fragment: string): string {
  if (fragment === '' || fragment.startsWith('/')) return target + fragment
  const pointer = anchorPointer(schema, fragment)
  return pointer === undefined ? target : target + pointer
}

function defName(fragment: string, defsKey: string, schema: JsonObject): string | undefined {
  const [keyword, key] = pointerSegments(fragment)
  if (keyword !== defsKey || key === undefined) return undefined
  return isObject((schema[defsKey] as JsonObject)[key]) ? key : undefined
}

function liftedRef(
  fragment: string,
  defsKey: string,
  defs: ReadonlyMap<string, string>,
): string | undefined {
  const segments = fragment.split('/')
  if (segments[0] !== '' || segments[1] !== defsKey || segments[2] === undefined) return undefined
  const name = defs.get(pointerSegments(`/${segments[2]}`)[0]!)
  if (name === undefined) return undefined
  const rest = segments.slice(3)
  return componentRef(name) + (rest.length === 0 ? '' : `/${rest.join('/')}`)
}

/** The fragments of the local references (`#...`) anywhere in `schema`. */
function localFragments(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) {
    for (const item of schema) localFragments(item, into)
  } else if (isObject(schema)) {
    for (const key of Object.keys(schema)) {
      const value = schema[key]
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#'))
        into.push(value.slice(1))
      else if (!dataKeywords.has(key)) localFragments(value, into)
    }
  }
  return into
}
