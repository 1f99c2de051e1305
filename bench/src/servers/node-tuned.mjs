// Scenario server on plain node:http, tuned by hand: the floor the framework is measured against
// (issue 41: every scenario at most 1.05x of it). Unlike node-http.mjs, which validates and
// serializes in its own code, it does exactly the framework's work with the framework's own parts:
// the validators and serializers are compiled from the same schemas by
// @framework/validator-compiler and @framework/serializer-compiler with their default options (as
// the framework builds them), and the 400 message comes from @framework/error-formatter. Around
// them, only what a careful hand would write: routing by string compares, the head written once
// from a header array, the body kept as Buffers and decoded and parsed once, the JSON refused on a
// `__proto__` or `constructor.prototype` key (as secure-json-parse does), and the same bytes in
// every answer (headers included). It keeps one of node's tick objects alive, as the framework's
// node:http transport does (packages/http/src/internal/tick-maps.ts), so that `process.nextTick`
// stays cheap after an idle full collection. (f) and (g) serve (b)'s work, as node-http does; (h)
// is not served.
import { executionAsyncResource } from 'node:async_hooks'
import { createServer, STATUS_CODES } from 'node:http'
import { parse as parseQuery } from 'node:querystring'
import { formatValidationMessage } from '@framework/error-formatter'
import { buildSerializerCompiler } from '@framework/serializer-compiler'
import { buildValidatorCompiler } from '@framework/validator-compiler'
import {
  addressSchema,
  createUser,
  createUserSchema,
  getUser,
  getUserSchema,
  hello,
  helloSchema,
  JSON_TYPE,
  standardUsersPrefix,
  validatedUsersPrefix,
} from '../scenarios.mjs'

const BODY_LIMIT = 1048576 // the framework's default bodyLimit
const KEEP_ALIVE_TIMEOUT_MS = 72000 // the framework's (and Fastify's) default, as `keep-alive: timeout=72`

// ---------------------------------------------------------------------------------------------
// The compiled functions: the framework's compilers, the framework's default options

const shared = { [addressSchema.$id]: addressSchema }
const validator = buildValidatorCompiler()(shared)
const serializer = buildSerializerCompiler()(shared)
// The function Ajv compiled, called as a hand-written server would call it: a validator the
// compiler builds on first use wraps it (`schemaEnv.validate`; reading it compiles it now), and the
// framework's routes call that one too.
const validate = (schema, httpPart, method, url) => {
  const fn = validator({ schema, httpPart, method, url })
  return fn.schemaEnv?.validate ?? fn
}
const serialize = (schema, httpStatus, method, url) =>
  serializer({ schema, httpStatus, method, url })

const helloBody = serialize(helloSchema.response[200], '200', 'GET', '/hello')
const userParams = validate(getUserSchema.params, 'params', 'GET', '/users/:id')
const userQuery = validate(getUserSchema.querystring, 'querystring', 'GET', '/users/:id')
const userBody = serialize(getUserSchema.response[200], '200', 'GET', '/users/:id')
const newUserInput = validate(createUserSchema.body, 'body', 'POST', '/users')
const newUserBody = serialize(createUserSchema.response[201], '201', 'POST', '/users')

// ---------------------------------------------------------------------------------------------
// Answers

/** Writes a JSON answer: one `writeHead` with a flat header array, then the body. */
function sendJson(res, status, body) {
  res.writeHead(status, ['content-type', JSON_TYPE, 'content-length', Buffer.byteLength(body)])
  res.end(body)
}

/** The framework's error body (`{ statusCode, error, message }`). */
function sendError(res, status, message) {
  sendJson(
    res,
    status,
    JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message }),
  )
}

/** The framework's 404 body, its keys in the framework's order. */
function sendNotFound(res, method, url) {
  const body = JSON.stringify({
    message: `Route ${method}:${url} not found`,
    error: 'Not Found',
    statusCode: 404,
  })
  sendJson(res, 404, body)
}

/** A failed validation: the framework's default message for the first error. */
function sendInvalid(res, errors, part) {
  sendError(res, 400, formatValidationMessage(errors, part))
}

// ---------------------------------------------------------------------------------------------
// Routing

