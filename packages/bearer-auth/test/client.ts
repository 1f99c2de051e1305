import type framework from 'framework'

/** A framework application, as the factory returns it. */
export type App = ReturnType<typeof framework>

/** What a test sees of a response, whichever way the request travelled. */
export interface Answer {
  status: number
  /** A response header by (case-insensitive) name; undefined when absent. */
  header(name: string): string | undefined
  /** The raw body text. */
  body: string
  json(): unknown
}

/** Sends one request to the app under test. */
export type Send = (
  method: string,
  url: string,
  headers?: Record<string, string>,
  body?: string,
) => Promise<Answer>

/** How a test reaches the app: over a real socket, or in process with inject(). */
export interface Client {
  name: 'socket' | 'inject'
  /** Readies the app (listening for the socket client) and returns the request function. */
  connect(app: App): Promise<Send>
}

export const socketClient: Client = {
  name: 'socket',
  async connect(app) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    return async (method, url, headers = {}, body) => {
      const response = await fetch(`${address}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      })
      const text = await response.text()
      return {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        body: text,
        json: () => JSON.parse(text),
      }
    }
  },
}

export const injectClient: Client = {
  name: 'inject',
  async connect(app) {
    await app.ready()
    return async (method, url, headers = {}, body) => {
      const response = await app.inject({
        method,
        url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      })
      return {
        status: response.statusCode,
        header: (name) => {
          const value = response.headers[name.toLowerCase()]
          return value === undefined ? undefined : String(value)
        },
        body: response.body,
        json: () => response.json(),
      }
    }
  },
}

/** Both ways in: every behaviour is checked over a real socket and through inject(). */
export const clients: readonly Client[] = [socketClient, injectClient]
