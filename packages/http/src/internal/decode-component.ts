/**
 * Percent-decoding for query strings that never throws: `+` becomes a space, well-formed `%XX`
 * escapes that spell valid UTF-8 are decoded, and any other `%` sequence (a bad hex digit, a lone
 * continuation byte, an overlong or truncated UTF-8 sequence, an encoded surrogate) is kept as it
 * was sent. `decodeURIComponent` would throw on those, and a try/catch per key would cost on every
 * request.
 */

/** Hex digit values by char code (0-127), -1 for a char that is not a hex digit. */
const HEX_VALUES = new Int8Array(128).fill(-1)
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUES[digit.toString(16).charCodeAt(0)] = digit
  HEX_VALUES[digit.toString(16).toUpperCase().charCodeAt(0)] = digit
}

/** The byte spelled by the `%XX` escape at `index`, or -1 when there is no valid escape there. */
function escapedByte(text: string, index: number): number {
  if (index + 2 >= text.length || text.charCodeAt(index) !== 37) return -1
  const high = text.charCodeAt(index + 1)
  const low = text.charCodeAt(index + 2)
  if (high > 127 || low > 127) return -1
  const highValue = HEX_VALUES[high]!
  const lowValue = HEX_VALUES[low]!
  if (highValue < 0 || lowValue < 0) return -1
  return (highValue << 4) | lowValue
}

/**
 * The code point of the UTF-8 sequence whose first escape is at `index`, or -1 when the escapes
 * there do not spell one valid UTF-8 character. `leadByte` is the byte of the first escape.
 */
function escapedCodePoint(text: string, index: number, leadByte: number): number {
  let size: number
  let codePoint: number
  if (leadByte < 0x80) return leadByte
  if (leadByte >= 0xc2 && leadByte <= 0xdf) {
    size = 2
    codePoint = leadByte & 0x1f
  } else if (leadByte >= 0xe0 && leadByte <= 0xef) {
    size = 3
    codePoint = leadByte & 0x0f
  } else if (leadByte >= 0xf0 && leadByte <= 0xf4) {
    size = 4
    codePoint = leadByte & 0x07
  } else {
    return -1
  }
  for (let position = 1; position < size; position++) {
    const byte = escapedByte(text, index + 3 * position)
    if (byte < 0x80 || byte > 0xbf) return -1
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    if (
      position === 1 &&
      ((leadByte === 0xe0 && byte < 0xa0) ||
        (leadByte === 0xed && byte > 0x9f) ||
        (leadByte === 0xf0 && byte < 0x90) ||
        (leadByte === 0xf4 && byte > 0x8f))
    ) {
      return -1
    }
    codePoint = (codePoint << 6) | (byte & 0x3f)
  }
  return codePoint
}

/** Number of `%XX` escapes that make up the UTF-8 encoding of `codePoint`. */
function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4
}

/**
 * Decodes one key or value of a query string: `+` → space, `%XX` escapes → characters, malformed
 * escapes kept as they are.
 *
 * @example
 * decodeComponent('a+b%20c%zz') // 'a b c%zz'
 */
export function decodeComponent(text: string): string {
  let decoded = ''
  let copiedUpTo = 0
  const length = text.length
  for (let index = 0; index < length; index++) {
    const charCode = text.charCodeAt(index)
    if (charCode === 43) {
      decoded += `${text.slice(copiedUpTo, index)} `
      copiedUpTo = index + 1
    } else if (charCode === 37) {
      const leadByte = escapedByte(text, index)
      if (leadByte === -1) continue
      const codePoint = escapedCodePoint(text, index, leadByte)
      if (codePoint === -1) continue
      decoded += text.slice(copiedUpTo, index) + String.fromCodePoint(codePoint)
      index += 3 * utf8Length(codePoint) - 1
      copiedUpTo = index + 1
    }
  }
  return copiedUpTo === 0 ? text : decoded + text.slice(copiedUpTo)
}
