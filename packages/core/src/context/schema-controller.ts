import { createError } from '@framework/error-formatter'
import type {
  JsonSchema,
  SchemaBucket,
  SchemaControllerOptions,
  SerializerCompilerFactory,
  ValidatorCompilerFactory,
} from '../contracts/compilers.js'
import { describe } from '../util/index.js'
import type { ContextState } from './context-state.js'
import type { Core } from './core.js'

/**
 * Checks a `schemaController` value (factory option or `setSchemaController`).
 *
 * @throws FRM_ERR_INVALID_OPTION naming the member that is not a function
 */
export function assertSchemaController(value: unknown, option: string): SchemaControllerOptions {
  if (typeof value !== 'object' || value === null) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      option,
      `expected { bucket?, compilersFactory? }, received ${describe(value)}`,
    )
  }
  const controller = value as SchemaControllerOptions
  if (controller.bucket !== undefined && typeof controller.bucket !== 'function') {
    throw createError('FRM_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN', typeof controller.bucket)
  }
  const factory = controller.compilersFactory
  if (factory !== undefined && (typeof factory !== 'object' || factory === null)) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      `${option}.compilersFactory`,
      `expected { buildValidator?, buildSerializer? }, received ${describe(factory)}`,
    )
  }
  for (const name of ['buildValidator', 'buildSerializer'] as const) {
    const builder = factory?.[name]
    if (builder !== undefined && builder !== null && typeof builder !== 'function') {
      throw createError(
        'FRM_ERR_INVALID_OPTION',
        `${option}.compilersFactory.${name}`,
        `expected a function, received ${describe(builder)}`,
      )
    }
  }
  return controller
}

/**
 * What `getSchemas()` answers: the bucket's `getSchemas()` result as it is (a bucket may keep a
 * `Map`), else the registry's schemas by `$id`.
 */
export function bucketSchemasOf(state: ContextState): unknown {
  return state.bucket === undefined ? state.registry.getAll() : state.bucket.getSchemas()
}

/**
 * The shared schemas a context's compilers resolve `$ref` with, by `$id`: its bucket's (a `Map`
 * read as its entries), else the registry's.
 */
export function sharedSchemasOf(state: ContextState): Readonly<Record<string, JsonSchema>> {
  return asRecord(bucketSchemasOf(state))
}

function asRecord(schemas: unknown): Record<string, JsonSchema> {
  if (schemas instanceof Map) return Object.fromEntries(schemas) as Record<string, JsonSchema>
  if (typeof schemas !== 'object' || schemas === null) return {}
  return schemas as Record<string, JsonSchema>
}

/**
 * Opens the bucket of a new context, when a bucket factory is in force: given what the parent's
 * `getSchemas()` answers, as Fastify gives it (a copy when the parent has no bucket).
 */
export function childBucket(parent: ContextState): SchemaBucket | undefined {
  const factory = parent.bucketFactory
  if (factory === undefined) return undefined
  return factory(seedOf(parent) as never)
}

function seedOf(state: ContextState): unknown {
  return state.bucket === undefined ? { ...state.registry.getAll() } : state.bucket.getSchemas()
}

/**
 * Applies a schema controller to a context (the root for the factory option): its bucket holds
 * the context's shared schemas from now on (seeded with those visible so far), and its builders
 * make the default compilers of the context and of its descendants.
 */
export function applySchemaController(
  state: ContextState,
  controller: SchemaControllerOptions,
): void {
  const core: Core = state.core
  if (controller.bucket !== undefined) {
    const seed = state.parent === undefined ? undefined : seedOf(state)
    state.bucketFactory = controller.bucket
    state.bucket = seed === undefined ? controller.bucket() : controller.bucket(seed as never)
  }
  const buildValidator = controller.compilersFactory?.buildValidator
  if (typeof buildValidator === 'function') {
    const factory: ValidatorCompilerFactory = (shared) =>
      buildValidator({ ...shared }, core.compilerOptions.validator)
    state.validatorFactory = factory
  }
  const buildSerializer = controller.compilersFactory?.buildSerializer
  if (typeof buildSerializer === 'function') {
    const factory: SerializerCompilerFactory = (shared) =>
      buildSerializer({ ...shared }, core.compilerOptions.serializer)
    state.serializerFactory = factory
  }
}

/** The nearest validator builder set by a schema controller, else the application's. */
export function validatorFactoryOf(state: ContextState): ValidatorCompilerFactory {
  return nearestFactory(state, 'validatorFactory')
}

/** The nearest serializer builder set by a schema controller, else the application's. */
export function serializerFactoryOf(state: ContextState): SerializerCompilerFactory {
  return nearestFactory(state, 'serializerFactory')
}

function nearestFactory<K extends 'validatorFactory' | 'serializerFactory'>(
  state: ContextState,
  key: K,
): NonNullable<ContextState[K]> {
  for (const scope of state.chain()) {
    const factory = scope[key]
    if (factory !== undefined) return factory as NonNullable<ContextState[K]>
  }
  return state.core[key] as NonNullable<ContextState[K]>
}
