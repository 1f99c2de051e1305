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
})
