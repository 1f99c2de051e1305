import { describe, expect, it } from 'vitest'
import { setup, thrown } from '../test/support.js'

const REFUSED =
  'uses $async, which is refused: asynchronous validation invites denial of service. Validate synchronously and move asynchronous checks into a preHandler hook'

describe('[1.7] $async is refused', () => {
  it('[1.7] at the root of a route schema', () => {
    const { compile } = setup()
    const error = thrown(() =>
      compile({ $async: true, type: 'object', properties: { name: { type: 'string' } } }),
    )
    expect(error.code).toBe('FRM_ERR_SCHEMA_ASYNC')
    expect(error.message).toBe(`The body schema of POST /items ${REFUSED}`)
  })

  it('[1.7] anywhere inside a route schema', () => {
    const { compile } = setup()
    const error = thrown(() =>
      compile(
        { type: 'object', properties: { id: { $async: true, type: 'string' } } },
        'params',
        'GET',
        '/items/:id',
      ),
    )
    expect(error.code).toBe('FRM_ERR_SCHEMA_ASYNC')
    expect(error.message).toBe(`The params schema of GET /items/:id ${REFUSED}`)
  })

  it('[1.7] in a shared schema the route uses, directly or through another shared schema', () => {
    const { compile } = setup({
      check: { $id: 'check', $async: true, type: 'string' },
      user: { $id: 'user', type: 'object', properties: { email: { $ref: 'check#' } } },
    })
    const direct = thrown(() => compile({ type: 'object', properties: { c: { $ref: 'check#' } } }))
    expect(direct.code).toBe('FRM_ERR_SCHEMA_ASYNC')
    expect(direct.message).toBe(
      `Shared schema 'check', used by the body schema of POST /items, ${REFUSED}`,
    )
    const through = thrown(() => compile({ $ref: 'user#' }, 'querystring', 'GET', '/users'))
    expect(through.message).toBe(
      `Shared schema 'check', used by the querystring schema of GET /users, ${REFUSED}`,
    )
  })

  it('[1.7] a shared schema with $async that no route uses is no error', () => {
    const { compile } = setup({
      check: { $id: 'check', $async: true, type: 'string' },
      name: { $id: 'name', type: 'string' },
    })
    expect(compile({ type: 'object', properties: { n: { $ref: 'name#' } } })({ n: 'a' })).toBe(true)
  })
})
