import type { FrameworkSchemaValidationError } from '@framework/error-formatter'

/**
 * The interfaces a validator or serializer compiler implements. The core only calls them; the
 * defaults live in `@framework/validator-compiler` and `@framework/serializer-compiler`, and any
 * function of the same shape replaces them (no library is imported here).
 */

/** A JSON Schema as the framework passes it around. */
export type JsonSchema = Record<string, any> | boolean

/** The request part a validator is compiled for. */
export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

/** What a validator compiler receives for one route part. */
export interface ValidatorCompileInput {
  schema: JsonSchema
  method: string
  url: string
  httpPart: HttpPart
  /** The media type of a body schema declared by content type (`body.content[type].schema`). */
  contentType?: string
}

/**
 * What a validation function may return:
 * - `true` / `false`, read as Ajv's (on `false` the errors are on `validate.errors`);
 * - `{ value }`: success, and `value` replaces the part;
 * - `{ error }`: failure, `error` becomes the error's `validation`.
 */
export type ValidationOutcome = boolean | { value?: unknown; error?: unknown }

/** A compiled validation function for one route part. */
export interface ValidateFunction {
  (data: unknown): ValidationOutcome | PromiseLike<ValidationOutcome>
  errors?: FrameworkSchemaValidationError[] | null
}

/**
 * Compiles one route part's schema (what `setValidatorCompiler(fn)` and the route option
 * `validatorCompiler` take).
 *
 * @example
 * app.setValidatorCompiler(({ schema }) => (data) => joiSchema.validate(data))
 */
export type ValidatorCompiler = (input: ValidatorCompileInput) => ValidateFunction

/**
 * Builds the default validator compiler of a context from the shared schemas visible there. The core
 * calls it once per distinct set of shared schemas, at ready.
 *
 * A validation function of the default compiler that carries Ajv's `schemaEnv` with a
 * `schemaEnv.validate` other than itself (a validator built on first use) is taken to stand for
 * that function: after its first call the core calls `schemaEnv.validate` directly, and the
 * function handed to the application (`request.getValidationFunction`) must show that one's
 * `errors`. A function Ajv compiled is its own `schemaEnv.validate`.
 */
export type ValidatorCompilerFactory = (
  sharedSchemas: Readonly<Record<string, JsonSchema>>,
) => ValidatorCompiler

/** What a serializer compiler receives for one response schema. */
export interface SerializerCompileInput {
  schema: JsonSchema
  method: string
  url: string
  /** The response key the schema was declared under: `'200'`, `'2xx'`, `'default'`... */
  httpStatus: string
  /** The media type of a response schema declared by content type (`content[type].schema`). */
  contentType?: string
}

/** A compiled serializer: data in, JSON text out. Throws rather than return invalid JSON. */
export type SerializeFunction = (data: unknown) => string

/**
 * Compiles one response schema (what `setSerializerCompiler(fn)` and the route option
 * `serializerCompiler` take).
 *
 * @example
 * app.setSerializerCompiler(() => (data) => JSON.stringify(data))
 */
export type SerializerCompiler = (input: SerializerCompileInput) => SerializeFunction

/** Builds the default serializer compiler of a context from the shared schemas visible there. */
export type SerializerCompilerFactory = (
  sharedSchemas: Readonly<Record<string, JsonSchema>>,
) => SerializerCompiler

/**
 * Given a route's response keys, returns the choice function: status code → key, or undefined
 * (exact code, then class `'2xx'`/`'2XX'`, then `default`).
 */
export type ResponseSelectorFactory = (
  keys: readonly string[],
) => (statusCode: number) => string | undefined

/** What a response validator compiler receives for one response schema (as a serializer compiler). */
export type ResponseValidatorCompileInput = SerializerCompileInput

/**
 * Compiles one response schema into the check run on a reply payload before it is serialized, when
 * response validation is on. Its function answers like a request validator (`true`/`false` with
 * `errors`, or `{ value }` / `{ error }`); it must answer synchronously.
 *
 * @example
 * const compile: ResponseValidatorCompiler = ({ schema }) => ajv.compile(schema)
 */
export type ResponseValidatorCompiler = (input: ResponseValidatorCompileInput) => ValidateFunction

/** Builds the response validator compiler of a context from the shared schemas visible there. */
export type ResponseValidatorCompilerFactory = (
  sharedSchemas: Readonly<Record<string, JsonSchema>>,
) => ResponseValidatorCompiler

/**
 * Turns what `addSchema(value)` received into the JSON Schema the shared-schema store keeps, so a
 * package can accept shared schemas written in another language. It returns a JSON Schema value
 * unchanged.
 *
 * @example
 * const adapter: SharedSchemaAdapter = (value) => (isYupSchema(value) ? yupToJsonSchema(value) : value)
 */
export type SharedSchemaAdapter = (schema: object) => object

/**
 * Where a context keeps its shared schemas, when a `schemaController.bucket` replaces the
 * framework's own store (Fastify's bucket interface).
 */
export interface SchemaBucket {
  /** Stores what `addSchema(schema)` received. */
  add(schema: any): unknown
  /** What `getSchema(id)` answers. */
  getSchema(id: string): JsonSchema | undefined
  /** Every schema by `$id`: what `getSchemas()` answers and what the compilers resolve `$ref` with. */
  getSchemas(): Record<string, JsonSchema>
}

/**
 * Fastify's `schemaController` option (and `setSchemaController`): where shared schemas live and
 * what builds the compilers from them.
 *
 * @example
 * const schemaController: SchemaControllerOptions = {
 *   compilersFactory: {
 *     buildValidator: (externalSchemas, ajvOptions) => ({ schema }) => precompiled[schema.$id],
 *   },
 * }
 */
export interface SchemaControllerOptions {
  /** Called for the root and for each new context with its parent's schemas. */
  bucket?: (parentSchemas?: Record<string, JsonSchema>) => SchemaBucket
  compilersFactory?: {
    /**
     * Builds a context's validator compiler from its shared schemas and the application's validator
     * options (`{ customOptions, plugins }`).
     */
    buildValidator?: (
      externalSchemas: Record<string, JsonSchema>,
      validatorOptions: any,
    ) => ValidatorCompiler
    /** Builds a context's serializer compiler from its shared schemas and `serializerOpts`. */
    buildSerializer?: (
      externalSchemas: Record<string, JsonSchema>,
      serializerOptions: any,
    ) => SerializerCompiler
  }
}
