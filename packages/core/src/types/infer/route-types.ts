import type { RouteGeneric } from '../request.js'
import type { SchemaToType } from './from-schema.js'
import type { InferMode } from './mode.js'
import type { KnownSchemas } from './shared-schemas.js'
import type { ExpandShorthand } from './shorthand.js'

/** A schema that is surely not the shorthand (the first test of `ExpandShorthand`). */
type FullSchema =
  | { readonly type: string | readonly string[] }
  | { readonly $ref: string }
  | { readonly properties: object }

/**
 * One request part's or response's schema, shorthand included, as a type. A full schema (most are)
 * goes straight to `SchemaToType`, without the two alias steps of `ExpandShorthand` (issue 33).
 */
type PartType<S, Known, Mode extends InferMode> = S extends FullSchema
  ? SchemaToType<S, Known, Mode>
  : SchemaToType<ExpandShorthand<S>, Known, Mode>

/**
 * A body or response declared by content type (`{ content: { [type]: { schema } } }`): the union
 * of what each media type's schema gives; any other schema: its type.
 */
type ContentPartType<S, Known, Mode extends InferMode> = S extends { readonly content: ContentMap }
  ? ContentUnion<S['content'], Known, Mode>
  : PartType<S, Known, Mode>

/** The schemas of a body or response by media type. */
interface ContentMap {
  readonly [type: string]: { readonly schema: unknown }
}

/**
 * The union of what each media type's schema gives (apart from `ContentPartType`, so that the common
 * schema without `content` is matched without `infer`, issue 33).
 */
type ContentUnion<C extends ContentMap, Known, Mode extends InferMode> = {
  [T in keyof C]: PartType<C[T]['schema'], Known, Mode>
}[keyof C]

type QuerystringSchema<S> = S extends { readonly querystring: infer Q }
  ? Q
  : S extends { readonly query: infer Q }
    ? Q
    : never

/**
 * The route generic a route's schema implies: `Body`, `Querystring`, `Params`, `Headers` (what the
 * validator produces; the untyped defaults for the parts the schema does not declare) and
 * `Responses` (what each response key accepts). `Local` holds the shared schemas the instance type
 * collected through `addSchema`. One object type, not an intersection: the checker reads it often.
 *
 * @example
 * type G = SchemaRouteGeneric<{ params: { id: { type: 'integer' } } }, {}>
 * // G['Params']: { id?: number }
 */
export type SchemaRouteGeneric<S, Local> = {
  Body: S extends { readonly body: infer B }
    ? ContentPartType<B, KnownSchemas<Local>, 'body'>
    : unknown
  Querystring: [QuerystringSchema<S>] extends [never]
    ? Record<string, any>
    : PartType<QuerystringSchema<S>, KnownSchemas<Local>, 'request'>
  Params: S extends { readonly params: infer P }
    ? PartType<P, KnownSchemas<Local>, 'request'>
    : Record<string, any>
  Headers: S extends { readonly headers: infer H }
    ? PartType<H, KnownSchemas<Local>, 'request'>
    : unknown
  Responses: S extends { readonly response: infer R extends object }
    ? { -readonly [K in keyof R]: ContentPartType<R[K], KnownSchemas<Local>, 'reply'> }
    : unknown
}

/**
 * The route generic the route methods default to: "read the types from the route's schema". A
 * distinct type, so that no generic at all is told apart from a generic written by hand.
 */
export interface FromRouteSchema extends RouteGeneric {
  readonly '~fromRouteSchema': true
}

/**
 * The generic a route's handler sees: the route generic written by hand (`app.get<{ Body: B }>`),
 * else what the route's schema implies.
 *
 * @example
 * type G = RouteTypes<FromRouteSchema, { body: { name: { type: 'string' } } }, {}>
 * // G['Body']: { name?: string }
 */
export type RouteTypes<G, S, Local> = G extends FromRouteSchema ? SchemaRouteGeneric<S, Local> : G

type ForStatus<Map, Code> = Code extends keyof Map
  ? Map[Code]
  : `${Code & number}` extends keyof Map
    ? Map[`${Code & number}`]
    : `${Code & number}` extends `${infer Class extends string}${string}${string}`
      ? `${Class}xx` extends keyof Map
        ? Map[`${Class}xx`]
        : `${Class}XX` extends keyof Map
          ? Map[`${Class}XX`]
          : 'default' extends keyof Map
            ? Map['default']
            : unknown
      : unknown

/**
 * What a reply with status `Code` may send: the route generic's `Reply`, else the response schema
 * of that status (exact code, then its class `2xx`, then `default`), else anything (`unknown`).
 *
 * @example
 * type Created = ReplyType<{ Responses: { 201: { id: number } } }, 201> // { id: number }
 */
export type ReplyType<G, Code = 200> = G extends { Reply: unknown }
  ? G['Reply' & keyof G]
  : G extends { Responses: unknown }
    ? StatusOf<G['Responses' & keyof G], Code>
    : unknown

/** The entry of a response map for status `Code` (anything when the map is `unknown`). */
type StatusOf<Map, Code> = unknown extends Map ? unknown : ForStatus<Map, Code>

/**
 * `reply.send` accepts the reply type, or an Error (handed to the error handler); anything when no
 * reply type applies. (Written without an `unknown extends` test, which would make every typed
 * reply unassignable to the plain `FrameworkReply`.)
 */
export type ReplyPayload<G> = ReplyType<G> | Error

/** The reply object, returned by `return reply` or `return reply.send(x)`. */
interface SentReply {
  readonly sent: boolean
  readonly statusCode: number
}

// biome-ignore lint/suspicious/noConfusingVoidType: a handler that only calls reply.send returns void
type HandlerValue<T> = T | Error | undefined | void | SentReply

/**
 * What a handler's return value may be, as Fastify 4 types it: the route generic's `Reply`, else the
 * union of every declared response schema's type (the handler may have set any status before
 * returning: `reply.code(404); return { message }`), else anything (`unknown`).
 *
 * @example
 * type R = ReturnedReply<{ Responses: { 200: { id: number }; 404: { message: string } } }>
 * // { id: number } | { message: string }
 */
type ReturnedReply<G> = G extends { Reply: unknown }
  ? G['Reply' & keyof G]
  : G extends { Responses: unknown }
    ? EveryResponse<G['Responses' & keyof G]>
    : unknown

/** The union of a response map's entries (anything when the map is `unknown` or empty). */
type EveryResponse<Map> = unknown extends Map
  ? unknown
  : [keyof Map] extends [never]
    ? unknown
    : Map[keyof Map]

/**
 * What a handler may return: with declared replies (the generic's `Reply`, or the response schemas),
 * a value of one of their types, the reply itself (`return reply`), nothing, an Error, or a promise
 * of one of them; otherwise anything. (A `Promise`, not any thenable: comparing two promises is
 * cheap for the type checker, comparing a promise with `PromiseLike` is not.)
 */
export type HandlerResult<G> =
  unknown extends ReturnedReply<G>
    ? unknown
    : HandlerValue<ReturnedReply<G>> | Promise<HandlerValue<ReturnedReply<G>>>
