#!/usr/bin/env node
// The build step as a command: `framework-precompile <app-module> <out-file>`.
// <app-module> exports `buildApp` (or a default export): `(options) => app`, passing `options` on
// to `framework(options)`. Writes the precompiled module to <out-file> (name it `.cjs`).
// Exit code 1, with the error on stderr, when the app fails to become ready (a bad schema...).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { precompile } from '../dist/index.js'

const [appModule, outFile] = process.argv.slice(2)
if (appModule === undefined || outFile === undefined) {
  process.stderr.write('usage: framework-precompile <app-module> <out-file>\n')
  process.exit(2)
}
try {
  const loaded = await import(pathToFileURL(resolve(appModule)).href)
  const build = loaded.buildApp ?? loaded.default
  if (typeof build !== 'function') {
    throw new TypeError(
      `${appModule} exports no buildApp function (nor a default one): export (options) => framework(options) with the routes`,
    )
  }
  const summary = await precompile(build, resolve(outFile))
  process.stdout.write(
    `${summary.file}: ${summary.validators} validators, ${summary.serializers} serializers\n`,
  )
  for (const line of summary.skipped)
    process.stdout.write(`left out (compiled at start): ${line}\n`)
} catch (error) {
  process.stderr.write(
    `framework-precompile: ${error?.code ? `${error.code}: ` : ''}${error?.message ?? error}\n`,
  )
  process.exitCode = 1
}
