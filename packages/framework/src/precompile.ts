import { createPrecompiler, type Precompiler, type PrecompileSummary } from './precompiler.js'

/** An application as the build step needs it. */
interface ReadyableApp {
  ready(): PromiseLike<unknown>
  close(): PromiseLike<unknown>
}

/**
 * The build step: creates the application with `build({ precompiled })` (pass that option on to
 * `framework()`), makes it ready (every schema is compiled; a bad one fails here with the error
 * `ready()` gives), closes it and writes the module of its validators and serializers to `file`.
 *
 * @example
 * // build.mjs, run before start: node build.mjs
 * import { precompile } from 'framework'
 * import { buildApp } from './app.mjs' // (options) => framework(options) with the routes
 * await precompile(buildApp, new URL('./compiled.cjs', import.meta.url).pathname)
 */
export async function precompile(
  build: (options: { precompiled: Precompiler }) => ReadyableApp | PromiseLike<ReadyableApp>,
  file: string,
): Promise<PrecompileSummary> {
  const precompiler = createPrecompiler()
  const app = await build({ precompiled: precompiler })
  try {
    await app.ready()
  } finally {
    await Promise.resolve(app.close()).catch(() => {})
  }
  return precompiler.write(file)
}
