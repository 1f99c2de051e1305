import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The files of `swagger-ui-dist` the page uses, with their content types. */
const files: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

/** One asset, read once from the npm package and kept in memory. */
export interface Asset {
  type: string
  body: Buffer
}

const cache = new Map<string, Promise<Asset>>()

/** The directory of the installed `swagger-ui-dist` package. */
export function assetDirectory(): string {
  // The CommonJS build gets `import.meta.url` from tsup's shims (tsup.config.ts).
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
}

/** The names of the assets served under `<routePrefix>/static/`. */
export const assetNames: readonly string[] = Object.keys(files)

/** The asset called `name`, or undefined for any other name (nothing else is ever read). */
export function loadAsset(name: string): Promise<Asset> | undefined {
  const type = files[name]
  if (type === undefined) return undefined
  let asset = cache.get(name)
  if (asset === undefined) {
    asset = readFile(join(assetDirectory(), name)).then((body) => ({ type, body }))
    asset.catch(() => cache.delete(name))
    cache.set(name, asset)
  }
  return asset
}
