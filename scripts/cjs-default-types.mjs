// Rewrites dist/index.d.cts of a package whose CommonJS build is its default export itself
// (`require(pkg)` returns it, with every named export as a property: tsup.shared.ts,
// `commonJsDefault`), so that the declaration says so: `export =` of a function merged with a
// namespace holding every named export. Without it, `import fp = require('framework-plugin')`
// types as the module object and is "not callable".
//
// Usage (after tsup, from the package directory): node ../../scripts/cjs-default-types.mjs <name>
// where <name> is the local name of the default export in the declaration tsup wrote.
//
// The declaration tsup wrote moves to dist/exports.d.cts unchanged. A default export declared as
// a function keeps its exact signature (generics included: the text is copied); one declared as a
// const (a plugin wrapped with fp) is declared as a function with the same parameters and result.
import { readFile, rename, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'

const name = process.argv[2]
if (!name) throw new Error('usage: cjs-default-types.mjs <name of the default export>')
const dist = resolve('dist')
const source = await readFile(`${dist}/index.d.cts`, 'utf8')
if (source.includes(`export = ${name}`)) {
  throw new Error('dist/index.d.cts was already rewritten: run tsup first')
}

/** Every name the declaration exports, `type` ones apart; without `default` and `name`. */
function exportedNames(text) {
  const names = new Set()
  for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const raw of match[1].split(',')) {
      const item = raw.trim().replace(/^type\s+/, '')
      if (item === '') continue
      const exported = item
        .split(/\s+as\s+/)
        .pop()
        .trim()
      if (exported !== 'default' && exported !== name) names.add(exported)
    }
  }
  return [...names].sort()
}

/** The `declare function <name>` overloads of the declaration, as written. */
function functionDeclarations(text) {
  const found = []
  const start = new RegExp(`^declare function ${name}\\b`, 'gm')
  for (const match of text.matchAll(start)) {
    let depth = 0
    let end = match.index
    for (; end < text.length; end++) {
      const char = text[end]
      if (char === '(' || char === '{' || char === '<' || char === '[') depth++
      else if (char === '>' && text[end - 1] === '=')
        continue // an arrow, not a closing bracket
      else if (char === ')' || char === '}' || char === '>' || char === ']') depth--
      else if (char === ';' && depth === 0) break
    }
    found.push(text.slice(match.index, end + 1))
  }
  return found
}

const names = exportedNames(source)
const functions = functionDeclarations(source)
const signature =
  functions.length > 0
    ? functions.join('\n')
    : `declare function ${name}(
  ...args: Parameters<typeof exported.${name}>
): ReturnType<typeof exported.${name}>;`
const imports = names.length > 0 ? `import { ${names.join(', ')} } from './exports.cjs';\n` : ''
const reexports = names.length > 0 ? `  export { ${names.join(', ')} };\n` : ''

await rename(`${dist}/index.d.cts`, `${dist}/exports.d.cts`)
await writeFile(
  `${dist}/index.d.cts`,
  `import * as exported from './exports.cjs';
${imports}
/** \`require()\` of this package returns this, with \`.default\` and every named export as properties. */
${signature}

declare namespace ${name} {
${reexports}  export { ${name} as default, ${name} };
}

export = ${name};
`,
)
