import { createError } from '@framework/error-formatter'
import type { ContentTypeParserOptions } from '../types/content-type-parser.js'
import type { Instance } from '../types/instance.js'
import {
  describe,
  isAsyncFunction,
  mediaTypeEssence,
  normalizedContentType,
} from '../util/index.js'

/** One registered content-type parser. */
export interface ParserEntry {
  /**
   * Normalized key: the essence (with its parameters, normalized, when it was registered with
   * some), `'*'`, or `RegExp:<source>/<flags>`.
   */
  key: string
  regexp: RegExp | undefined
  fn: (...args: any[]) => unknown
  callback: boolean
  /** How the read body reaches the parser; undefined: the parser gets the request stream itself. */
  parseAs: 'string' | 'buffer' | undefined
  bodyLimit: number | undefined
  encodings: readonly string[]
  /** Installed by createInstance: a user may replace it. */
  builtin: boolean
  /**
   * Installed by createInstance and declaring exactly `(request, body)`: it returns its value (or
   * throws), so it is called without a `done`.
   */
  returnsValue: boolean
  ctx: Instance
}

/** What a context did to the parsers it sees, in order (`clear`: removeAllContentTypeParsers). */
export type ParserOperation = { add: ParserEntry } | { remove: string } | { clear: true }

/** The parsers visible in a context: exact essences first, then RegExps in order, then `'*'`. */
export class ParserTable {
  readonly exact = new Map<string, ParserEntry>()
  regexps: ParserEntry[] = []
  catchAll: ParserEntry | undefined

  clone(): ParserTable {
    const copy = new ParserTable()
    for (const [key, entry] of this.exact) copy.exact.set(key, entry)
    copy.regexps = [...this.regexps]
    copy.catchAll = this.catchAll
    return copy
  }

  get(key: string): ParserEntry | undefined {
    if (key === '*') return this.catchAll
    if (key.startsWith('RegExp:')) return this.regexps.find((entry) => entry.key === key)
    return this.exact.get(key)
  }

  apply(operation: ParserOperation): void {
    if ('add' in operation) {
      const entry = operation.add
      if (entry.key === '*') this.catchAll = entry
      else if (entry.regexp !== undefined) {
        this.regexps = this.regexps.filter((other) => other.key !== entry.key)
        this.regexps.push(entry)
      } else this.exact.set(entry.key, entry)
    } else if ('clear' in operation) {
      this.exact.clear()
      this.regexps = []
      this.catchAll = undefined
    } else {
      const key = operation.remove
      if (key === '*') this.catchAll = undefined
      else if (key.startsWith('RegExp:')) this.regexps = this.regexps.filter((e) => e.key !== key)
      else this.exact.delete(key)
    }
  }

  /**
   * The parser for a body of this Content-Type, as Fastify 5 matches it: one registered with
   * exactly these parameters, else one registered for the essence (any parameters), else the
   * first RegExp matching the essence or the normalized type with its parameters
   * (`/charset="utf8"/` matches `; charset=utf8`), else the catch-all.
   */
  lookup(essence: string, header: string = essence): ParserEntry | undefined {
    const full = header === essence ? essence : (normalizedContentType(header) ?? essence)
    if (full !== essence) {
      const withParameters = this.exact.get(full)
      if (withParameters !== undefined) return withParameters
    }
    const exact = this.exact.get(essence)
    if (exact !== undefined) return exact
    for (const entry of this.regexps) {
      const regexp = entry.regexp!
      regexp.lastIndex = 0
      if (regexp.test(essence)) return entry
      if (full !== essence) {
        regexp.lastIndex = 0
        if (regexp.test(full)) return entry
      }
    }
    return this.catchAll
  }
}

/**
 * The key of a type as given to add/has/removeContentTypeParser: a media type's essence (and its
 * parameters, normalized, when it has some), `'*'`, a RegExp, or (for has and remove, which
 * take any string) another string trimmed and lower-cased.
 *
 * @throws FRM_ERR_CTP_EMPTY_TYPE for an empty string, FRM_ERR_CTP_INVALID_TYPE for anything but a
 * string or a RegExp
 */
export function parserKey(type: unknown): { key: string; regexp: RegExp | undefined } {
  if (type instanceof RegExp) return { key: `RegExp:${type.source}/${type.flags}`, regexp: type }
  if (typeof type !== 'string') throw createError('FRM_ERR_CTP_INVALID_TYPE', describe(type))
  const trimmed = type.trim().toLowerCase()
  if (trimmed === '') throw createError('FRM_ERR_CTP_EMPTY_TYPE')
  if (trimmed === '*') return { key: '*', regexp: undefined }
  // With parameters, the parser is for exactly those (Fastify 5 keys it by the normalized type).
  return { key: normalizedContentType(type) ?? trimmed, regexp: undefined }
}

/**
 * Builds a parser entry from `addContentTypeParser` arguments.
 *
 * @throws FRM_ERR_CTP_INVALID_HANDLER, FRM_ERR_CTP_INVALID_PARSE_TYPE, then FRM_ERR_CTP_INVALID_TYPE
 * for a string that is not a media type (`'json'`, `'a/ b'`): no Content-Type could reach its
 * parser (Fastify 5 refuses it too)
 */
export function createParserEntry(
  type: unknown,
  options: ContentTypeParserOptions | undefined,
  fn: unknown,
  ctx: Instance,
  builtin: boolean,
): ParserEntry {
  const { key, regexp } = parserKey(type)
  if (typeof fn !== 'function') {
    throw createError('FRM_ERR_CTP_INVALID_HANDLER', key, describe(fn))
  }
  const parseAs = options?.parseAs
  if (parseAs !== undefined && parseAs !== 'string' && parseAs !== 'buffer') {
    throw createError('FRM_ERR_CTP_INVALID_PARSE_TYPE', String(parseAs))
  }
  const bodyLimit = options?.bodyLimit
  if (bodyLimit !== undefined && !(Number.isInteger(bodyLimit) && bodyLimit > 0)) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'bodyLimit',
      `use a positive integer, received ${describe(bodyLimit)}`,
    )
  }
  const encodings = options?.encodings ?? []
  if (!Array.isArray(encodings) || encodings.some((e) => typeof e !== 'string')) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'encodings',
      `use an array of encoding names, received ${describe(encodings)}`,
    )
  }
  // Last, as in Fastify: a missing handler or a bad option is reported first.
  if (regexp === undefined && key !== '*' && mediaTypeEssence(type as string) === undefined) {
    throw createError('FRM_ERR_CTP_INVALID_TYPE')
  }
  return {
    key,
    regexp,
    fn: fn as ParserEntry['fn'],
    callback: fn.length >= 3 && !isAsyncFunction(fn),
    parseAs,
    bodyLimit,
    encodings: encodings.map((e: string) => e.trim().toLowerCase()),
    builtin,
    returnsValue: builtin && fn.length === 2 && !isAsyncFunction(fn),
    ctx,
  }
}
