import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { QueryObject, Transport } from '@framework/core'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type ContentTypeParserEntry,
  createHttpTransport,
  defaultContentTypeParsers,
  type HttpTransportOptions,
  jsonParser,
  parseQuery,
  textParser,
} from './index.js'

describe('public types', () => {
  it('createHttpTransport gives a Transport of node:http requests and responses', () => {
    const transport = createHttpTransport()
    expectTypeOf(transport).toMatchTypeOf<Transport<IncomingMessage, ServerResponse>>()
    expectTypeOf(transport.server).toEqualTypeOf<Server>()
    expectTypeOf(createHttpTransport).parameter(0).toEqualTypeOf<HttpTransportOptions | undefined>()
    expectTypeOf(transport.listen).returns.toEqualTypeOf<Promise<string>>()
  })

  it('options are all optional', () => {
    expectTypeOf<{}>().toMatchTypeOf<HttpTransportOptions>()
    expectTypeOf<HttpTransportOptions['requestTimeout']>().toEqualTypeOf<number | undefined>()
  })

  it('parsers and the query parser have the shapes the core expects', () => {
    expectTypeOf(parseQuery).toEqualTypeOf<(search: string) => QueryObject>()
    expectTypeOf(jsonParser).returns.toEqualTypeOf<unknown>()
    expectTypeOf(textParser).returns.toEqualTypeOf<string>()
    expectTypeOf(defaultContentTypeParsers).toEqualTypeOf<ContentTypeParserEntry[]>()
  })
})
