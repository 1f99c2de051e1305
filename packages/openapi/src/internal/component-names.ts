/**
 * Component names: the hint made safe for OpenAPI (`^[A-Za-z0-9._-]+$`), with a stable suffix
 * (`_2`, `_3`, ...) only when another, different schema already holds the name. Two schemas with
 * the same content share one name (sibling contexts that add equal schemas, a Standard Schema
 * definition used by several routes).
 */
export class ComponentNames {
  readonly #byObject = new Map<object, string>()
  /** Name → the content key of the schema holding it. */
  readonly #taken = new Map<string, string>()

  /** The name already given to `schema`, if any. */
  get(schema: object): string | undefined {
    return this.#byObject.get(schema)
  }

  /**
   * Names `schema`. `isNew` is false when a schema with equal content already has the name (the
   * caller then has nothing to emit).
   */
  allocate(hint: string, schema: object): { name: string; isNew: boolean } {
    const known = this.#byObject.get(schema)
    if (known !== undefined) return { name: known, isNew: false }
    const base = safeName(hint)
    const key = JSON.stringify(schema)
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}_${n}`
      const holder = this.#taken.get(name)
      if (holder !== undefined && holder !== key) continue
      this.#byObject.set(schema, name)
      if (holder === key) return { name, isNew: false }
      this.#taken.set(name, key)
      return { name, isNew: true }
    }
  }
}

/**
 * An OpenAPI-safe component name from an `$id`: the trailing `#` dropped, every run of other
 * characters than letters, digits, `.`, `-` and `_` turned into one `_`.
 *
 * @example
 * safeName('user#') // 'user'
 * safeName('https://example.com/schemas/user.json') // 'https_example.com_schemas_user.json'
 */
export function safeName(hint: string): string {
  const name = hint
    .replace(/#$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return name === '' ? 'schema' : name
}
