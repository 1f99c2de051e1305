import framework from 'framework'
import { describe, expectTypeOf, it } from 'vitest'
import { buildDocument, type OpenApiDocument, type OpenApiOptions, openapi } from './index.js'

describe('types', () => {
  it('app.openapi() is typed as the document once the package is imported', () => {
    const app = framework()
    app.register(openapi, { openapi: { info: { title: 'T', version: '1' } }, routePrefix: '/spec' })
    expectTypeOf(app.openapi()).toEqualTypeOf<OpenApiDocument>()
    expectTypeOf(app.openapi().openapi).toEqualTypeOf<'3.1.0'>()
  })

  it('options are checked', () => {
    expectTypeOf<{ exposeRoute: boolean }>().toMatchTypeOf<OpenApiOptions>()
    // @ts-expect-error info needs a version
    const bad: OpenApiOptions = { openapi: { info: { title: 'T' } } }
    expectTypeOf(bad).toEqualTypeOf<OpenApiOptions>()
  })

  it('buildDocument returns a document', () => {
    expectTypeOf(
      buildDocument([], { info: { title: 'T', version: '1' } }),
    ).toEqualTypeOf<OpenApiDocument>()
  })
})
