import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { createLogger, isSilent } from './logger.js'

describe('logger option', () => {
  it('is silent by default and when false, and its child is itself', () => {
    const logger = createLogger(undefined)
    expect(isSilent(logger)).toBe(true)
    expect(createLogger(false)).toBe(logger)
    expect(logger.child({ reqId: 1 })).toBe(logger)
    expect(() => logger.info('nothing')).not.toThrow()
  })

  it('true gives pino at info level', () => {
    const logger = createLogger(true)
    expect(logger.level).toBe('info')
    expect(isSilent(logger)).toBe(false)
  })

  it('pino options are passed to pino', () => {
    expect(createLogger({ level: 'warn' }).level).toBe('warn')
    expect(isSilent(createLogger({ level: 'silent' }))).toBe(true)
  })

  it('stream and file together are refused with FRM_ERR_LOG_INVALID_DESTINATION, as in Fastify', () => {
    const stream = new Writable({ write: (_chunk, _encoding, done) => done() })
    expect(() => createLogger({ level: 'info', stream, file: '/tmp/never' } as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_LOG_INVALID_DESTINATION',
        message: 'Cannot specify both logger.stream and logger.file options',
      }),
    )
  })

  it('a ready logger is used as it is', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const mine = pino(sink)
    const logger = createLogger(mine as never)
    expect(logger).toBe(mine)
    logger.info('hello')
    expect(JSON.parse(lines[0]!).msg).toBe('hello')
  })

  it("Fastify's `stream` and `file` options say where the lines go", async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = createLogger({ level: 'error', stream: sink } as never)
    logger.warn('dropped')
    logger.error('kept')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['kept'])

    const { mkdtempSync, readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const file = join(mkdtempSync(join(tmpdir(), 'logger-')), 'app.log')
    const toFile = createLogger({ file } as never) as unknown as {
      info(msg: string): void
      flush(cb: () => void): void
    }
    toFile.info('in the file')
    await new Promise<void>((resolve) => toFile.flush(() => resolve()))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(JSON.parse(readFileSync(file, 'utf8')).msg).toBe('in the file')
  })
})
