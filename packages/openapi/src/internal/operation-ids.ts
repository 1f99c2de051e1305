/**
 * Hands out unique operation ids: an id the route asked for (`schema.operationId`) if still free,
 * else one derived from method and path (`GET /users/:id` → `getUsersById`), with `_2`, `_3`...
 * appended only when it is taken.
 */
export class OperationIds {
  readonly #taken = new Set<string>()

  /** Reserves the ids routes asked for, first come first served, before any is derived. */
  reserve(id: string): void {
    this.#taken.add(id)
  }

  /** Whether `id` is already handed out or reserved. */
  isTaken(id: string): boolean {
    return this.#taken.has(id)
  }

  /** The id of one operation; `requested` was reserved before when given. */
  next(method: string, url: string, requested: string | undefined, reserved: boolean): string {
    if (requested !== undefined && reserved) return requested
    const base = requested ?? deriveOperationId(method, url)
    for (let n = 1; ; n++) {
      const id = n === 1 ? base : `${base}_${n}`
      if (!this.#taken.has(id)) {
        this.#taken.add(id)
        return id
      }
    }
  }
}

/**
 * An operation id from method and path.
 *
 * @example
 * deriveOperationId('GET', '/v1/users/:id') // 'getV1UsersById'
 * deriveOperationId('POST', '/') // 'postRoot'
 */
export function deriveOperationId(method: string, url: string): string {
  let id = method.toLowerCase()
  for (const segment of url.split('/')) {
    if (segment === '') continue
    for (const part of segment.split(/(?=:)/)) {
      if (part === '*') id += 'Wildcard'
      else if (part.startsWith(':')) id += `By${pascal(part.slice(1).replace(/\(.*$/, ''))}`
      else id += pascal(part)
    }
  }
  return id === method.toLowerCase() ? `${id}Root` : id
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
}
