import { framework } from './factory.js'

export type { FrameworkOptions, PrecompiledModule } from 'framework/assemble'
export { consoleLogger } from './console-logger.js'
export type { FetchFrameworkOptions } from './factory.js'
export { type FetchHandler, toFetchHandler } from './fetch-handler.js'
export { FetchTransport, type FetchTransportOptions } from './fetch-transport.js'
export type { FetchRawReply } from './internal/raw-reply.js'
export type { FetchRawRequest } from './internal/raw-request.js'
export { framework }
export default framework
