import { createHttpTransport, type HttpTransport, type HttpTransportOptions } from '../src/index.js'
import { fakeTable, type TableLog } from './fake-table.js'

export interface Served {
  transport: HttpTransport
  log: TableLog
  /** `http://127.0.0.1:<port>` */
  base: string
  port: number
  close(): Promise<void>
}

/** A transport with the fake table mounted, listening on a free port of 127.0.0.1. */
export async function serve(
  options: HttpTransportOptions = {},
  tableOptions: Parameters<typeof fakeTable>[1] = {},
): Promise<Served> {
  const transport = createHttpTransport(options)
  const { table, log } = fakeTable(transport, tableOptions)
  transport.mount(table)
  const base = await transport.listen({ port: 0, host: '127.0.0.1' })
  const port = Number(new URL(base).port)
  return {
    transport,
    log,
    base,
    port,
    close: async () => {
      transport.server.closeAllConnections()
      await transport.close()
    },
  }
}
