import type { FetchTransport } from './fetch-transport.js'

/** The transport of each application made by the fetch entry's `framework()`. */
export const transports = new WeakMap<object, FetchTransport>()
