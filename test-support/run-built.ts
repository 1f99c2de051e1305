import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Runs `body` in a plain `node` process inside `packageDir`, with `mod` bound to the package's built
 * output loaded by `require` or by `import`, and returns what the body returns (JSON round-tripped).
 *
 * Dist tests go through a separate process because vitest starts its workers with the
 * `framework-source` export condition, under which the built files would import the TypeScript
 * sources of sibling packages instead of their builds.
 *
 * @example
 * const keys = await runBuilt(packageDir, 'require', 'return Object.keys(mod)')
 */
export async function runBuilt(
  packageDir: string,
  format: 'require' | 'import',
  body: string,
): Promise<unknown> {
  const load =
    format === 'require' ? "require('./dist/index.cjs')" : "await import('./dist/index.js')"
  const script = `(async () => {
    const mod = ${load}
    const result = await (async () => { ${body} })()
    process.stdout.write(JSON.stringify(result === undefined ? null : result))
  })().catch((error) => { console.error(error); process.exit(1) })`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${format === 'require' ? 'commonjs' : 'module'}`, '-e', script],
    { cwd: packageDir, env: { ...process.env, NODE_OPTIONS: '' }, timeout: 30_000 },
  )
  return JSON.parse(stdout)
}