function route(req, res) {
  const url = req.url
  const method = req.method
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  if (method === 'GET' || method === 'HEAD') {
    if (path === '/hello') return sendJson(res, 200, helloBody(hello()))
    const id = userId(path)
    if (id !== undefined) return userById(res, id, q === -1 ? '' : url.slice(q + 1))
  } else if (method === 'POST' && path === '/users') {
    return readBody(req, res)
  }
  sendNotFound(res, method, url)
}

/** The `:id` of `/users/:id` (b), or of the same route under the prefix of (f) or (g). */
function userId(path) {
  let start = 0
  if (path.startsWith(standardUsersPrefix)) start = standardUsersPrefix.length
  else if (path.startsWith(validatedUsersPrefix)) start = validatedUsersPrefix.length
  if (!path.startsWith('/users/', start)) return undefined
  start += 7
  if (path.length === start || path.indexOf('/', start) !== -1) return undefined
  const raw = path.slice(start)
  return raw.includes('%') ? decodeURIComponent(raw) : raw
}

// (b), (f), (g)
function userById(res, rawId, search) {
  const params = { id: rawId }
  if (!userParams(params)) return sendInvalid(res, userParams.errors, 'params')
  const query = search === '' ? {} : parseQuery(search)
  if (!userQuery(query)) return sendInvalid(res, userQuery.errors, 'querystring')
  sendJson(res, 200, userBody(getUser(params.id, query.tags)))
}

// ---------------------------------------------------------------------------------------------
// (c) and (d): the JSON body

function readBody(req, res) {
  const type = req.headers['content-type']
  if (type !== 'application/json' && !isJsonType(type)) {
    return sendError(res, 415, `Unsupported Media Type: ${type ?? 'none'}`)
  }
  const header = req.headers['content-length']
  const declared = header === undefined ? -1 : +header
  if (declared > BODY_LIMIT) {
    res.shouldKeepAlive = false
    sendError(res, 413, 'Request body is too large')
    return req.resume()
  }
  let first
  let more
  let received = 0
  req.on('data', (chunk) => {
    received += chunk.length
    if (received > BODY_LIMIT) return req.destroy()
    if (first === undefined) first = chunk
    else (more ??= [first]).push(chunk)
  })
  req.on('end', () => {
    if (declared !== -1 && received !== declared) {
      return sendError(res, 400, 'Request body size did not match Content-Length')
    }
    const text =
      first === undefined ? '' : (more === undefined ? first : Buffer.concat(more)).toString()
    newUser(res, text)
  })
}

function newUser(res, text) {
  let body
  try {
    body = JSON.parse(text)
  } catch {
    if (text.trim() === '') {
      return sendError(
        res,
        400,
        "Body cannot be empty when content-type is set to 'application/json'",
      )
    }
    return sendError(res, 400, 'Body is not valid JSON')
  }
  if ((PROTO_KEY.test(text) || CONSTRUCTOR_KEY.test(text)) && poisoned(body)) {
    return sendError(res, 400, 'Object contains forbidden prototype property')
  }
  if (!newUserInput(body)) return sendInvalid(res, newUserInput.errors, 'body')
  sendJson(res, 201, newUserBody(createUser(body)))
}

/** `application/json` or any `application/*+json`, parameters ignored, case-insensitive. */
function isJsonType(header) {
  if (header === undefined) return false
  const semi = header.indexOf(';')
  const essence = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase()
  return (
    essence === 'application/json' ||
    (essence.startsWith('application/') && essence.endsWith('+json'))
  )
}

// secure-json-parse's two screens: only a text with such a key is walked
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/
const CONSTRUCTOR_KEY =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/

/** A `__proto__` key, or a `constructor` key holding `prototype`, at any depth. */
function poisoned(node) {
  if (node === null || typeof node !== 'object') return false
  if (Object.hasOwn(node, '__proto__')) return true
  const ctor = Object.hasOwn(node, 'constructor') ? node.constructor : undefined
  if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true
  for (const key in node) if (poisoned(node[key])) return true
  return false
}

// ---------------------------------------------------------------------------------------------

/** One of node's tick objects, kept so that V8 keeps their maps (see the header). */
const keptTicks = []

/** Listens on 127.0.0.1 (random port) and resolves the port. */
export function listen() {
  process.nextTick(() => keptTicks.push(executionAsyncResource()))
  const server = createServer(route)
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server.address().port))
  })
}
