import { type } from 'arktype'
import framework from 'framework'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'

// API.md "Standard Schema": every schema slot and addSchema accept a Standard Schema value.
describe('Standard Schema values in schema slots (types)', () => {
  it('accepts Zod, Valibot and ArkType values beside JSON Schema in one route', () => {
    const app = framework()
    const chained = app.post(
      '/users/:id',
      {
        schema: {
          params: type({ id: 'string.numeric.parse' }),
          body: z.object({ name: z.string() }),
          querystring: { type: 'object', properties: { limit: { type: 'integer' } } },
          headers: v.object({ 'x-token': v.string() }),
          response: {
            200: v.object({ name: v.string() }),
            '4xx': z.object({ message: z.string() }),
          },
        },
        responseValidation: true,
      },
      async () => ({ name: 'ada' }),
    )
    expectTypeOf(chained).toEqualTypeOf(app)
  })

  it('accepts a Standard Schema value in addSchema and the responseValidation factory option', () => {
    const app = framework({ responseValidation: true })
    expectTypeOf(app.addSchema(z.object({ name: z.string() }).meta({ id: 'User' }))).toEqualTypeOf(
      app,
    )
    // @ts-expect-error responseValidation is a boolean
    framework({ responseValidation: 'yes' })
  })
})
