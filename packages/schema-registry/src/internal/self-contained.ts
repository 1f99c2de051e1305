import type { FileInfo, ParserOptions } from '@apidevtools/json-schema-ref-parser'
import { createError, FrameworkError } from '@framework/error-formatter'
import type { JsonSchema } from '../json-schema.js'
import { PARKED_REF_KEY, SchemaCopier } from './copy-schema.js'
import { decodeFragment, encodeFragment } from './json-pointer.js'
import type { RefLocator } from './ref-locator.js'
import { isObject } from './subschemas.js'

/**
 * Parsers and resolvers for json-schema-ref-parser: every built-in one is switched off (no file,
 * no network, no YAML), and the only resolver serves the copied shared schemas by URL.
 */
function parserOptions(
  documents: ReadonlyMap<string, JsonSchema>,
  external: boolean,
): ParserOptions<object> {
  return {
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      framework: { order: 1, canParse: true, parse: (file: FileInfo) => file.data },
    },
    resolve: {
      external,
      file: false,
      http: false,
      framework: {
        order: 1,
        canRead: (file: FileInfo) => documents.has(file.url),
        read: (file: FileInfo) => documents.get(file.url) as object,
      },
    },
    dereference: { circular: 'ignore', cloneReferences: true },
    mutateInputSchema: true,
  }
}

/**
 * Finishes the copy in place: a reference json-schema-ref-parser wrote with raw characters
 * (`#/properties/a b`) is percent-encoded as a URI fragment, and the `$ref` keys parked inside data
 * are put back, keeping key order.
 */
function finish(value: unknown, seen: Set<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return
  seen.add(value)
  if (Array.isArray(value)) {
    for (const item of value) finish(item, seen)
    return
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  for (const key of keys) finish(record[key], seen)
  const ref = record.$ref
  if (typeof ref === 'string' && ref.startsWith('#')) {
    record.$ref = `#${encodeFragment(decodeFragment(ref.slice(1)) ?? ref.slice(1))}`
  }
  if (!keys.includes(PARKED_REF_KEY)) return
  const entries = keys.map((key) => [key === PARKED_REF_KEY ? '$ref' : key, record[key]] as const)
  for (const key of keys) delete record[key]
  for (const [key, item] of entries) {
    Object.defineProperty(record, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
}

/**
 * json-schema-ref-parser is an optional peer dependency: only `bundle()` and `dereference()` use
 * it, and it brings a YAML parser and an HTTP client to every install. The specifier is a
 * variable so that bundlers leave the import to run time (an application that never calls these
 * methods bundles without it).
 */
const REF_PARSER = '@apidevtools/json-schema-ref-parser'

async function loadRefParser(
  mode: 'bundle' | 'dereference',
): Promise<typeof import('@apidevtools/json-schema-ref-parser')> {
  try {
    return await import(/* webpackIgnore: true */ /* @vite-ignore */ REF_PARSER)
  } catch (error) {
    throw createError('FRM_ERR_SCHEMA_PEER_MISSING', `${mode}()`, REF_PARSER, REF_PARSER, {
      cause: error,
    })
  }
}

/**
 * The self-contained copy behind `bundle()` and `dereference()`: copy (references rewritten to
 * pointers), bundle with json-schema-ref-parser, and for 'dereference' inline what remains,
 * leaving circular references as `$ref` pointers into the copy.
 */
export async function selfContained(
  schema: JsonSchema,
  locator: RefLocator,
  mode: 'bundle' | 'dereference',
  where: string | undefined,
): Promise<JsonSchema> {
  if (!isObject(schema)) return schema
  const copier = new SchemaCopier(locator, where)
  const root = copier.copy(schema)
  const { $RefParser } = await loadRefParser(mode)
  let result: JsonSchema
  try {
    result = (await new $RefParser().bundle(
      root,
      parserOptions(copier.documents, true),
    )) as JsonSchema
    if (mode === 'dereference') {
      result = (await new $RefParser().dereference(
        result,
        parserOptions(copier.documents, false),
      )) as JsonSchema
    }
  } catch (error) {
    if (error instanceof FrameworkError) throw error
    throw createError(
      'FRM_ERR_SCHEMA_INVALID',
      `${where ?? 'the schema'} could not be made self-contained: ${(error as Error).message}`,
      { cause: error },
    )
  }
  finish(result, new Set())
  if (typeof schema.$id === 'string' && isObject(result)) result = { $id: schema.$id, ...result }
  return result
}
