// The build step of the edge example: writes compiled.cjs, the validators and serializers of the
// application as plain code (no code generation at run time, which Workers forbid). Run it after
// changing a schema: node edge/build.mjs (or `pnpm edge:build` in examples/).
import { fileURLToPath } from 'node:url'
import framework, { precompile } from 'framework'
import { buildApp } from './app.mjs'

const file = fileURLToPath(new URL('./compiled.cjs', import.meta.url))
const summary = await precompile((options) => buildApp(framework, options), file)
console.log(`${summary.file}: ${summary.validators} validators, ${summary.serializers} serializers`)
