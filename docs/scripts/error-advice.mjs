// What to do about each error code, shown beside its message on the generated reference page.
// test/error-codes.test.ts fails when a code of the catalogue has no entry here.

/** @type {Record<string, string>} */
export const advice = {
  FRM_ERR_OPTIONS_NOT_OBJ: 'The factory takes one options object (or nothing).',
  FRM_ERR_INIT_OPTS_INVALID: 'Give the option a boolean (`true`, `false`).',
  FRM_ERR_QSP_NOT_FN: '`querystringParser` replaces the query string parser: give it a function.',
  FRM_ERR_ROUTE_HANDLER_NOT_FN: 'Give the route option `errorHandler` a function, or leave it out.',
  FRM_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT:
    'Give the route option `bodyLimit` a whole number of bytes above 0.',
  FRM_ERR_CTP_EMPTY_TYPE: 'Give `addContentTypeParser` a non-empty media type.',
  FRM_ERR_CTP_INVALID_PARSE_TYPE:
    "`parseAs` is `'string'` or `'buffer'`; leave it out to receive the request stream.",
  FRM_ERR_DEC_DEPENDENCY_INVALID_TYPE:
    'The third argument of `decorate` lists the decorators it depends on: pass an array of names.',
  FRM_ERR_ERROR_HANDLER_NOT_FN: 'Pass a function `(error, request, reply)` to `setErrorHandler`.',
  FRM_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN:
    'The formatter runs synchronously for every failed validation: pass a plain function `(errors, dataVar) => Error`.',
  FRM_ERR_INVALID_URL: "A route's `url` (or `path`) is a string such as `/users/:id`.",
  FRM_ERR_BEARER_AUTH_INVALID:
    'The client sent a key that is not in `keys`. Check the key the client uses; rotate by listing the old and the new key for a while.',
  FRM_ERR_BEARER_AUTH_MISSING:
    'The client sent no `Authorization: Bearer <key>` header. Send one, or register the plugin in a context that does not cover this route.',
  FRM_ERR_BEARER_AUTH_OPTIONS:
    'Fix the option the message names: `keys` must be a non-empty array.',
  FRM_ERR_OPENAPI_NOT_READY: 'Call `app.openapi()` after `await app.ready()`.',
  FRM_ERR_TYPEGEN_NO_APP:
    'Export the application from the entry file (default export, or `app`), or a function that returns it.',
  FRM_ERR_OPENAPI_OPTIONS:
    'Fix the option the message names; for the docs page, register `@framework/openapi` in the same context or an ancestor, or give the page a `url`.',
  FRM_ERR_CTP_ALREADY_PRESENT:
    'A parser for that content type is visible here already: remove one of them, or register the second one in a sibling context.',
  FRM_ERR_CTP_BODY_TOO_LARGE:
    'The body is over `bodyLimit` (1 MiB by default). Raise the factory option or the route option `bodyLimit` if such bodies are expected.',
  FRM_ERR_CTP_EMPTY_JSON_BODY:
    'The client declared JSON but sent nothing: send a body, or no `Content-Type` header.',
  FRM_ERR_CTP_FORBIDDEN_PROPERTY:
    'The JSON body holds `__proto__` or `constructor.prototype`, refused against prototype poisoning. Change the client, or the factory options `onProtoPoisoning` / `onConstructorPoisoning`.',
  FRM_ERR_CTP_INVALID_CONTENT_LENGTH:
    'The body was shorter or longer than its `Content-Length`: a client or proxy bug.',
  FRM_ERR_CTP_INVALID_HANDLER: 'Pass a function as the parser to `addContentTypeParser`.',
  FRM_ERR_CTP_INVALID_JSON: 'The client sent malformed JSON; the message quotes the parse error.',
  FRM_ERR_CTP_INVALID_TYPE: "Give `addContentTypeParser` a media type string, a RegExp or `'*'`.",
  FRM_ERR_CTP_UNSUPPORTED_ENCODING:
    'The body is compressed. Send it uncompressed, or decompress it in a `preParsing` hook (as @fastify/compress does).',
  FRM_ERR_CTP_INVALID_MEDIA_TYPE:
    'No parser handles that content type, or the route has a body schema and the body came from the built-in text/plain parser. Send JSON, or add a parser with `addContentTypeParser` (its bodies are validated).',
  FRM_ERR_DEC_ALREADY_PRESENT:
    'Choose another name, or declare the decorator in a child context (which may shadow an ancestor).',
  FRM_ERR_DEC_MISSING_DEPENDENCY:
    'Declare the decorator it depends on first, in this context or an ancestor.',
  FRM_ERR_DEC_UNDECLARED:
    'Check the spelling, and declare the decorator in this context or an ancestor before `getDecorator` or `setDecorator` uses it.',
  FRM_ERR_DEC_REFERENCE_TYPE:
    'Decorate with `null` and set the object in an `onRequest` hook, or use `{ getter }`, so requests do not share one object.',
  FRM_ERR_HOOK_INVALID_HANDLER: 'Pass a function to `addHook`.',
  FRM_ERR_HOOK_INVALID_ASYNC_HANDLER:
    'Drop the `done` parameter of the async hook (return or throw instead), or make it a plain function.',
  FRM_ERR_HOOK_INVALID_TYPE:
    'Use one of the hook names the message lists (see the Hooks reference).',
  FRM_ERR_HOOK_TIMEOUT:
    'The hook neither called `done()` nor settled its promise: make it do one of them.',
  FRM_ERR_INSTANCE_ALREADY_LISTENING:
    'Add routes, hooks, decorators and schemas before `ready()`, `listen()` or the first `inject()`.',
  FRM_ERR_INVALID_OPTION: 'Fix the option the message names (its type or range).',
  FRM_ERR_OPTION_NOT_SUPPORTED:
    'Remove the option; the message says what replaces it (see Moving from Fastify).',
  FRM_ERR_REOPENED_SERVER: 'Call `close()` before `listen()` again, or create a new instance.',
  FRM_ERR_FETCH_NO_LISTEN:
    'On Workers, Deno and Bun the host listens: `export default { fetch: toFetchHandler(app) }`, `Deno.serve(toFetchHandler(app))` or `Bun.serve({ fetch: toFetchHandler(app) })`. Use `inject()` in tests.',
  FRM_ERR_PRECOMPILED_MISSING:
    'Run the build step that writes the precompiled module (`framework-precompile` or `precompile(buildApp, file)`) again after changing a schema, and import that module statically into the entry (`precompiled: compiled`).',
  FRM_ERR_PLUGIN_DECORATOR_MISSING:
    'The plugin declares `decorators` it needs: declare them (or register the plugin that does) before it.',
  FRM_ERR_PLUGIN_DEPENDENCY_MISSING:
    'Register the plugin it depends on first, in this context or an ancestor, wrapped with `fp` so it is visible.',
  FRM_ERR_PLUGIN_VERSION_MISMATCH:
    'The plugin was written for a Fastify major other than 4 and 5. Install its Fastify 4 or Fastify 5 release.',
  FRM_ERR_PLUGIN_FAILED: 'Read the cause in the message: the plugin threw while loading.',
  FRM_ERR_PLUGIN_NOT_VALID:
    'Pass a plugin function to `register` (for a module, its default export).',
  FRM_ERR_PLUGIN_TIMEOUT:
    'The plugin did not finish within `pluginTimeout` (10 s): resolve the async plugin, or call `done()`; raise the option if loading is really that slow.',
  FRM_ERR_REP_ALREADY_SENT:
    'Send once: after `reply.send()`, do not return a value from the handler; `return reply` after sending later.',
  FRM_ERR_REP_SENT_VALUE:
    'Use `reply.hijack()` to take the response over; do not assign `reply.sent` (and never `false`).',
  FRM_ERR_SEND_UNDEFINED_ERR:
    'Throw, reject or pass to `done` an `Error` (`done(new Error(...))`, `throw createError(...)`), not `null`, `undefined` or an empty rejection.',
  FRM_ERR_REPLY_INVALID_HEADER:
    'Encode the header value (e.g. `encodeURIComponent`) or drop the forbidden characters.',
  FRM_ERR_REPLY_WRITE_FAILED: 'A status or header is not valid HTTP; see the cause in the log.',
  FRM_ERR_REP_INVALID_PAYLOAD_TYPE:
    'Send a string, a Buffer, a stream or a plain value; or set a `Content-Type` and serialize it yourself.',
  FRM_ERR_BAD_STATUS_CODE: 'Use an integer status between 100 and 599.',
  FRM_ERR_BAD_TRAILER_NAME:
    'Framing, routing, authentication and content headers cannot be trailers: set them with `reply.header()` before sending.',
  FRM_ERR_BAD_TRAILER_VALUE:
    "Pass a function: `reply.trailer('etag', (reply, payload, done) => done(null, value))` or an async one returning the value.",
  FRM_ERR_LOG_INVALID_LOGGER:
    'The child logger factory must return a logger: `(logger, bindings, opts) => logger.child(bindings, opts)`.',
  FRM_ERR_ROUTE_REWRITE_NOT_STR:
    '`rewriteUrl` must return a URL string; return `req.url` to leave it unchanged.',
  FRM_ERR_ROUTE_OPTIONS_NOT_OBJ:
    'Pass the route options as an object between the path and the handler, or leave them out.',
  FRM_ERR_DEFAULT_ROUTE_INVALID_TYPE:
    'Pass a function `(req, res) => ...` to `setDefaultRoute`; `setNotFoundHandler` is the usual way to answer unmatched requests.',
  FRM_ERR_REPLY_REDIRECT_URL: "Pass the target URL as a string: `reply.redirect('/login')`.",
  FRM_ERR_REP_RESPONSE_BODY_CONSUMED:
    'A `Response` body can be read once: send a new `Response`, or send `response.clone()` and read the original.',
  FRM_ERR_MISSING_SERIALIZATION_FN:
    'Declare a response schema for that status on the route, or call `reply.serializeInput(input, schema)` with the schema itself.',
  FRM_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN:
    'Declare `response[status].content[type].schema` for that media type, or pass the schema itself to `reply.serializeInput`.',
  FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION:
    'Pass a schema object to `request.validateInput(input, schema)`, or name a part (`body`, `querystring`, `params`, `headers`) the route declares a schema for.',
  FRM_ERR_HTTP_VERSION_NOT_SUPPORTED: 'The client spoke HTTP/2 or another version: use HTTP/1.1.',
  FRM_ERR_BAD_URL: 'The path holds a malformed percent-encoding: the client must encode it.',
  FRM_ERR_NOT_FOUND:
    'No route matches the method and path. Check the prefix of the plugin that declares it; `app.printRoutes()` shows them all.',
  FRM_ERR_NOT_FOUND_HANDLER_DUPLICATE:
    'Set one not-found handler per prefix: give each one a context registered with its own `prefix`.',
  FRM_ERR_REQUEST_TIMEOUT:
    'The client did not send the whole request within `requestTimeout` (30 s). Raise the option for slow uploads.',
  FRM_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED:
    'GET and HEAD carry no body: remove `schema.body`, or use POST, PUT or PATCH.',
  FRM_ERR_DUPLICATED_ROUTE: 'Remove or rename one of the two routes.',
  FRM_ERR_ROUTE_INVALID: 'Fix the route option the message names.',
  FRM_ERR_ROUTE_METHOD_INVALID: 'Use an HTTP method (GET, POST, ...), or a list of them.',
  FRM_ERR_ROUTE_MISSING_HANDLER: 'Give the route a `handler` function.',
  FRM_ERR_RESPONSE_SERIALIZATION:
    'The handler returned data its response schema cannot write (a required field missing, a wrong type): fix the data or the schema.',
  FRM_ERR_RESPONSE_VALIDATION:
    'With `responseValidation` on, the reply did not match its schema; the log names the failing paths.',
  FRM_ERR_SCHEMA_ASYNC:
    'Remove `$async` from the schema and check asynchronously in a `preHandler` hook.',
  FRM_ERR_SCH_VALIDATION_BUILD:
    'Ajv could not compile the schema of the route and part named: fix the schema (the cause is in the message).',
  FRM_ERR_SCH_ALREADY_PRESENT:
    'Give the schema another `$id`, or add it once in a common ancestor.',
  FRM_ERR_VALIDATION:
    'A request failed its schema; the 400 body says which part and why. Handle it in an error handler, or with `attachValidation`.',
  FRM_ERR_SCHEMA_ERROR_FORMATTER: 'Make `schemaErrorFormatter` synchronous and return an `Error`.',
  FRM_ERR_SCHEMA_INVALID: 'Fix the schema the message names: it is not valid JSON Schema.',
  FRM_ERR_SCHEMA_PEER_MISSING:
    'Install the package the message names (`npm install @apidevtools/json-schema-ref-parser`) beside @framework/schema-registry: `bundle()` and `dereference()` need it.',
  FRM_ERR_SCH_MISSING_ID: 'Give the schema a string `$id` before `addSchema`.',
  FRM_ERR_SCHEMA_REF_NOT_FOUND:
    'Add the referenced schema with `addSchema` in this context or an ancestor, or fix the `$ref`.',
  FRM_ERR_SCH_SERIALIZATION_BUILD:
    'The response schema of the route and status named cannot be compiled: fix it (the cause is in the message).',
  FRM_ERR_VALIDATOR_PLUGIN:
    'Each entry of `validator.plugins` is an Ajv plugin function or a `[plugin, options]` pair.',
  FRM_ERR_STANDARD_SCHEMA_CONVERSION:
    'The response schema cannot become JSON Schema: use a type the library can convert, or write that response schema in JSON Schema.',
}
