import type { FrameworkError } from '@framework/error-formatter'
import framework from 'framework'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  BearerAuthErrorResponse,
  BearerAuthFunction,
  BearerAuthOptions,
  BearerAuthRequest,
} from './bearer-auth-options.js'
import defaultExport, { bearerAuth } from './index.js'

describe('bearer-auth types', () => {
  it('exports the plugin as the default export and by name', () => {
    expectTypeOf(defaultExport).toEqualTypeOf(bearerAuth)
  })

  it('accepts keys as an array or a Set, or an auth function, sync or async', () => {
    expectTypeOf({ keys: ['k1'] }).toExtend<BearerAuthOptions>()
    expectTypeOf({ keys: new Set(['k1']) }).toExtend<BearerAuthOptions>()
    expectTypeOf({ auth: (key: string) => key === 'k1' }).toExtend<BearerAuthOptions>()
    expectTypeOf({ auth: async (_key: string) => true }).toExtend<BearerAuthOptions>()
    expectTypeOf({
      keys: ['k1'] as const,
      errorResponse: (error: FrameworkError) => ({ reason: error.code }),
    }).toExtend<BearerAuthOptions>()
  })

  it('refuses options with neither keys nor auth, or with both, or keys that are not strings', () => {
    expectTypeOf({}).not.toExtend<BearerAuthOptions>()
    expectTypeOf({ keys: ['k1'], auth: () => true }).not.toExtend<BearerAuthOptions>()
    expectTypeOf({ keys: [1] }).not.toExtend<BearerAuthOptions>()
    expectTypeOf({ keys: 'k1' }).not.toExtend<BearerAuthOptions>()
    expectTypeOf({ auth: () => 'yes' }).not.toExtend<BearerAuthOptions>()
  })

  it('hands auth the key and the request, and errorResponse the coded error', () => {
    expectTypeOf<Parameters<BearerAuthFunction>>().toEqualTypeOf<[string, BearerAuthRequest]>()
    expectTypeOf<BearerAuthRequest['headers']['authorization']>().toEqualTypeOf<
      string | string[] | undefined
    >()
    expectTypeOf<Parameters<BearerAuthErrorResponse>>().toEqualTypeOf<[FrameworkError]>()
  })

  it("is accepted by the framework's register, with each form of options", () => {
    const app = framework()
    app.register(bearerAuth, { keys: ['k1'] })
    app.register(bearerAuth, { keys: new Set(['k1']), errorResponse: (error) => error.code })
    app.register(bearerAuth, {
      auth: async (key, request) => key === request.headers['x-key'],
    })
    app.register(async (child) => {
      child.register(bearerAuth, { keys: ['k1'] })
    })
    // @ts-expect-error keys and auth together
    app.register(bearerAuth, { keys: ['k1'], auth: () => true })
    // @ts-expect-error keys that are not strings
    app.register(bearerAuth, { keys: [1] })
  })
})
