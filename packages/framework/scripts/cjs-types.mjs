// Rewrites dist/index.d.cts so that the CommonJS declaration says what the CommonJS build does:
// `require('framework')` is the factory itself, with `.default`, `.framework` and every named
// export as properties. tsup writes an ES-style declaration (`export { framework as default }`),
// which types `import framework = require('framework')` as the module, not the factory.
//
// The declaration tsup wrote moves to dist/exports.d.cts unchanged; the new dist/index.d.cts
// imports its names and declares `export = framework`, a function merged with a namespace that
// re-exports them (types, values, and `default`).
import { readFile, rename, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const source = await readFile(`${dist}index.d.cts`, 'utf8')
if (source.includes('export = framework')) {
  throw new Error('dist/index.d.cts was already rewritten: run tsup first')
}

/** Every name the declaration exports (`a as b` exports `b`), without `default` and `framework`. */
function exportedNames(text) {
  const names = new Set()
  for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const raw of match[1].split(',')) {
      const item = raw.trim().replace(/^type\s+/, '')
      if (item === '') continue
      const name = item
        .split(/\s+as\s+/)
        .pop()
        .trim()
      if (name !== 'default' && name !== 'framework') names.add(name)
    }
  }
  return [...names].sort()
}

const names = exportedNames(source)
await rename(`${dist}index.d.cts`, `${dist}exports.d.cts`)
await writeFile(
  `${dist}index.d.cts`,
  `import * as exported from './exports.cjs';
import { ${names.join(', ')} } from './exports.cjs';

/** The factory: \`require('framework')\` returns it, with \`.default\` and \`.framework\` pointing at it. */
declare function framework(
  ...args: Parameters<typeof exported.framework>
): ReturnType<typeof exported.framework>;

declare namespace framework {
  export { ${names.join(', ')} };
  export { framework as default, framework };
}

export = framework;
`,
)
