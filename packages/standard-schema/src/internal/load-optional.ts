import { createRequire } from 'node:module'
import { join } from 'node:path'

/**
 * Loads an optional package synchronously (compilers run synchronously at ready): first as this
 * package sees it, then as the application (the current directory) sees it. Undefined when neither
 * has it installed.
 */
export function loadOptional<T>(name: string): T | undefined {
  for (const base of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      return createRequire(base)(name) as T
    } catch {
      // not installed there: try the next place
    }
  }
  return undefined
}
