import type { StatusClasses, StatusCode } from './status-codes.js'

/** The methods a typed client has a function for (its keys in `Routes`). */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** One answer: the status, the response headers and the body (parsed JSON, text, or undefined when empty). */
export interface TypedResponse<Status extends number = number, Data = unknown> {
  status: Status
  headers: Headers
  data: Data
}

/** What every call accepts besides the route's own parts. */
export interface CallOptions {
  /** Extra request headers (over the client's `headers`); `undefined` values are left out. */
  headers?: Record<string, string | number | boolean | undefined>
  /** Aborts the request (fetch only). */
  signal?: AbortSignal
}

/** The exact status codes a responses map declares (`'200'` → 200). */
type ExactCodes<M> = keyof M extends infer K
  ? K extends `${infer N extends number}`
    ? N
    : never
  : never

/** The codes the class keys (`'2xx'`) of a responses map stand for. */
type ClassCodes<M> = {
  [K in keyof M]: K extends `${infer D extends keyof StatusClasses}xx` ? StatusClasses[D] : never
}[keyof M]

/**
 * The status of a responses-map key: a code as itself; a class (`'2xx'`) as its codes not declared
 * exactly; `'default'` as every other registered code.
 */
type StatusOf<K, M> = K extends `${infer N extends number}`
  ? N
  : K extends `${infer D extends keyof StatusClasses}xx`
    ? Exclude<StatusClasses[D], ExactCodes<M>>
    : K extends 'default'
      ? Exclude<StatusCode, ExactCodes<M> | ClassCodes<M>>
      : never

/**
 * The answers of a route, as a union discriminated by `status`: check `status` before reading `data`.
 *
 * @example
 * type R = ResponseOf<{ responses: { '200': { name: string }; '404': { message: string } } }>
 * // TypedResponse<200, { name: string }> | TypedResponse<404, { message: string }>
 */
export type ResponseOf<Route> = Route extends { responses: infer M }
  ? { [K in keyof M & string]-?: TypedResponse<StatusOf<K, M>, M[K]> }[keyof M & string]
  : TypedResponse

/** The options of a call to a route: its request parts (`params`, `query`, `headers`, `body`) and {@link CallOptions}. */
export type RequestOptions<Route> = Omit<Route, 'responses'> & CallOptions

/** The options argument: optional when the route requires no part. */
type OptionsArgument<Route> =
  {} extends RequestOptions<Route>
    ? [options?: RequestOptions<Route>]
    : [options: RequestOptions<Route>]

/** The paths `Routes` declares for a method. */
export type PathsOf<Routes, M extends Method> = M extends keyof Routes
  ? keyof Routes[M] & string
  : never

/**
 * The routes of one method, with an index signature for the type checker's sake: while it infers
 * the path of a call, it reads the options through the constraint of the path (`string`), and the
 * index signature keeps that one small type instead of the union of every route, so a call costs
 * the same whatever the number of routes.
 */
type Table<Routes, M> = (M extends keyof Routes ? Routes[M] : {}) & {
  [path: string]: { [part: string]: unknown }
}

/** The route `Routes` declares for a method and path. */
export type RouteAt<Routes, M extends Method, P> = Table<Routes, M>[P & string]

/** One method's function: a path of `Routes` (a typo does not compile), then the route's options. */
export type MethodCall<Routes, M extends Method> = <P extends string>(
  path: P extends PathsOf<Routes, M> ? P : PathsOf<Routes, M>,
  ...options: OptionsArgument<RouteAt<Routes, M, P>>
) => Promise<ResponseOf<RouteAt<Routes, M, P>>>

/**
 * A client typed by a generated `Routes` type: one function per method, each returning
 * `{ status, headers, data }` narrowed by `status`.
 */
export interface TypedClient<Routes> {
  get: MethodCall<Routes, 'GET'>
  head: MethodCall<Routes, 'HEAD'>
  post: MethodCall<Routes, 'POST'>
  put: MethodCall<Routes, 'PUT'>
  patch: MethodCall<Routes, 'PATCH'>
  delete: MethodCall<Routes, 'DELETE'>
  options: MethodCall<Routes, 'OPTIONS'>
}
