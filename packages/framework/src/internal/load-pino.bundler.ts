import { pino } from 'pino'

/**
 * pino, for the build bundlers use (`module` condition): a static import, so that esbuild, Rollup
 * and webpack put it in the bundle. The Node builds load it on first use (load-pino.ts).
 */
export function loadPino(): typeof pino {
  return pino
}
