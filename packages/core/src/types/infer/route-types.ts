import type { SchemaToType } from './from-schema.js'
import type { InferMode } from './mode.js'
import type { KnownSchemas } from './shared-schemas.js'
import type { ExpandShorthand } from './shorthand.js'

/** One request part's or response's schema, shorthand included, as a type. */
type PartType<S, Known, Mode extends InferMode> = SchemaToType<ExpandShorthand<S>, Known, Mode>

type QuerystringSchema<S> = S extends { readonly querystring: infer Q }
  ? Q
  : S extends { readonly query: infer Q }
    ? Q
    : never

/**
 * The route generic a route's schema implies: `Body`, `Querystring`, `Params`, `Headers` (what the
 * validator produces) and `Responses` (what each response key accepts), for the parts the schema
 * declares. `Local` holds the shared schemas the instance type collected through `addSchema`.
 *
 * @example
 * type G = SchemaRouteGeneric<{ params: { id: { type: 'integer' } } }, {}> // { Params: { id?: number } }
 */
export type SchemaRouteGeneric<S, Local> = (S extends { readonly body: infer B }
  ? { Body: PartType<B, KnownSchemas<Local>, 'request'> }
  : {}) &
  ([QuerystringSchema<S>] extends [never]
    ? {}
    : { Querystring: PartType<QuerystringSchema<S>, KnownSchemas<Local>, 'request'> }) &
  (S extends { readonly params: infer P }
    ? { Params: PartType<P, KnownSchemas<Local>, 'request'> }
    : {}) &
  (S extends { readonly headers: infer H }
    ? { Headers: PartType<H, KnownSchemas<Local>, 'request'> }
    : {}) &
  (S extends { readonly response: infer R extends object }
    ? { Responses: { -readonly [K in keyof R]: PartType<R[K], KnownSchemas<Local>, 'reply'> } }
    : {})

/**
 * The generic a route's handler sees: the route generic written by hand (`app.get<{ Body: B }>`),
 * and what the route's schema implies for the parts it does not name.
 */
export type RouteTypes<G, S, Local> = G & SchemaRouteGeneric<S, Local>

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
 * The generic of a reply whose status was set to `Code` by `reply.code(Code)`. (The status travels
 * in the generic, not in a parameter of its own, so that a reply of any status stays assignable to
 * the plain `FrameworkReply`.)
 */
export type WithStatus<G, Code extends number> = Omit<G, 'Status'> & { Status: Code }

/** The status a reply's `send` is checked for: 200 until `reply.code(n)`. */
type StatusOf<G> = G extends { Status: infer Code } ? Code : 200

/**
 * What a reply with status `Code` may send: the route generic's `Reply`, else the response schema
 * of that status (exact code, then its class `2xx`, then `default`), else anything (`unknown`).
 *
 * @example
 * type Created = ReplyType<{ Responses: { 201: { id: number } } }, 201> // { id: number }
 */
export type ReplyType<G, Code = StatusOf<G>> = G extends { Reply: infer R }
  ? R
  : G extends { Responses: infer Map }
    ? ForStatus<Map, Code>
    : unknown

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
 * What a handler may return: with a reply type for 200 (the generic's `Reply`, or a response schema
 * for 200, `2xx` or `default`), a value of that type, the reply itself (`return reply`), nothing,
 * an Error, or a promise of one of them; otherwise anything.
 */
export type HandlerResult<G> =
  unknown extends ReplyType<G, 200>
    ? unknown
    : HandlerValue<ReplyType<G, 200>> | PromiseLike<HandlerValue<ReplyType<G, 200>>>
