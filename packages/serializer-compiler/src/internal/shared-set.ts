import type { SchemaRefs } from './schema-refs.js'

/** A schema as the compilers receive it: an object, or a boolean schema. */
export type AnySchema = object | boolean

/** What the store knows of one shared schema, worked out once per schema. */
export interface SharedFacts {
  /** Equal contents get equal numbers; undefined when the schema is not plain data. */
  readonly number: number | undefined
  readonly refs: SchemaRefs
  /** It has untyped places, or a `default` with no JSON form: outputs that use it are checked. */
  readonly needsCheck: boolean
}

/** One set of shared schemas (the `getSchemas()` of a context), with their facts. */
export class SharedSet {
  /** Equal for equal sets; undefined when a schema of the set is not plain data. */
  readonly key: string | undefined
  readonly schemas: Readonly<Record<string, AnySchema>>
  readonly #facts = new Map<string, SharedFacts>()
  /** Record key of the schema for each name a `$ref` may use: its key and its `$id`. */
  readonly #byId = new Map<string, string>()

  constructor(
    schemas: Readonly<Record<string, AnySchema>>,
    factsOf: (schema: AnySchema) => SharedFacts,
  ) {
    this.schemas = { ...schemas }
    const names = Object.keys(this.schemas).sort()
    for (const name of names) {
      const schema = this.schemas[name] as AnySchema
      this.#facts.set(name, factsOf(schema))
      this.#byId.set(name, name)
    }
    for (const name of names) {
      const id = (this.schemas[name] as { $id?: unknown }).$id
      if (typeof id === 'string' && !this.#byId.has(id)) this.#byId.set(id, name)
    }
    this.key = this.keyOf(names)
  }

  /**
   * The names of the shared schemas a schema with these references needs, its references'
   * references included, sorted; every name of the set when that cannot be told for sure (an id
   * that is not a plain name, or one the set does not hold: fast-json-stringify then resolves or
   * reports it against the whole set).
   *
   * @example
   * set.reachable({ ids: ['item'], plain: true }) // ['item', 'money'] when item refers to money#
   */
  reachable(refs: SchemaRefs): readonly string[] {
    if (!refs.plain) return Object.keys(this.schemas).sort()
    const names = new Set<string>()
    const pending = [...refs.ids]
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const name = this.#byId.get(id)
      if (name === undefined) return Object.keys(this.schemas).sort()
      if (names.has(name)) continue
      names.add(name)
      const facts = this.#facts.get(name) as SharedFacts
      if (!facts.refs.plain) return Object.keys(this.schemas).sort()
      pending.push(...facts.refs.ids)
    }
    return [...names].sort()
  }

  /** A key equal for equal subsets; undefined when one of them is not plain data. */
  keyOf(names: readonly string[]): string | undefined {
    let key = ''
    for (const name of names) {
      const number = this.#facts.get(name)?.number
      if (number === undefined) return undefined
      key += `${JSON.stringify(name)}:${number},`
    }
    return key
  }

  /** Whether outputs that use any of these shared schemas must be checked. */
  needsCheck(names: readonly string[]): boolean {
    return names.some((name) => this.#facts.get(name)?.needsCheck === true)
  }
}
