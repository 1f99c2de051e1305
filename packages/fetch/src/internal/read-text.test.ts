import { describe, expect, it } from 'vitest'
import { asDeclared } from './read-text.js'

/** What `Request#text()` makes of these bytes (the host's decoder, not Buffer's). */
const textOf = (bytes: Uint8Array) => new Response(bytes).text()

describe('asDeclared: the text of a body read with text(), as Buffer#toString would give it', () => {
  it('passes a text whose UTF-8 length is the declared one', () => {
    expect(asDeclared('héllo', 6)).toBe('héllo')
    expect(asDeclared('', 0)).toBe('')
  })

  it('fails a text longer or shorter than declared (multi-byte characters counted as bytes)', () => {
    expect(asDeclared('héllo', 5)).toBe(null)
    expect(asDeclared('héllo', 7)).toBe(null)
    expect(asDeclared('hello world', 5)).toBe(null)
  })

  it('gives back the byte order mark text() dropped, as node:http keeps it', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])
    const text = await textOf(bytes)
    expect(text).toBe('hi')
    expect(asDeclared(text, bytes.byteLength)).toBe(Buffer.from(bytes).toString('utf8'))
    expect(asDeclared(text, bytes.byteLength)).toBe('\uFEFFhi')
  })

  it('passes invalid UTF-8 read as U+FFFD, as Buffer#toString reads it', async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0x7d, 0xe2, 0x82, 0x41])
    const text = await textOf(bytes)
    expect(text).toBe(Buffer.from(bytes).toString('utf8'))
    expect(asDeclared(text, bytes.byteLength)).toBe(text)
    // Its UTF-8 length is 9 (two U+FFFD of 3 bytes): 5 to 9 bytes, or 8 to 12 with a mark.
    expect(Buffer.byteLength(text)).toBe(9)
    expect(asDeclared(text, 4)).toBe(null)
    expect(asDeclared(text, 11)).toBe(`\uFEFF${text}`)
    expect(asDeclared(text, 13)).toBe(null)
  })
})
