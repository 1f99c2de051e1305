// Scenario server written by hand on plain node:http: the same routes, validation and response
// bytes as the schema-first servers, with no framework. Routing, coercion, validation and
// "serialize only the schema's fields" are all done in code (see ./hand/).
import { createServer } from 'node:http'
import { createServer as createHttp2Server } from 'node:http2'
import { parse as parseQuery } from 'node:querystring'
import {
  createUser,
  getUser,
  hello,
  standardUsersPrefix,
  validatedUsersPrefix,
} from '../scenarios.mjs'
import { asArray, asInteger, asString, INVALID, lengthWithin } from './hand/coerce.mjs'
import { readJsonBody } from './hand/json-body.mjs'
import { sendError, sendJson } from './hand/send.mjs'
import { validateNewUser } from './hand/validate-new-user.mjs'

/** The same routes on node:http2's compatibility API (cleartext), for h2c.mjs. */
export function listenH2c() {
  const server = createHttp2Server(route)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server.address().port))
  })
}

/** Listens on 127.0.0.1 (random port) and resolves the port. */
export function listen() {
  const server = createServer(route)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server.address().port))
  })
}

/** `/users/...` for a path of (f) or (g), else undefined. */
function withoutUsersPrefix(path) {
  for (const prefix of [standardUsersPrefix, validatedUsersPrefix]) {
    if (path.startsWith(`${prefix}/users/`)) return path.slice(prefix.length)
  }
  return undefined
}

function route(req, res) {
  const url = req.url
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const method = req.method
  if (method === 'GET' || method === 'HEAD') {
    if (path === '/hello') return sendJson(res, 200, JSON.stringify({ hello: hello().hello }))
    if (path.startsWith('/users/') && path.indexOf('/', 7) === -1 && path.length > 7) {
      return userById(res, path.slice(7), q === -1 ? '' : url.slice(q + 1))
    }
    // (f) and (g): scenario b's route under a prefix
    const prefixed = withoutUsersPrefix(path)
    if (prefixed !== undefined && prefixed.indexOf('/', 7) === -1 && prefixed.length > 7) {
      return userById(res, prefixed.slice(7), q === -1 ? '' : url.slice(q + 1))
    }
  } else if (method === 'POST' && path === '/users') {
    return readJsonBody(req, res, newUser)
  }
  sendError(res, 404, `Route ${method}:${url} not found`)
}

// (b): params.id integer >= 1, query.tags array of <= 10 strings of <= 20 characters
function userById(res, rawId, query) {
  const id = asInteger(rawId.includes('%') ? decodeURIComponent(rawId) : rawId)
  if (id === INVALID) return sendError(res, 400, 'params/id must be integer')
  if (id < 1) return sendError(res, 400, 'params/id must be >= 1')
  const rawTags = query === '' ? undefined : parseQuery(query).tags
  let tags
  if (rawTags !== undefined) {
    tags = asArray(rawTags)
    if (tags.length > 10)
      return sendError(res, 400, 'querystring/tags must NOT have more than 10 items')
    for (let i = 0; i < tags.length; i++) {
      const s = asString(tags[i])
      if (s === INVALID || !lengthWithin(s, 0, 20)) {
        return sendError(
          res,
          400,
          `querystring/tags/${i} must be a string of at most 20 characters`,
        )
      }
    }
  }
  const u = getUser(id, tags)
  // only the 20 fields of the response schema, in its order
  const body = JSON.stringify({
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    age: u.age,
    active: u.active,
    role: u.role,
    score: u.score,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    website: u.website,
    bio: u.bio,
    country: u.country,
    city: u.city,
    followers: u.followers,
    following: u.following,
    verified: u.verified,
    tags: u.tags,
    lastLoginIp: u.lastLoginIp,
  })
  sendJson(res, 200, body)
}

// (c) and (d)
function newUser(_req, res, body) {
  const result = validateNewUser(body)
  if (result.error !== undefined) return sendError(res, 400, result.error)
  const u = createUser(result.value)
  const a = u.address
  const out = JSON.stringify({
    id: u.id,
    username: u.username,
    email: u.email,
    age: u.age,
    active: u.active,
    role: u.role,
    score: u.score,
    website: u.website,
    birthday: u.birthday,
    createdAt: u.createdAt,
    externalId: u.externalId,
    tags: u.tags,
    address: { street: a.street, city: a.city, zip: a.zip, country: a.country },
  })
  sendJson(res, 201, out)
}
