// Compile cost of the startup bench's route schemas: the framework's compilers against the bare
// libraries they wrap, in one process. `node bench/tools/compile-overhead.mjs [routes]`.
// Each variant runs in a fresh child (no warm caches shared between them), 3 times, medians of
// the CPU time (user + system) of the compile loop.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const routes = Number(process.argv[2] ?? 1000)
const variant = process.argv[3]

if (variant === undefined) {
  const me = fileURLToPath(import.meta.url)
  const variants = ['ajv', 'validator', 'fjs', 'serializer']
  const times = Object.fromEntries(variants.map((v) => [v, []]))
  for (let i = 0; i < 3; i++) {
    for (const v of variants) {
      times[v].push(Number(execFileSync('node', [me, String(routes), v], { encoding: 'utf8' })))
    }
  }
  const med = (a) => a.sort((x, y) => x - y)[a.length >> 1]
  for (const v of variants)
    console.log(
      `${v.padEnd(10)} ${med(times[v]).toFixed(0)} ms  (${times[v].map((t) => t.toFixed(0)).join(', ')})`,
    )
} else {
  const { sharedSchemas, routeSchema } = await import('../src/startup-routes.mjs')
  // The bench depends on `framework` only: load the compilers and libraries from their packages.
  const packages = new URL('../../packages/', import.meta.url)
  const fromPackage = (pkg, id) => createRequire(new URL(`${pkg}/package.json`, packages))(id)
  const shared = Object.fromEntries(sharedSchemas.map((s) => [s.$id, s]))
  const schemas = Array.from({ length: routes }, (_, i) => routeSchema(i))
  let run
  if (variant === 'ajv') {
    const Ajv = fromPackage('validator-compiler', 'ajv').default
    const addFormats = fromPackage('validator-compiler', 'ajv-formats').default
    const ajv = new Ajv({
      coerceTypes: 'array',
      useDefaults: true,
      removeAdditional: true,
      strictSchema: false,
      addUsedSchema: false,
      code: { optimize: false },
      logger: false,
    })
    addFormats(ajv)
    for (const s of sharedSchemas) ajv.addSchema(s)
    const params = ajv.compile(schemas[0].params)
    run = () => {
      for (const s of schemas) {
        ajv.compile(s.body)
        void params
      }
    }
  } else if (variant === 'validator') {
    const { buildValidatorCompiler } = fromPackage(
      'validator-compiler',
      '@framework/validator-compiler',
    )
    const compiler = buildValidatorCompiler({ onWarning: () => {} })(shared)
    run = () => {
      schemas.forEach((s, i) => {
        compiler({ schema: s.params, method: 'POST', url: `/r${i}`, httpPart: 'params' })
        compiler({ schema: s.body, method: 'POST', url: `/r${i}`, httpPart: 'body' })
      })
    }
  } else if (variant === 'fjs') {
    const build = fromPackage('serializer-compiler', 'fast-json-stringify')
    run = () => {
      for (const s of schemas) build(s.response[201], { schema: shared })
    }
  } else {
    const { buildSerializerCompiler } = fromPackage(
      'serializer-compiler',
      '@framework/serializer-compiler',
    )
    const compiler = buildSerializerCompiler()(shared)
    run = () => {
      schemas.forEach((s, i) => {
        compiler({ schema: s.response[201], method: 'POST', url: `/r${i}`, httpStatus: '201' })
      })
    }
  }
  // CPU time, not wall: contention on a shared machine moves it far less
  const t = process.cpuUsage()
  run()
  const used = process.cpuUsage(t)
  process.stdout.write(String((used.user + used.system) / 1000))
}
