import { createError, type SchemaErrorFormatter } from '@framework/error-formatter'
import {
  applySchemaController,
  assertSchemaController,
  bucketSchemasOf,
  createHookEntry,
  createParserEntry,
  enqueue,
  extendLoading,
  isRouteHookName,
  parserKey,
  parserTableOf,
  stateOf,
} from '../context/index.js'
import type {
  SchemaControllerOptions,
  SerializerCompiler,
  ValidatorCompiler,
} from '../contracts/compilers.js'
import {
  defaultSerializerCompiler,
  defaultValidatorCompiler,
  usesDefaultCompiler,
} from '../routes/index.js'
import type { ContentTypeParserOptions } from '../types/content-type-parser.js'
import type { Instance, NotFoundOptions } from '../types/instance.js'
import type { ErrorHandler, RouteHandler } from '../types/route.js'
import {
  assertFormatter,
  assertFunction,
  assertNotStarted,
  assertNotStartedOrOnReady,
} from './assert.js'

export const settingMethods = {
  addHook(this: Instance, name: string, fn: unknown): Instance {
    const state = stateOf(this)
    if (name === 'onReady' || name === 'onListen') {
      assertNotStartedOrOnReady(state, `addHook('${name}')`)
    } else if (name !== 'onClose') assertNotStarted(state, `addHook('${name}')`)
    const entry = createHookEntry(name, fn, this)
    if (!isRouteHookName(name)) {
      // onClose hooks run last added first across contexts (avvio's close queue): their seq says when.
      if (name === 'onClose') entry.seq = state.core.hookSeq++
      state.hooks[name as keyof typeof state.hooks].push(entry)
      return this
    }
    // A request hook takes effect at its place in the load order (after the plugins registered
    // before it), so hooks of one kind run in Fastify's order across contexts.
    enqueue(state, {
      kind: 'task',
      run: () => {
        entry.seq = state.core.hookSeq++
        state.hooks[name].push(entry)
      },
    })
    return this
  },

  addSchema(this: Instance, schema: object): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'addSchema()')
    const adapter = state.core.sharedSchemaAdapter
    const value = adapter === undefined ? schema : adapter(schema)
    if (state.bucket === undefined) state.registry.add(value)
    else state.bucket.add(value)
    return this
  },

  getSchemas(this: Instance) {
    return bucketSchemasOf(stateOf(this)) as never
  },

  getSchema(this: Instance, id: string) {
    const state = stateOf(this)
    return state.bucket === undefined ? state.registry.get(id) : state.bucket.getSchema(id)
  },

  /**
   * Fastify's `setSchemaController`: a bucket for this context's shared schemas from now on and
   * its children's, and builders for the default compilers of this context and its descendants.
   */
  setSchemaController(this: Instance, controller: SchemaControllerOptions): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setSchemaController()')
    applySchemaController(state, assertSchemaController(controller, 'setSchemaController'))
    return this
  },

  setValidatorCompiler(this: Instance, compiler: ValidatorCompiler): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setValidatorCompiler()')
    assertFunction(compiler, 'setValidatorCompiler(compiler)')
    state.validatorCompiler = compiler
    return this
  },

  setSerializerCompiler(this: Instance, compiler: SerializerCompiler): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setSerializerCompiler()')
    assertFunction(compiler, 'setSerializerCompiler(compiler)')
    state.serializerCompiler = compiler
    return this
  },

  setErrorHandler(this: Instance, handler: ErrorHandler<any>): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setErrorHandler()')
    if (typeof handler !== 'function') throw createError('FRM_ERR_ERROR_HANDLER_NOT_FN')
    state.errorHandler = { fn: handler, ctx: this }
    return this
  },

  setReplySerializer(
    this: Instance,
    serializer: (payload: unknown, statusCode: number) => string,
  ): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setReplySerializer()')
    assertFunction(serializer, 'setReplySerializer(serializer)')
    state.replySerializer = serializer
    return this
  },

  setSchemaErrorFormatter(this: Instance, formatter: SchemaErrorFormatter): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setSchemaErrorFormatter()')
    assertFormatter(formatter)
    state.schemaErrorFormatter = formatter
    return this
  },

  setNotFoundHandler(
    this: Instance,
    options: NotFoundOptions | RouteHandler,
    handler?: RouteHandler,
  ): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'setNotFoundHandler()')
    if (typeof options === 'function') {
      handler = options
      options = {}
    }
    assertFunction(handler, 'setNotFoundHandler(handler)')
    const core = state.core
    if (core.notFoundByPrefix.has(state.prefix)) {
      throw createError('FRM_ERR_NOT_FOUND_HANDLER_DUPLICATE', state.prefix || '/')
    }
    const hooks: {
      preValidation?: ReturnType<typeof createHookEntry>[]
      preHandler?: ReturnType<typeof createHookEntry>[]
    } = {}
    for (const name of ['preValidation', 'preHandler'] as const) {
      const value = (options as NotFoundOptions)?.[name]
      if (value === undefined) continue
      hooks[name] = (Array.isArray(value) ? value : [value]).map((fn) =>
        createHookEntry(name, fn, this),
      )
    }
    const errorHandler = (options as NotFoundOptions)?.errorHandler
    if (errorHandler !== undefined)
      assertFunction(errorHandler, 'setNotFoundHandler({ errorHandler })')
    state.notFound = {
      handler,
      hooks,
      ...(errorHandler === undefined ? {} : { errorHandler: { fn: errorHandler, ctx: this } }),
    }
    core.notFoundByPrefix.set(state.prefix, state)
    extendLoading(state)
    return this
  },

  addContentTypeParser(
    this: Instance,
    type: unknown,
    optionsOrParser: unknown,
    parser?: unknown,
  ): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'addContentTypeParser()')
    const options = parser === undefined ? undefined : (optionsOrParser as ContentTypeParserOptions)
    const fn = parser === undefined ? optionsOrParser : parser
    for (const item of Array.isArray(type) ? type : [type]) {
      const entry = createParserEntry(item, options, fn, this, false)
      const existing = parserTableOf(state).get(entry.key)
      if (existing !== undefined && !existing.builtin) {
        throw createError(
          'FRM_ERR_CTP_ALREADY_PRESENT',
          item instanceof RegExp ? String(item) : entry.key,
        )
      }
      state.parserOperations.push({ add: entry })
    }
    return this
  },

  hasContentTypeParser(this: Instance, type: unknown): boolean {
    return parserTableOf(stateOf(this)).get(parserKey(type).key) !== undefined
  },

  removeContentTypeParser(this: Instance, type: unknown): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'removeContentTypeParser()')
    for (const item of Array.isArray(type) ? type : [type]) {
      state.parserOperations.push({ remove: parserKey(item).key })
    }
    return this
  },

  removeAllContentTypeParsers(this: Instance): Instance {
    const state = stateOf(this)
    assertNotStarted(state, 'removeAllContentTypeParsers()')
    state.parserOperations.push({ clear: true })
    return this
  },
}

