/**
 * The catalogue of the framework's coded errors. Every package throws from here, so a code is
 * stable, documented once (the documentation site's Error codes page is generated from this
 * file), and greppable.
 *
 * `statusCode` is what a client receives when the error reaches the default error handler during a
 * request; errors thrown at start-up (registration, `ready()`) carry 500 and never reach a client.
 * `%s` placeholders are filled, in order, by `createError(code, ...args)`.
 *
 * Where an error is one of Fastify 4.29's, its `message` is Fastify's text (same placeholders), so
 * code written against Fastify's messages keeps working. What to do about each error is its
 * `advice`, which the Error codes page shows beside the message.
 */
/** One coded error: its status, its message template and what to do about it. */
export interface CatalogueEntry {
  statusCode: number
  message: string
  /** What to do about it, shown on the Error codes page beside the message (every code has one). */
  advice?: string
  /**
   * The built-in error class the error also is (`err instanceof TypeError`), where Fastify's
   * error of the same code is one; it is a FrameworkError all the same.
   */
  base?: 'TypeError' | 'RangeError'
}

export const codes = {
  // Bearer auth
  FRM_ERR_BEARER_AUTH_INVALID: {
    statusCode: 401,
    message: 'Authorization key is not valid',
    advice:
      'The client sent a key that is not in `keys`. Check the key the client uses; rotate by listing the old and the new key for a while.',
  },
  FRM_ERR_BEARER_AUTH_MISSING: {
    statusCode: 401,
    message: 'Missing or malformed authorization header: send "Authorization: Bearer <key>"',
    advice:
      'The client sent no `Authorization: Bearer <key>` header. Send one, or register the plugin in a context that does not cover this route.',
  },
  FRM_ERR_BEARER_AUTH_OPTIONS: {
    statusCode: 500,
    message: 'bearer-auth: %s',
    advice: 'Fix the option the message names: `keys` must be a non-empty array.',
  },

  // OpenAPI
  FRM_ERR_OPENAPI_NOT_READY: {
    statusCode: 500,
    message:
      'openapi(): the document describes every route, so it exists only once the instance is ready: await app.ready() first',
    advice: 'Call `app.openapi()` after `await app.ready()`.',
  },
  FRM_ERR_OPENAPI_OPTIONS: {
    statusCode: 500,
    message: 'openapi: %s',
    advice:
      'Fix the option the message names; for the docs page, register `@framework/openapi` in the same context or an ancestor, or give the page a `url`.',
  },

  // Typed client
  FRM_ERR_TYPEGEN_NO_APP: {
    statusCode: 500,
    message:
      'framework-typegen: %s exports no application%s: export it (default export, or `app`), or a function that returns it',
    advice:
      'Export the application from the entry file (default export, or `app`), or a function that returns it.',
  },

  // Request body and content types
  FRM_ERR_CTP_INVALID_PARSE_TYPE: {
    statusCode: 500,
    message:
      "The body parser can only parse your data as 'string' or 'buffer', you asked '%s' which is not supported.",
    advice:
      "Use parseAs: 'string' or parseAs: 'buffer', or leave it out to receive the request stream. `parseAs` is `'string'` or `'buffer'`; leave it out to receive the request stream.",
  },
  FRM_ERR_CTP_EMPTY_TYPE: {
    statusCode: 500,
    message: 'The content type cannot be an empty string',
    advice:
      'Give `addContentTypeParser` a non-empty media type. Give `addContentTypeParser` a non-empty media type.',
  },
  FRM_ERR_CTP_ALREADY_PRESENT: {
    statusCode: 500,
    message: "Content type parser '%s' already present.",
    advice:
      "A parser for that content type is visible in this context already (its own or an ancestor's): register the second one in another context, or pick another type. A parser for that content type is visible here already: remove one of them, or register the second one in a sibling context.",
  },
  FRM_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    message: 'Request body is too large',
    advice:
      'The body is over `bodyLimit` (1 MiB by default). Raise the factory option or the route option `bodyLimit` if such bodies are expected.',
  },
  FRM_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    message: "Body cannot be empty when content-type is set to '%s'",
    advice: 'The client declared JSON but sent nothing: send a body, or no `Content-Type` header.',
  },
  FRM_ERR_CTP_FORBIDDEN_PROPERTY: {
    statusCode: 400,
    message: 'Body contains a forbidden property name (__proto__ or constructor.prototype)',
    advice:
      'The JSON body holds `__proto__` or `constructor.prototype`, refused against prototype poisoning. Change the client, or the factory options `onProtoPoisoning` / `onConstructorPoisoning`.',
  },
  FRM_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    message: 'Request body size did not match Content-Length',
    advice: 'The body was shorter or longer than its `Content-Length`: a client or proxy bug.',
  },
  FRM_ERR_CTP_INVALID_HANDLER: {
    statusCode: 500,
    message: 'The content type handler should be a function',
    advice:
      'Pass a function `(request, payload[, done])` as the parser to `addContentTypeParser`. Pass a function as the parser to `addContentTypeParser`.',
  },
  FRM_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    message: "Body is not valid JSON but content-type is set to '%s'",
    advice:
      "The client declared JSON but sent something else: fix the body, or the `Content-Type` header. The parse error is the error's `cause`.",
  },
  FRM_ERR_CTP_INVALID_TYPE: {
    statusCode: 500,
    message: 'The content type should be a string or a RegExp',
    advice:
      "Give `addContentTypeParser` a media type string, a RegExp, an array of them, or `'*'`. Give `addContentTypeParser` a media type string, a RegExp or `'*'`.",
  },
  FRM_ERR_CTP_UNSUPPORTED_ENCODING: {
    statusCode: 415,
    message: "Unsupported Content-Encoding '%s': send the body with identity encoding",
    advice:
      'The body is compressed. Send it uncompressed, or decompress it in a `preParsing` hook (as @fastify/compress does).',
  },
  FRM_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    message: 'Unsupported Media Type',
    advice:
      "No parser handles the request's content type, or the route has a body schema and the body came from the built-in text/plain parser (the error's `cause` says which). Send JSON, or add a parser with `addContentTypeParser` (its bodies are validated).",
  },

  // Decorators
  FRM_ERR_DEC_DEPENDENCY_INVALID_TYPE: {
    statusCode: 500,
    message: "The dependencies of decorator '%s' must be of type Array.",
    advice:
      'Pass the names of the decorators it depends on as an array. The third argument of `decorate` lists the decorators it depends on: pass an array of names.',
  },
  FRM_ERR_DEC_ALREADY_PRESENT: {
    statusCode: 500,
    message: "The decorator '%s' has already been added!",
    advice:
      "The name is declared in this context already or is a built-in member: choose another name (a child context may shadow an ancestor's decorator). Choose another name, or declare the decorator in a child context (which may shadow an ancestor).",
  },
  FRM_ERR_DEC_MISSING_DEPENDENCY: {
    statusCode: 500,
    message: "The decorator is missing dependency '%s'.",
    advice:
      'Declare the decorator it depends on first, in this context or an ancestor. Declare the decorator it depends on first, in this context or an ancestor.',
  },
  FRM_ERR_DEC_UNDECLARED: {
    statusCode: 500,
    message: "No decorator '%s' has been declared on %s.",
    advice:
      'Declare it (decorate, decorateRequest or decorateReply) in this context or an ancestor before reading or setting it. Check the spelling, and declare the decorator in this context or an ancestor before `getDecorator` or `setDecorator` uses it.',
  },
  FRM_ERR_DEC_AFTER_START: {
    statusCode: 500,
    message: "The decorator '%s' has been added after start!",
    advice:
      'Decorators are declared while the instance loads: move `decorate`, `decorateRequest` or `decorateReply` into a plugin or before `ready()`, `listen()` or the first `inject()`; to change a value at run time, declare it first and set it later.',
  },
  FRM_ERR_DEC_REFERENCE_TYPE: {
    statusCode: 500,
    message:
      "The decorator '%s' of type '%s' is a reference type. Use the { getter, setter } interface instead.",
    advice:
      'An object or array on the request or reply prototype would be shared by every request: use a getter, or set the value in an onRequest hook. Decorate with `null` and set the object in an `onRequest` hook, or use `{ getter }`, so requests do not share one object.',
  },

  // Hooks
  FRM_ERR_HOOK_INVALID_HANDLER: {
    statusCode: 500,
    message: '%s hook should be a function, instead got %s',
    advice:
      "Pass a function to addHook (or to the route's hook option). Pass a function to `addHook`.",
  },
  FRM_ERR_HOOK_INVALID_ASYNC_HANDLER: {
    statusCode: 500,
    message:
      "Async function has too many arguments. Async hooks should not use the 'done' argument.",
    advice:
      'An async hook resolves its promise instead of calling done(): drop the done parameter, or write the hook without async. Drop the `done` parameter of the async hook (return or throw instead), or make it a plain function.',
  },
  FRM_ERR_HOOK_INVALID_TYPE: {
    statusCode: 500,
    message: 'The hook name must be a string',
    advice: "Name the hook with a string: `addHook('onRequest', fn)`.",
  },
  FRM_ERR_HOOK_NOT_SUPPORTED: {
    statusCode: 500,
    message: '%s hook not supported! Use one of %s',
    advice: 'Use one of the hook names the message lists (see the Hooks reference).',
  },
  FRM_ERR_HOOK_TIMEOUT: {
    statusCode: 500,
    message:
      "A callback for '%s' hook%s timed out. You may have forgotten to call 'done' function or to resolve a Promise",
    advice:
      "Call done() or resolve the hook's promise within pluginTimeout. The hook neither called `done()` nor settled its promise: make it do one of them.",
  },

  // Instance and lifecycle
  FRM_ERR_OPTIONS_NOT_OBJ: {
    statusCode: 500,
    message: 'Options must be an object',
    advice:
      'Pass the factory an options object, or nothing. The factory takes one options object (or nothing).',
  },
  FRM_ERR_INIT_OPTS_INVALID: {
    statusCode: 500,
    message: "Invalid initialization options: '%s'",
    advice:
      "A factory option has the wrong type: the error's `errors` list names it (`instancePath`), e.g. `/ignoreTrailingSlash` must be true or false. Give the option a boolean (`true`, `false`).",
  },
  FRM_ERR_QSP_NOT_FN: {
    statusCode: 500,
    message: "querystringParser option should be a function, instead got '%s'",
    advice:
      'Pass a function (querystring) => object as querystringParser. `querystringParser` replaces the query string parser: give it a function.',
  },
  FRM_ERR_ERROR_HANDLER_NOT_FN: {
    statusCode: 500,
    message: 'Error Handler must be a function',
    advice:
      'Pass a function (error, request, reply) to setErrorHandler. Pass a function `(error, request, reply)` to `setErrorHandler`.',
  },
  FRM_ERR_INSTANCE_ALREADY_LISTENING: {
    statusCode: 500,
    message: 'Fastify instance is already listening. %s',
    advice:
      'Add routes, hooks, decorators and schemas before ready(), listen() or inject(). Add routes, hooks, decorators and schemas before `ready()`, `listen()` or the first `inject()`.',
  },
  FRM_ERR_INVALID_OPTION: {
    statusCode: 500,
    message: "Option '%s' is not valid: %s",
    advice: 'Fix the option the message names (its type or range).',
  },
  FRM_ERR_LOG_INVALID_DESTINATION: {
    statusCode: 500,
    message: 'Cannot specify both logger.stream and logger.file options',
    advice:
      'Give the logger options one destination: `stream` (a writable stream) or `file` (a path the lines are appended to).',
  },
  FRM_ERR_LOG_INVALID_LOGGER: {
    statusCode: 500,
    message:
      "Invalid logger object provided. The logger instance should have these functions(s): '%s'.",
    advice:
      'Return logger.child(bindings, options), or a pino-shaped logger, from the child logger factory. The child logger factory must return a logger: `(logger, bindings, opts) => logger.child(bindings, opts)`.',
  },
  FRM_ERR_LOG_INVALID_LOGGER_INSTANCE: {
    statusCode: 500,
    message: 'loggerInstance only accepts a logger instance.',
    advice:
      "Give `loggerInstance` a ready logger with pino's methods (info, error, debug, fatal, warn, trace, child); pino options go to `logger`. The message after the code's own names the missing methods.",
  },
  FRM_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED: {
    statusCode: 500,
    message: 'You cannot provide both logger and loggerInstance. Please provide only one.',
    advice:
      'Give `logger` (true or pino options) or `loggerInstance` (a ready logger), not both: the framework builds one logger.',
  },
  FRM_ERR_ROUTE_LOG_LEVEL_INVALID: {
    statusCode: 500,
    message: "Log level for '%s:%s' route must be a valid logger level. Received: '%s'",
    advice:
      "Give the route's `logLevel` one of the logger's levels (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent` for pino), or leave it out.",
  },
  FRM_ERR_OPTION_NOT_SUPPORTED: {
    statusCode: 500,
    message: "Option '%s' is a Fastify option the framework does not implement: %s",
    advice: 'Remove the option; the message says what replaces it (see Moving from Fastify).',
  },
  FRM_ERR_LISTEN_OPTIONS_INVALID: {
    statusCode: 500,
    message: "Invalid listen options: '%s'",
    advice:
      'listen() was given an option it cannot use. Pass `signal` as an AbortSignal (`new AbortController().signal`), or leave it out.',
  },
  FRM_ERR_REOPENED_CLOSE_SERVER: {
    statusCode: 500,
    message: 'Fastify has already been closed and cannot be reopened',
    advice:
      'A closed (or closing) instance neither listens nor answers inject() again: create a new instance for each start.',
  },
  FRM_ERR_REOPENED_SERVER: {
    statusCode: 500,
    message: 'Fastify is already listening',
    advice:
      'Call close() before listen() again. Call `close()` before `listen()` again, or create a new instance.',
  },
  FRM_ERR_FETCH_NO_LISTEN: {
    statusCode: 500,
    message:
      'listen() is not available on @framework/fetch: the host serves the application, hand it toFetchHandler(app) (%s)',
    advice:
      'On Workers, Deno and Bun the host listens: `export default { fetch: toFetchHandler(app) }`, `Deno.serve(toFetchHandler(app))` or `Bun.serve({ fetch: toFetchHandler(app) })`. Use `inject()` in tests.',
  },
  FRM_ERR_PRECOMPILED_MISSING: {
    statusCode: 500,
    message:
      'The %s schema of %s %s is not in the precompiled module, and this host forbids compiling code at run time: %s',
    advice:
      'Run the build step that writes the precompiled module (`framework-precompile` or `precompile(buildApp, file)`) again after changing a schema, and import that module statically into the entry (`precompiled: compiled`).',
  },

  // Plugins
  FRM_ERR_PLUGIN_DECORATOR_MISSING: {
    statusCode: 500,
    message: "The decorator '%s'%s is not present in %s",
    advice:
      "Declare the decorator the plugin's metadata lists (decorate, decorateRequest or decorateReply) before registering the plugin. The plugin declares `decorators` it needs: declare them (or register the plugin that does) before it.",
  },
  FRM_ERR_PLUGIN_DEPENDENCY_MISSING: {
    statusCode: 500,
    message: "The dependency '%s' of plugin '%s' is not registered",
    advice:
      'Register the plugin it depends on before it, in this context or an ancestor. Register the plugin it depends on first, in this context or an ancestor, wrapped with `fp` so it is visible.',
  },
  FRM_ERR_PLUGIN_VERSION_MISMATCH: {
    statusCode: 500,
    message:
      "fastify-plugin: %s - expected '%s' fastify version, '%s' and '%s' are installed (the two Fastify API levels the framework implements): widen the plugin's `fastify` range or install its Fastify 4 or Fastify 5 release",
    advice:
      'The plugin was written for a Fastify major other than 4 and 5. Install its Fastify 4 or Fastify 5 release.',
  },
  FRM_ERR_PLUGIN_FAILED: {
    statusCode: 500,
    message: "Plugin '%s' failed to load: %s",
    advice: 'Read the cause in the message: the plugin threw while loading.',
  },
  FRM_ERR_PLUGIN_NOT_VALID: {
    statusCode: 500,
    message:
      'register() expects a plugin function (or a module whose default export is one), received %s',
    advice: 'Pass a plugin function to `register` (for a module, its default export).',
  },
  FRM_ERR_PLUGIN_TIMEOUT: {
    statusCode: 500,
    message:
      "fastify-plugin: Plugin did not start in time: '%s'. You may have forgotten to call 'done' function or to resolve a Promise",
    advice:
      'An async plugin must resolve and a callback plugin must call done() within pluginTimeout. The plugin did not finish within `pluginTimeout` (10 s): resolve the async plugin, or call `done()`; raise the option if loading is really that slow.',
  },

  // Replies
  FRM_ERR_REP_ALREADY_SENT: {
    statusCode: 500,
    message: 'Reply was already sent, did you forget to "return reply" in "%s" (%s)?',
    advice:
      'An async handler that calls reply.send() must return reply (or not return a value); send a reply once. Send once: after `reply.send()`, do not return a value from the handler; `return reply` after sending later.',
  },
  FRM_ERR_REP_SENT_VALUE: {
    statusCode: 500,
    base: 'TypeError',
    message: 'The only possible value for reply.sent is true.',
    advice:
      'reply.sent = true is the deprecated form of reply.hijack(): a reply cannot be unsent. Use `reply.hijack()` to take the response over; do not assign `reply.sent` (and never `false`).',
  },
  FRM_ERR_SEND_INSIDE_ONERR: {
    statusCode: 500,
    message: 'You cannot use `send` inside the `onError` hook',
    advice:
      'An onError hook observes an error (to log or report it); the error handler answers it. Move the reply into `setErrorHandler`, or let the onError hook end with `done()` or by returning.',
  },
  FRM_ERR_SEND_UNDEFINED_ERR: {
    statusCode: 500,
    message: 'Undefined error has occurred',
    advice:
      'A hook or handler failed with null or undefined: throw or reject with an Error. Throw, reject or pass to `done` an `Error` (`done(new Error(...))`, `throw createError(...)`), not `null`, `undefined` or an empty rejection.',
  },
  FRM_ERR_REPLY_INVALID_HEADER: {
    statusCode: 500,
    message:
      "Header '%s' is not valid: a name must be an HTTP token and a value cannot hold CR, LF, NUL, other control characters or characters above U+00FF (encode such values, e.g. with encodeURIComponent)",
    advice: 'Encode the header value (e.g. `encodeURIComponent`) or drop the forbidden characters.',
  },
  FRM_ERR_BAD_TRAILER_NAME: {
    statusCode: 500,
    message: 'Called reply.trailer with an invalid header name: %s',
    advice:
      'Framing, routing, authentication and content headers (content-length, content-type, set-cookie, trailer, ...) cannot be trailers: set them as headers. Framing, routing, authentication and content headers cannot be trailers: set them with `reply.header()` before sending.',
  },
  FRM_ERR_BAD_TRAILER_VALUE: {
    statusCode: 500,
    message: "Called reply.trailer('%s', fn) with an invalid type: %s. Expected a function.",
    advice:
      "Pass (reply, payload, done) => done(null, value), or an async (reply, payload) => value. Pass a function: `reply.trailer('etag', (reply, payload, done) => done(null, value))` or an async one returning the value.",
  },
  FRM_ERR_REPLY_WRITE_FAILED: {
    statusCode: 500,
    message: 'The response could not be written: its status line or headers are not valid HTTP',
    advice: 'A status or header is not valid HTTP; see the cause in the log.',
  },
  FRM_ERR_REP_INVALID_PAYLOAD_TYPE: {
    statusCode: 500,
    base: 'TypeError',
    message: "Attempted to send payload of invalid type '%s'. Expected a string or Buffer.",
    advice:
      'Send a string, a Buffer, a stream or a plain value (serialized as JSON). Send a string, a Buffer, a stream or a plain value; or set a `Content-Type` and serialize it yourself.',
  },
  FRM_ERR_BAD_STATUS_CODE: {
    statusCode: 500,
    message: 'Called reply with an invalid status code: %s',
    advice: 'Use an integer between 100 and 599. Use an integer status between 100 and 599.',
  },
  FRM_ERR_REPLY_REDIRECT_URL: {
    statusCode: 500,
    message: 'reply.redirect() needs a URL string, received %s',
    advice: "Pass the target URL as a string: `reply.redirect('/login')`.",
  },
  FRM_ERR_REP_READABLE_STREAM_LOCKED: {
    statusCode: 500,
    message:
      'ReadableStream was locked. You should call releaseLock() method on reader before sending.',
    advice:
      'A ReadableStream (or a Response whose body is one) that a reader holds cannot be sent. Call `reader.releaseLock()` before sending it, or send a stream nobody reads yet.',
  },
  FRM_ERR_REP_RESPONSE_BODY_CONSUMED: {
    statusCode: 500,
    message: 'Response.body is already consumed.',
    advice:
      'Send a fresh Response, or response.clone() before reading it. A `Response` body can be read once: send a new `Response`, or send `response.clone()` and read the original.',
  },
  FRM_ERR_MISSING_SERIALIZATION_FN: {
    statusCode: 500,
    message: 'Missing serialization function. Key "%s"',
    advice:
      'Declare schema.response for that key, or pass a schema to reply.serializeInput(input, schema). Declare a response schema for that status on the route, or call `reply.serializeInput(input, schema)` with the schema itself.',
  },
  FRM_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN: {
    statusCode: 500,
    message: 'Missing serialization function. Key "%s:%s"',
    advice:
      'Declare schema.response[key].content[type].schema, or pass a schema to reply.serializeInput(input, schema). Declare `response[status].content[type].schema` for that media type, or pass the schema itself to `reply.serializeInput`.',
  },
  FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION: {
    statusCode: 500,
    message:
      'Invalid validation invocation. Missing validation function for HTTP part "%s" nor schema provided.',
    advice:
      'Pass a schema object to request.validateInput(), or one of body, querystring, params, headers that the route validates. Pass a schema object to `request.validateInput(input, schema)`, or name a part (`body`, `querystring`, `params`, `headers`) the route declares a schema for.',
  },

  // Requests and routing
  FRM_ERR_ROUTE_HANDLER_NOT_FN: {
    statusCode: 500,
    message: 'Error Handler for %s:%s route, if defined, must be a function',
    advice:
      "A route's errorHandler option is a function (error, request, reply). Give the route option `errorHandler` a function, or leave it out.",
  },
  FRM_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT: {
    statusCode: 500,
    message: "'bodyLimit' option must be an integer > 0. Got '%s'",
    advice:
      "A route's bodyLimit is a positive whole number of bytes. Give the route option `bodyLimit` a whole number of bytes above 0.",
  },
  FRM_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT: {
    statusCode: 500,
    message: "'handlerTimeout' option must be an integer > 0. Got '%s'",
    advice:
      "A route's handlerTimeout is a positive whole number of milliseconds. Give the route option `handlerTimeout` a whole number above 0, or leave it out to take the factory's `handlerTimeout`.",
  },
  FRM_ERR_HANDLER_TIMEOUT: {
    statusCode: 503,
    message: "Request timed out after %s ms on route '%s'",
    advice:
      "The request was not answered within its handlerTimeout, so it was answered with 503 and request.signal was aborted. Pass request.signal to the slow work (fetch, a database query) so it stops too, or raise the route's `handlerTimeout`.",
  },
  FRM_ERR_INVALID_URL: {
    statusCode: 500,
    message: "URL must be a string. Received '%s'",
    advice:
      "Give the route a url (or path) string such as /users/:id. A route's `url` (or `path`) is a string such as `/users/:id`.",
  },
  FRM_ERR_HTTP_VERSION_NOT_SUPPORTED: {
    statusCode: 505,
    message: 'HTTP version %s is not supported: send HTTP/1.1 or HTTP/1.0',
    advice: 'The client spoke HTTP/2 or another version: use HTTP/1.1.',
  },
  FRM_ERR_BAD_URL: {
    statusCode: 400,
    message: "'%s' is not a valid url component",
    advice: 'The path holds a malformed percent-encoding: the client must encode it.',
  },
  FRM_ERR_MAX_PARAM_LENGTH: {
    statusCode: 414,
    message: "'%s' is exceeding the max param length",
    advice:
      'A path parameter is longer than `maxParamLength` (100 characters by default): the client must send a shorter one, or raise `routerOptions.maxParamLength`.',
  },
  FRM_ERR_ASYNC_CONSTRAINT: {
    statusCode: 500,
    message: 'Unexpected error from async constraint',
    advice:
      "A constraint strategy's asynchronous `deriveConstraint` called `done` with an error: the client gets a fixed 500; the strategy's error is the `cause`.",
  },
  FRM_ERR_NOT_FOUND: {
    statusCode: 404,
    message: 'Route %s:%s not found',
    advice:
      'No route matches the method and path. Check the prefix of the plugin that declares it; `app.printRoutes()` shows them all.',
  },
  FRM_ERR_NOT_FOUND_HANDLER_DUPLICATE: {
    statusCode: 500,
    message: "Not found handler already set for Fastify instance with prefix: '%s'",
    advice:
      'Set one not-found handler per prefix, in a context registered with its own prefix. Set one not-found handler per prefix: give each one a context registered with its own `prefix`.',
  },
  FRM_ERR_REQUEST_TIMEOUT: {
    statusCode: 408,
    message: 'The request was not received completely within %s ms',
    advice:
      'The client did not send the whole request within `requestTimeout` (30 s). Raise the option for slow uploads.',
  },
  FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED: {
    statusCode: 500,
    message: 'Body validation schema for %s:%s route is not supported!',
    advice:
      'GET and HEAD requests carry no body to validate: remove schema.body or use POST, PUT or PATCH. GET and HEAD carry no body: remove `schema.body`, or use POST, PUT or PATCH.',
  },
  FRM_ERR_DUPLICATED_ROUTE: {
    statusCode: 500,
    message: "Method '%s' already declared for route '%s'",
    advice:
      "Declare each method and path shape once per instance (`/:a` and `/:b` are one; constraints may tell two routes apart). A HEAD route of your own takes over a GET route's automatic one only with the very same path. Remove or rename one of the two routes.",
  },
  FRM_ERR_ROUTE_REWRITE_NOT_STR: {
    statusCode: 500,
    message: 'Rewrite url for "%s" needs to be of type "string" but received "%s"',
    advice:
      'rewriteUrl must return the URL to route (return req.url to keep it); the connection was closed. `rewriteUrl` must return a URL string; return `req.url` to leave it unchanged.',
  },
  FRM_ERR_ROUTE_OPTIONS_NOT_OBJ: {
    statusCode: 500,
    message: 'Options for "%s:%s" route must be an object',
    advice:
      'Pass { schema, config, ... } between the path and the handler, or leave it out. Pass the route options as an object between the path and the handler, or leave them out.',
  },
  FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE: {
    statusCode: 500,
    message: 'The defaultRoute type should be a function',
    advice:
      'setDefaultRoute((req, res) => { ... }) answers the requests no route matches (setNotFoundHandler is the usual way). Pass a function `(req, res) => ...` to `setDefaultRoute`; `setNotFoundHandler` is the usual way to answer unmatched requests.',
  },
  FRM_ERR_ROUTE_INVALID: {
    statusCode: 500,
    message: 'Route %s is not valid: %s',
    advice: 'Fix the route option the message names.',
  },
  FRM_ERR_CONSTRAINT_STRATEGY_EXISTS: {
    statusCode: 500,
    message: 'There already exists a custom constraint with the name %s.',
    advice:
      'A constraint strategy is added once per application: give the new one another name, or keep the first.',
  },
  FRM_ERR_VERSION_CONSTRAINT_NOT_STR: {
    statusCode: 500,
    base: 'TypeError',
    message: 'Version constraint should be a string.',
    advice:
      "With Fastify 4's `versioning` option, a route's `constraints.version` is compared as a string: write it as one (`'2'`, not `2`).",
  },
  FRM_ERR_CONSTRAINT_IN_USE: {
    statusCode: 500,
    message: 'There already exists a route with %s constraint.',
    advice:
      'Routes already declared were matched with the built-in strategy of that name: add the strategy before declaring them.',
  },
  FRM_ERR_ROUTE_PATH_EMPTY: {
    statusCode: 500,
    message: 'The path could not be empty',
    advice:
      "A route outside a prefixed plugin needs a path: declare `/` for the root. (`''` is the prefix itself only inside a plugin registered with a `prefix`.)",
  },
  FRM_ERR_ROUTE_METHOD_NOT_SUPPORTED: {
    statusCode: 500,
    message: '%s method is not supported.',
    advice:
      "Routes declare the methods of `app.supportedMethods`: add another with `app.addHttpMethod('REBIND')` (`{ hasBody: true }` when its requests carry a body) before declaring the route.",
  },
  FRM_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    statusCode: 400,
    message: "Method '%s' must provide a 'Content-Type' header.",
    advice:
      'A QUERY request (RFC 10008) says what its body is: the client must send a Content-Type header.',
  },
  FRM_ERR_ROUTE_MISSING_CONTENT: {
    statusCode: 400,
    message: "Method '%s' must provide a request body.",
    advice: 'A QUERY request (RFC 10008) carries its query as the body: the client must send one.',
  },
  FRM_ERR_ROUTE_METHOD_INVALID: {
    statusCode: 500,
    message: 'Provided method is invalid!',
    advice:
      'Use an HTTP method the framework routes (addHttpMethod adds one). Use an HTTP method (GET, POST, ...), or a list of them.',
  },
  FRM_ERR_ROUTE_MISSING_HANDLER: {
    statusCode: 500,
    message: 'Missing handler function for "%s:%s" route.',
    advice: 'Give the route a handler function. Give the route a `handler` function.',
  },

  // Schemas, validation and serialization
  FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN: {
    statusCode: 500,
    message: "schemaErrorFormatter option should be a non async function. Instead got '%s'.",
    advice:
      'Pass a synchronous function (errors, dataVar) => Error. The formatter runs synchronously for every failed validation: pass a plain function `(errors, dataVar) => Error`.',
  },
  FRM_ERR_RESPONSE_SERIALIZATION: {
    statusCode: 500,
    message: 'The response of %s %s (status %s) does not match its response schema: %s',
    advice:
      'The handler returned data its response schema cannot write (a required field missing, a wrong type): fix the data or the schema.',
  },
  FRM_ERR_RESPONSE_VALIDATION: {
    statusCode: 500,
    message: 'Response validation failed for %s %s (status %s): %s',
    advice:
      'With `responseValidation` on, the reply did not match its schema; the log names the failing paths.',
  },
  FRM_ERR_SCHEMA_ASYNC: {
    statusCode: 500,
    message:
      '%s uses $async, which is refused: asynchronous validation invites denial of service. Validate synchronously and move asynchronous checks into a preHandler hook',
    advice: 'Remove `$async` from the schema and check asynchronously in a `preHandler` hook.',
  },
  FRM_ERR_SCH_VALIDATION_BUILD: {
    statusCode: 500,
    message: 'Failed building the validation schema for %s: %s, due to error %s',
    advice:
      'Fix the schema the error names, or add the shared schema a $ref points to with addSchema(). Ajv could not compile the schema of the route and part named: fix the schema (the cause is in the message).',
  },
  FRM_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX: {
    statusCode: 500,
    message:
      'response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }',
    advice:
      "Key each response schema by its status: a code (`200`), a class (`'2xx'`) or `'default'`, e.g. `response: { 200: { type: 'array' } }`.",
  },
  FRM_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN: {
    statusCode: 500,
    message: "schemaController.bucket option should be a function, instead got '%s'",
    advice:
      'Give `schemaController.bucket` a function `(parentSchemas) => ({ add, getSchema, getSchemas })`: it opens the schema store of each context.',
  },
  FRM_ERR_SCH_DUPLICATE: {
    statusCode: 500,
    message: "Schema with '%s' already present!",
    advice:
      'A route schema declares both `query` and `querystring` (the same part under two names): keep one of them.',
  },
  FRM_ERR_SCH_CONTENT_MISSING_SCHEMA: {
    statusCode: 500,
    message: "Schema is missing for the content type '%s'",
    advice:
      "A `content` map of a body or response schema lists a media type without its schema: write it as `{ 'application/json': { schema: { ... } } }`, or drop that media type.",
  },
  FRM_ERR_SCH_ALREADY_PRESENT: {
    statusCode: 500,
    message: "Schema with id '%s' already declared!",
    advice:
      'A schema with that $id is visible in this context already: use another $id. Give the schema another `$id`, or add it once in a common ancestor.',
  },
  FRM_ERR_VALIDATION: {
    statusCode: 400,
    message: '%s',
    advice:
      'A request failed its schema; the 400 body says which part and why. Handle it in an error handler, or with `attachValidation`.',
  },
  FRM_ERR_SCHEMA_ERROR_FORMATTER: {
    statusCode: 500,
    message: 'schemaErrorFormatter must synchronously return an Error, it returned %s',
    advice: 'Make `schemaErrorFormatter` synchronous and return an `Error`.',
  },
  FRM_ERR_SCHEMA_PEER_MISSING: {
    statusCode: 500,
    message:
      "%s needs the package '%s', which is not installed beside @framework/schema-registry: npm install %s",
    advice:
      'Install the package the message names (`npm install @apidevtools/json-schema-ref-parser`) beside @framework/schema-registry: `bundle()` and `dereference()` need it.',
  },
  FRM_ERR_SCHEMA_INVALID: {
    statusCode: 500,
    message: 'Schema is not valid: %s',
    advice: 'Fix the schema the message names: it is not valid JSON Schema.',
  },
  FRM_ERR_SCH_MISSING_ID: {
    statusCode: 500,
    message: 'Missing schema $id property',
    advice:
      "addSchema() takes an object with a string $id, e.g. { $id: 'user', type: 'object' }. Give the schema a string `$id` before `addSchema`.",
  },
  FRM_ERR_SCHEMA_REF_NOT_FOUND: {
    statusCode: 500,
    message:
      "Cannot resolve $ref '%s' in %s: add the schema it names with addSchema() in this context or an ancestor",
    advice:
      'Add the referenced schema with `addSchema` in this context or an ancestor, or fix the `$ref`.',
  },
  FRM_ERR_STANDARD_SCHEMA_CONVERSION: {
    statusCode: 500,
    message: 'The %s schema of %s cannot be converted to JSON Schema: %s',
    advice:
      'The response schema cannot become JSON Schema: use a type the library can convert, or write that response schema in JSON Schema.',
  },
  FRM_ERR_SCH_SERIALIZATION_BUILD: {
    statusCode: 500,
    message: 'Failed building the serialization schema for %s: %s, due to error %s',
    advice:
      'Fix the response schema the error names, or add the shared schema a $ref points to with addSchema(). The response schema of the route and status named cannot be compiled: fix it (the cause is in the message).',
  },
  FRM_ERR_VALIDATOR_PLUGIN: {
    statusCode: 500,
    message: 'validator.plugins[%s] must be a function or a [function, options] pair, received %s',
    advice:
      'Each entry of `validator.plugins` is an Ajv plugin function or a `[plugin, options]` pair.',
  },
} as const satisfies Record<string, CatalogueEntry>

/** Every code the framework throws. */
export type ErrorCode = keyof typeof codes
