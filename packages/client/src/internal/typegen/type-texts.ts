import { compile, type Options } from 'json-schema-to-typescript'
import { interfaceMembers } from './indent.js'
import { isObject } from './json.js'

const compileOptions: Partial<Options> = {
  bannerComment: '',
  format: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  additionalProperties: true,
  strictIndexSignatures: false,
  declareExternallyReferenced: false,
  enableConstEnums: false,
}

/** Schemas per json-schema-to-typescript call (measured: 3000 schemas convert ~40% faster in calls of 300 than in one). */
const chunkSize = 300

const primitives: Record<string, string> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
}

/** The type of a trivial schema (`{}`, `{ tsType }`, a bare primitive `type`), or undefined. */
function trivial(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined
  const keys = Object.keys(schema)
  if (keys.length === 0) return 'unknown'
  if (keys.length !== 1) return undefined
  if (typeof schema.tsType === 'string') return schema.tsType
  return typeof schema.type === 'string' ? primitives[schema.type] : undefined
}

/**
 * The TypeScript types of many converted schemas, converted by json-schema-to-typescript in one
 * call: each distinct schema once (routes often repeat a part), trivial ones without it. `add`
 * returns a handle; `resolve` the type text of each handle once `convert()` has run.
 */
export class TypeTexts {
  readonly #handles = new Map<string, string>()
  readonly #schemas: Record<string, unknown> = {}
  readonly #texts = new Map<string, string>()

  /** A handle for the type of `schema` (a schema already rewritten by `convertSchema`). */
  add(schema: unknown): string {
    const simple = trivial(schema)
    if (simple !== undefined) return `=${simple}`
    const key = JSON.stringify(schema)
    let handle = this.#handles.get(key)
    if (handle === undefined) {
      handle = `t${this.#handles.size}`
      this.#handles.set(key, handle)
      this.#schemas[handle] = schema
    }
    return handle
  }

  /**
   * Converts every schema added so far, a few hundred per call: json-schema-to-typescript walks
   * the whole input once per normalization rule, and its cost grows faster than the input.
   */
  async convert(): Promise<void> {
    const names = Object.keys(this.#schemas)
    for (let start = 0; start < names.length; start += chunkSize) {
      const properties: Record<string, unknown> = {}
      for (const name of names.slice(start, start + chunkSize))
        properties[name] = this.#schemas[name]
      const root = {
        type: 'object',
        properties,
        required: Object.keys(properties),
        additionalProperties: false,
      }
      const members = interfaceMembers(await compile(root as never, 'Parts', compileOptions))
      for (const [name, text] of members) this.#texts.set(name, text)
    }
  }

  /** The type text of a handle. */
  resolve(handle: string): string {
    if (handle.startsWith('=')) return handle.slice(1)
    const text = this.#texts.get(handle)
    if (text === undefined) throw new Error(`framework-typegen: no type for ${handle}`)
    return text
  }
}

/** One named type of the generated file, converted on its own. */
export async function namedType(schema: unknown, name: string): Promise<string> {
  return compile(schema as never, name, compileOptions)
}