/** The compilers in force here, read back (Fastify 4's `validatorCompiler`/`serializerCompiler`). */
export const settingAccessors = {
  /**
   * The error handler in force here: the nearest one set, else one that hands the error on to
   * the default handling (so a custom handler may call `app.errorHandler(error, request, reply)`).
   */
  get errorHandler(): ErrorHandler<any> {
    for (const scope of stateOf(this as unknown as Instance).chain()) {
      if (scope.errorHandler !== undefined) return scope.errorHandler.fn
    }
    return defaultErrorHandler
  },
  /**
   * The one set here or above, else (once every plugin has loaded) the default one of the nearest
   * context, this one or above, with a route that compiles a request schema with it, else
   * undefined: as in Fastify, whose contexts build their default compiler only for such a route
   * (a route's own `validatorCompiler` leaves the instance's unset).
   */
  get validatorCompiler(): ValidatorCompiler | undefined {
    const state = stateOf(this as unknown as Instance)
    for (const scope of state.chain()) {
      if (scope.validatorCompiler !== undefined) return scope.validatorCompiler
      if (state.core.loaded && usesDefaultCompiler(scope, 'validator')) {
        return defaultValidatorCompiler(scope)
      }
    }
    return undefined
  },
  /** As `validatorCompiler`, for the serializer compiler and response schemas. */
  get serializerCompiler(): SerializerCompiler | undefined {
    const state = stateOf(this as unknown as Instance)
    for (const scope of state.chain()) {
      if (scope.serializerCompiler !== undefined) return scope.serializerCompiler
      if (state.core.loaded && usesDefaultCompiler(scope, 'serializer')) {
        return defaultSerializerCompiler(scope)
      }
    }
    return undefined
  },
}

/** What `errorHandler` reads as where none was set: sending the error gives the default answer. */
function defaultErrorHandler(
  error: Error,
  _request: unknown,
  reply: { send(payload: unknown): unknown },
) {
  reply.send(error)
}
