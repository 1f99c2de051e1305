import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Tells whether a presented key is one of the accepted keys, in a time that depends on neither the
 * accepted keys' lengths nor their bytes nor the position of the match.
 *
 * Both sides are reduced to fixed-size digests (HMAC-SHA256 under a secret drawn once per matcher),
 * so `timingSafeEqual` always compares 32 bytes, and every accepted key is compared, without early
 * exit. Hashing the presented key takes time linear in its own length only: that is what the client
 * sent, so it reveals nothing it did not already know.
 */
export interface KeyMatcher {
  /** True when `presented` equals one of the accepted keys. */
  matches(presented: string): boolean
}

/**
 * Builds a {@link KeyMatcher} from the accepted keys. The keys are digested here, once; the matcher
 * keeps only the digests, never the keys.
 */
export function createKeyMatcher(keys: readonly string[]): KeyMatcher {
  const secret = randomBytes(32)
  const digest = (value: string): Buffer => createHmac('sha256', secret).update(value).digest()
  const digests = keys.map(digest)
  return {
    matches(presented) {
      const candidate = digest(presented)
      let found = 0
      for (const accepted of digests) {
        // `|` (not `||`): every digest is compared whatever the earlier results.
        found |= timingSafeEqual(candidate, accepted) ? 1 : 0
      }
      return found === 1
    },
  }
}
