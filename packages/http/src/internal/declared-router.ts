import type {
  ConstraintStrategy,
  DeclaredRoute,
  FoundRoute,
  PrintRoutesOptions,
} from '@framework/core'
import FindMyWay from 'find-my-way'
import type { RouterOptions } from './router.js'

type Router = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>

/** What a declared route's store holds: its index in the list, and its meta for printRoutes. */
interface Store {
  index: number
  meta: Record<string, unknown>
}

/**
 * A router of the routes declared so far, built as the mounted one will be (same options, same
 * strategies), whose stores are the routes' indexes: what `findRoute`, `hasRoute` and
 * `printRoutes` ask before and after ready. It is rebuilt only when routes were added.
 */
export class DeclaredRouter {
  #router: Router | null = null
  #routes: readonly DeclaredRoute[] | null = null
  #count = -1
  #strategies = -1

  constructor(readonly options: RouterOptions) {}

  #get(routes: readonly DeclaredRoute[], strategies: readonly ConstraintStrategy[]): Router {
    if (
      this.#router !== null &&
      this.#routes === routes &&
      this.#count === routes.length &&
      this.#strategies === strategies.length
    ) {
      return this.#router
    }
    const options = this.options
    const router = FindMyWay({
      ...(strategies.length === 0
        ? {}
        : {
            constraints: Object.fromEntries(
              strategies.map((strategy) => [strategy.name, strategy]),
            ) as never,
          }),
      caseSensitive: options.caseSensitive,
      ignoreTrailingSlash: options.ignoreTrailingSlash,
      ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
      allowUnsafeRegex: options.allowUnsafeRegex,
      maxParamLength: options.maxParamLength,
      ...({ buildPrettyMeta: prettyMeta(options.buildPrettyMeta) } as object),
    })
    routes.forEach((route, index) => {
      const store: Store = { index, meta: route.meta ?? {} }
      try {
        router.on(
          route.method as FindMyWay.HTTPMethod,
          route.url,
          { constraints: route.constraints ?? {} },
          () => {},
          store,
        )
      } catch {
        // A path the router already holds in the same form (`/v1` and `/v1/` when trailing
        // slashes are ignored): the first one answers, as at mount.
      }
    })
    this.#router = router
    this.#routes = routes
    this.#count = routes.length
    this.#strategies = strategies.length
    return router
  }

  /** The declared route `method` + `url` reaches, as a request would (constraints as derived). */
  find(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy[],
    method: string,
    url: string,
    constraints: Record<string, unknown> | undefined,
  ): FoundRoute | null {
    const router = this.#get(routes, strategies)
    if (!(router as unknown as { trees: Record<string, unknown> }).trees[method]) return null
    const found = router.find(method as FindMyWay.HTTPMethod, url, constraints ?? {}) as {
      store: Store
      params: Record<string, string | undefined>
      searchParams?: Record<string, string>
    } | null
    if (found === null) return null
    return {
      index: found.store.index,
      params: { ...found.params },
      searchParams: { ...found.searchParams },
    }
  }

  /** find-my-way's tree of the declared routes (Fastify's `printRoutes` format). */
  print(
    routes: readonly DeclaredRoute[],
    strategies: readonly ConstraintStrategy[],
    options: PrintRoutesOptions,
  ): string {
    return this.#get(routes, strategies).prettyPrint(options as never)
  }
}

/**
 * find-my-way's `buildPrettyMeta` over the declared routes' stores: the route's meta by default,
 * else what the application's function (`routerOptions.buildPrettyMeta`) makes of the route, given
 * with its meta as `store`.
 */
function prettyMeta(
  build: RouterOptions['buildPrettyMeta'],
): (route: { store?: Store }) => Record<string | symbol, unknown> {
  if (build === undefined) return (route) => ({ ...route.store?.meta })
  return (route) => build({ ...route, store: { ...route.store?.meta } })
}
