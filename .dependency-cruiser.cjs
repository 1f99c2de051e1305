// The shape of the repository, checked by dependency-cruiser (`pnpm depcruise`, part of `pnpm test`):
// no import circle anywhere (type imports included), the core's layers only import downwards and
// through each layer's index.ts, and the packages only depend in one direction.
// packages/core/README.md ("The layers") explains the core's layers and the one folder whose
// files may import each other in a circle (`types/`).

/** The core's runtime layers, bottom first. A layer imports only the layers before it. */
const coreLayers = ['util', 'context', 'request', 'routes', 'boot', 'instance']
/** The files at the top of the core (above every layer): the factory, listRoutes, the entry. */
const coreTop = '^packages/core/src/[^/]+\\.ts$'
const core = 'packages/core/src'

/** Leaf packages: they depend on no other package of the repository but leaves. */
const leaves = [
  'error-formatter',
  'schema-registry',
  'plugin',
  'validator-compiler',
  'serializer-compiler',
  'standard-schema',
]
/** Packages built on the core (adapters and plugins): everything but the leaves and the core. */
const onCore = ['http', 'fetch', 'openapi', 'openapi-ui', 'bearer-auth', 'framework']

const testFile = '\\.test(-d)?\\.ts$|/test/'

/** One rule per core layer: no import of a layer above it, nor of the files at the top. */
const upwardRules = coreLayers.map((layer, index) => ({
  name: `core-${layer}-imports-downwards`,
  comment: `${core}/${layer}/ imports only the layers below it (${['types', 'contracts', ...coreLayers.slice(0, index)].join(', ')}).`,
  severity: 'error',
  from: { path: `^${core}/${layer}/` },
  to: {
    path: [...coreLayers.slice(index + 1).map((above) => `^${core}/${above}/`), coreTop],
  },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        "No import circle, type imports included. The one exception is packages/core/src/types/ (the public types are mutually recursive, as Fastify's are: see the core README); a circle that leaves that folder is still reported, from the file outside it.",
      severity: 'error',
      from: { pathNot: `^${core}/types/` },
      to: { circular: true },
    },
    ...upwardRules,
    {
      name: 'core-declarations-import-no-runtime-layer',
      comment: `${core}/types/ and ${core}/contracts/ declare types only: they import no runtime layer.`,
      severity: 'error',
      from: { path: `^${core}/(types|contracts)/` },
      to: { path: [...coreLayers.map((layer) => `^${core}/${layer}/`), coreTop] },
    },
    {
      name: 'core-contracts-below-types',
      comment: `${core}/contracts/ is the lowest layer: it does not import ${core}/types/.`,
      severity: 'error',
      from: { path: `^${core}/contracts/` },
      to: { path: `^${core}/types/` },
    },
    {
      name: 'core-layer-entry-is-index',
      comment:
        "A file imports another layer of the core through that layer's index.ts, its one entry for the layers above.",
      severity: 'error',
      from: { path: `^${core}/([^/]+)/` },
      to: {
        path: `^${core}/(${coreLayers.join('|')})/`,
        pathNot: [`^${core}/$1/`, `^${core}/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'core-top-through-index',
      comment:
        'The files at the top of the core (createInstance, listRoutes) import the layers through their index.ts too.',
      severity: 'error',
      from: { path: coreTop },
      to: {
        path: `^${core}/(${coreLayers.join('|')})/`,
        pathNot: `^${core}/[^/]+/index\\.ts$`,
      },
    },
    {
      name: 'core-no-http',
      comment:
        'The core knows no protocol: node:http and its kin belong in packages/http (wiring in packages/framework).',
      severity: 'error',
      from: { path: `^${core}/`, pathNot: testFile },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2|net|tls)$' },
    },
    {
      name: 'core-no-compiler',
      comment:
        "The core takes its validator and serializer compilers as options: it imports no compiler package (the core's own tests may).",
      severity: 'error',
      from: { path: `^${core}/`, pathNot: testFile },
      to: {
        path: [
          '^packages/(validator-compiler|serializer-compiler|standard-schema)/',
          '(^|/)node_modules/(ajv|ajv-formats|fast-json-stringify|typescript)/',
          // the same packages when they do not resolve from here (not a dependency of the core)
          '^(@framework/(validator-compiler|serializer-compiler|standard-schema)|ajv|ajv-formats|fast-json-stringify|typescript)(/|$)',
        ],
      },
    },
    {
      name: 'core-imports-only-leaves',
      comment: 'The core depends on leaf packages only, never on a package built on it.',
      severity: 'error',
      from: { path: `^${core}/`, pathNot: testFile },
      to: { path: `^packages/(${onCore.join('|')})/` },
    },
    {
      name: 'leaf-never-imports-core',
      comment:
        'Leaf packages (compilers, error formatter, schema registry, framework-plugin, standard-schema) never import the core, nor a package built on it.',
      severity: 'error',
      from: { path: `^packages/(${leaves.join('|')})/` },
      to: {
        path: [
          `^packages/(core|${onCore.join('|')})/`,
          // the same packages when they do not resolve from here (not a dependency of the leaf)
          `^(@framework/(core|${onCore.join('|')})|framework)(/|$)`,
        ],
      },
    },
    {
      name: 'only-tests-import-the-umbrella',
      comment:
        "No package's source imports the umbrella package `framework` (it wires the others); their tests may. A transport package imports its one shared entry, `framework/assemble` (src/assemble.ts).",
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/framework/', testFile] },
      to: {
        path: ['^packages/framework/', '^framework(/|$)'],
        pathNot: ['^packages/framework/src/assemble\\.ts$', '^framework/assemble$'],
      },
    },
    {
      name: 'fetch-no-node-http',
      comment:
        'The Fetch-API transport runs where node:http does not (Workers, Deno, Bun): packages/fetch/src never imports node:http and its kin, nor light-my-request, nor the node:http entry of @framework/http (only @framework/http/neutral).',
      severity: 'error',
      from: { path: '^packages/fetch/src/', pathNot: testFile },
      to: {
        path: [
          '^(node:)?(http|https|http2|net|tls)$',
          '(^|/)node_modules/light-my-request/',
          '^light-my-request(/|$)',
          '^packages/http/src/index\\.ts$',
          '^@framework/http$',
        ],
      },
    },
    {
      name: 'assembly-transport-neutral',
      comment:
        'The shared assembly (packages/framework/src/assemble.ts) is what every transport loads: it imports only the neutral entry of @framework/http, never node:http itself.',
      severity: 'error',
      from: { path: '^packages/framework/src/assemble\\.ts$' },
      to: {
        path: [
          '^packages/http/src/index\\.ts$',
          '^@framework/http$',
          '^(node:)?(http|https|http2|net|tls)$',
        ],
      },
    },
  ],
  options: {
    exclude: { path: '(^|/)(dist|reports|scripts|bin)/|\\.config\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['framework-source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
