import type { FrameworkSchemaValidationError } from '@framework/error-formatter'
import type {
  JsonSchema,
  ResponseSelectorFactory,
  SerializerCompilerFactory,
  ValidateFunction,
  ValidatorCompilerFactory,
} from '../../src/index.js'

type Schema = Record<string, any>

function typeOk(type: string, data: unknown): boolean {
  switch (type) {
    case 'null':
      return data === null
    case 'object':
      return typeof data === 'object' && data !== null && !Array.isArray(data)
    case 'array':
      return Array.isArray(data)
    case 'integer':
      return Number.isInteger(data)
    default:
      return typeof data === type
  }
}

/**
 * A tiny validator with Ajv's error shape (first error only): `$ref` to shared schemas (`id#`),
 * `type` (string or array), `nullable`, `properties`, `required`, `maximum`. Integer-looking
 * strings are coerced for `type: 'integer'` properties, like the default compiler's coercion.
 */
function check(
  schema: Schema,
  data: unknown,
  path: string,
  shared: Readonly<Record<string, JsonSchema>>,
  parent?: Record<string, unknown>,
  key?: string,
): FrameworkSchemaValidationError | undefined {
  if (typeof schema.$ref === 'string') {
    const target = shared[schema.$ref.replace(/#$/, '')]
    if (target === undefined) throw new Error(`can't resolve reference ${schema.$ref}`)
    return check(target as Schema, data, path, shared, parent, key)
  }
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (schema.nullable === true) types.push('null')
    if (
      types.includes('integer') &&
      typeof data === 'string' &&
      /^-?\d+$/.test(data) &&
      parent &&
      key !== undefined
    ) {
      data = Number(data)
      parent[key] = data
    }
    if (!types.some((type) => typeOk(type, data))) {
      return {
        keyword: 'type',
        instancePath: path,
        schemaPath: '#/type',
        params: { type: types.join(',') },
        message: `must be ${types.join(',')}`,
      }
    }
  }
  if (typeof schema.maximum === 'number' && typeof data === 'number' && data > schema.maximum) {
    return {
      keyword: 'maximum',
      instancePath: path,
      schemaPath: '#/maximum',
      params: { comparison: '<=', limit: schema.maximum },
      message: `must be <= ${schema.maximum}`,
    }
  }
  if (typeof data === 'object' && data !== null) {
    const object = data as Record<string, unknown>
    for (const name of schema.required ?? []) {
      if (object[name] === undefined) {
        return {
          keyword: 'required',
          instancePath: path,
          schemaPath: '#/required',
          params: { missingProperty: name },
          message: `must have required property '${name}'`,
        }
      }
    }
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (object[name] === undefined) continue
      const error = check(sub as Schema, object[name], `${path}/${name}`, shared, object, name)
      if (error !== undefined) return error
    }
  }
  return undefined
}

/** What the fake factories saw, for assertions. */
export interface CompilerLog {
  factoryCalls: Array<Readonly<Record<string, JsonSchema>>>
  validatorInputs: Array<{ method: string; url: string; httpPart: string; schema: JsonSchema }>
  serializerInputs: Array<{ method: string; url: string; httpStatus: string; schema: JsonSchema }>
}

/** Fake compiler factories (validator, serializer, selector) that log what they receive. */
export function fakeCompilers(): {
  validatorCompiler: ValidatorCompilerFactory
  serializerCompiler: SerializerCompilerFactory
  responseSelector: ResponseSelectorFactory
  log: CompilerLog
} {
  const log: CompilerLog = { factoryCalls: [], validatorInputs: [], serializerInputs: [] }
  const validatorCompiler: ValidatorCompilerFactory = (shared) => {
    log.factoryCalls.push(shared)
    return (input) => {
      log.validatorInputs.push(input)
      const schema = input.schema as Schema
      if (schema.invalid === true) throw new Error('schema is marked invalid')
      const validate: ValidateFunction = (data) => {
        const error = check(schema, data, '', shared)
        validate.errors = error === undefined ? null : [error]
        return error === undefined
      }
      return validate
    }
  }
  const serializerCompiler: SerializerCompilerFactory = (shared) => (input) => {
    log.serializerInputs.push(input)
    const schema = input.schema as Schema
    if (schema.invalid === true) throw new Error('response schema is marked invalid')
    return (data) => {
      const source =
        typeof schema.$ref === 'string' ? (shared[schema.$ref.replace(/#$/, '')] as Schema) : schema
      if (source.properties === undefined) return JSON.stringify(data)
      const object = data as Record<string, unknown>
      for (const name of source.required ?? []) {
        if (object[name] === undefined) throw new Error(`"${name}" is required!`)
      }
      const picked: Record<string, unknown> = {}
      for (const name of Object.keys(source.properties)) {
        if (object[name] !== undefined) picked[name] = object[name]
      }
      return JSON.stringify(picked)
    }
  }
  const responseSelector: ResponseSelectorFactory = (keys) => (statusCode) => {
    const exact = String(statusCode)
    if (keys.includes(exact)) return exact
    const family = `${exact[0]}xx`
    const match = keys.find((key) => key.toLowerCase() === family)
    if (match !== undefined) return match
    return keys.includes('default') ? 'default' : undefined
  }
  return { validatorCompiler, serializerCompiler, responseSelector, log }
}
