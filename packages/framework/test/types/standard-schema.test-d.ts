import { type } from 'arktype'
import framework from 'framework'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'

describe('Standard Schema values infer their types (Zod, Valibot, ArkType)', () => {
  it('types request parts with the output type and checks replies against the input type', () => {
    framework().post(
      '/items/:id',
      {
        schema: {
          params: type({ id: 'string.numeric.parse' }),
          body: z.object({ name: z.string(), count: z.coerce.number().default(1) }),
          headers: v.object({ 'x-token': v.string() }),
          response: { 201: z.object({ id: z.number() }) },
        },
      },
      async (request, reply) => {
        expectTypeOf(request.params).toEqualTypeOf<{ id: number }>()
        expectTypeOf(request.body).toEqualTypeOf<{ name: string; count: number }>()
        expectTypeOf(request.headers['x-token']).toEqualTypeOf<string>()
        reply.code(201).send({ id: 1 })
        // @ts-expect-error: id is a number in the 201 schema
        reply.code(201).send({ id: 'one' })
      },
    )
  })
})
