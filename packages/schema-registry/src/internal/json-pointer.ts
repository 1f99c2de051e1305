/**
 * Characters a URI fragment may hold as they are (RFC 3986: unreserved, sub-delims, ':', '@', '/',
 * '?'). Everything else is percent-encoded, '%' included.
 */
const NOT_FRAGMENT_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu

/** Percent-encodes what a URI fragment cannot hold as it is. */
export function encodeFragment(text: string): string {
  return text.replace(NOT_FRAGMENT_SAFE, (char) => encodeURIComponent(char))
}

/** Decodes percent-encoding; undefined when the text is malformed. */
export function decodeFragment(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** The JSON pointer (`/a/b`) of `segments`, escaped (RFC 6901) and encoded for a URI fragment. */
export function pointerOf(segments: readonly string[]): string {
  return segments
    .map((segment) => `/${encodeFragment(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`)
    .join('')
}
