/** Optional whitespace around a header value, as HTTP allows. */
const surroundingWhitespace = /^[ \t]+|[ \t]+$/g

/** The scheme, case-insensitively, then at least one space, then the credential. */
const bearerCredential = /^bearer[ \t]+(.+)$/i

/**
 * The key of an `Authorization: Bearer <key>` header, or `undefined` when the header is absent,
 * repeated, uses another scheme, or carries no key. The scheme is matched case-insensitively
 * (`bearer`, `BEARER`); the key is everything after the spaces that follow it.
 */
export function parseAuthorization(
  header: string | readonly string[] | undefined,
): string | undefined {
  if (typeof header !== 'string') return undefined
  const match = bearerCredential.exec(header.replace(surroundingWhitespace, ''))
  return match?.[1]
}
