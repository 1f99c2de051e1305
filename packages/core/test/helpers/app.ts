import { type CoreOptions, createInstance, type Instance } from '../../src/index.js'
import { fakeCompilers } from './fake-compilers.js'
import { type FakeRaw, type FakeRes, FakeTransport } from './fake-transport.js'

/** A JSON parser like the umbrella's (strings in, values out; empty → 400). */
export const jsonParser = (_request: unknown, body: string): unknown => {
  if (body.trim() === '')
    throw Object.assign(new Error('Body cannot be empty'), { statusCode: 400 })
  return JSON.parse(body)
}

/** A root instance on a fake transport with fake compilers and the JSON/text parsers. */
export function createApp(options: Partial<CoreOptions<FakeRaw, FakeRes>> = {}): {
  app: Instance
  transport: FakeTransport
  compilers: ReturnType<typeof fakeCompilers>
} {
  const transport = new FakeTransport()
  const compilers = fakeCompilers()
  const app = createInstance<FakeRaw, FakeRes>({
    transport,
    validatorCompiler: compilers.validatorCompiler,
    serializerCompiler: compilers.serializerCompiler,
    responseSelector: compilers.responseSelector,
    contentTypeParsers: [
      { type: 'application/json', options: { parseAs: 'string' }, parser: jsonParser },
      { type: /^[^/]+\/[^/]+\+json$/, options: { parseAs: 'string' }, parser: jsonParser },
      { type: 'text/plain', options: { parseAs: 'string' }, parser: (_request, body) => body },
    ],
    ...options,
  })
  return { app, transport, compilers }
}
