// Hand-written JSON body reading for the node:http server, with the protections a framework's
// JSON parser has: content-type check (415), body limit (413), Content-Length mismatch, empty
// and malformed bodies (400), and prototype-poisoning keys (400).
import { sendError } from './send.mjs'

const BODY_LIMIT = 1048576
const POISON = /"(?:__proto__|constructor)"/

/** Reads `req`'s JSON body and calls `onBody(req, res, parsed)`, or answers the error itself. */
export function readJsonBody(req, res, onBody) {
  const type = req.headers['content-type']
  if (type === undefined || !isJsonType(type)) {
    sendError(res, 415, `Unsupported Media Type: ${type ?? 'none'}`)
    return
  }
  const declared = req.headers['content-length']
  if (declared !== undefined && +declared > BODY_LIMIT) {
    res.shouldKeepAlive = false
    sendError(res, 413, 'Request body is too large')
    req.resume()
    return
  }
  let text = ''
  let received = 0
  req.setEncoding('utf8')
  req.on('data', (chunk) => {
    received += Buffer.byteLength(chunk)
    if (received > BODY_LIMIT) {
      req.destroy()
      return
    }
    text += chunk
  })
  req.on('end', () => {
    if (declared !== undefined && received !== +declared) {
      sendError(res, 400, 'Request body size did not match Content-Length')
    } else if (text === '') {
      sendError(res, 400, "Body cannot be empty when content-type is set to 'application/json'")
    } else {
      const parsed = parse(text)
      if (parsed === undefined) sendError(res, 400, 'Body is not valid JSON')
      else onBody(req, res, parsed)
    }
  })
}

/** `application/json` or any `application/*+json`, parameters ignored, case-insensitive. */
function isJsonType(header) {
  const semi = header.indexOf(';')
  const essence = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase()
  return (
    essence === 'application/json' ||
    (essence.startsWith('application/') && essence.endsWith('+json'))
  )
}

/** JSON.parse, refusing `__proto__` and `constructor.prototype` keys; undefined when refused. */
function parse(text) {
  let value
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (POISON.test(text) && poisoned(value)) return undefined
  return value
}

function poisoned(node) {
  if (node === null || typeof node !== 'object') return false
  if (Object.hasOwn(node, '__proto__')) return true
  const ctor = Object.hasOwn(node, 'constructor') ? node.constructor : undefined
  if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true
  for (const key in node) if (poisoned(node[key])) return true
  return false
}
