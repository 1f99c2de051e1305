import lightMyRequest from 'light-my-request'

/**
 * light-my-request, for the build bundlers use (`module` condition): a static import, so that
 * esbuild, Rollup and webpack put it in the bundle. The Node builds load it on first inject.
 */
export function loadLightMyRequest(): typeof import('light-my-request') {
  return lightMyRequest
}
