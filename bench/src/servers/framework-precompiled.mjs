// Start-up target only: the framework's start-up app with its validators and serializers loaded
// from the module `startup-precompile.mjs` built ahead (`framework({ precompiled })`).
import { createRequire } from 'node:module'
import * as frameworkModule from 'framework'
import { precompiledFile } from '../startup-precompile.mjs'

const factory = frameworkModule.default ?? frameworkModule.framework
const require = createRequire(import.meta.url)

/** An instance that loads the precompiled module of `routes` routes (built by the harness). */
export function createApp({ routes } = {}) {
  return factory({ precompiled: require(precompiledFile(routes)) })
}
