import { createRequire } from 'node:module'
import { type TwoslashTypesCache, transformerTwoslash } from '@shikijs/vitepress-twoslash'
import { defineConfig } from 'vitepress'
import { reportFenceLocation } from './fence-location.js'
import { writeLlmsTxt } from './llms.js'
import { sidebar } from './sidebar.js'

const require = createRequire(import.meta.url)

/**
 * Every `ts` block is compiled against the built declarations of the workspace packages (what a
 * user installs). `'fastify'` maps to the framework's declarations, as the framework README tells
 * users to do, so the types of Fastify plugins (@fastify/cors, ...) apply to framework apps.
 * A block whose fence says `no-twoslash` is shown as it is, unchecked.
 */
const results = new Map<string, NonNullable<ReturnType<TwoslashTypesCache['read']>>>()
const twoslash = transformerTwoslash({
  // VitePress renders every page twice (the page, then the local search index): compile each
  // block once per build. Nothing is kept between builds, so a change of types is always seen.
  typesCache: {
    read: (code) => results.get(code) ?? null,
    write: (code, result) => void results.set(code, result),
  },
  explicitTrigger: false,
  langs: ['ts'],
  throws: true,
  twoslashOptions: {
    compilerOptions: {
      target: 9, // ES2022
      module: 99, // ESNext
      moduleResolution: 100, // Bundler
      strict: true,
      types: ['node'],
      paths: { fastify: [require.resolve('framework').replace(/index\.cjs$/, 'index.d.ts')] },
    },
  },
})

export default defineConfig({
  title: 'framework',
  description:
    'A schema-first HTTP server framework for Node.js: encapsulated plugins, JSON Schema validation, schema-driven serialization.',
  cleanUrls: true,
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  lastUpdated: false,
  srcExclude: ['README.md', 'migrate/plugins-table.md'],
  markdown: {
    codeTransformers: [twoslash],
    config: reportFenceLocation,
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/factory-options' },
      { text: 'Recipes', link: '/recipes/auth' },
      { text: 'From Fastify', link: '/migrate/fastify' },
    ],
    sidebar,
    search: { provider: 'local' },
    outline: [2, 3],
  },
  vite: {
    // twoslash's hover popups make the theme chunk larger than Vite's default hint
    build: { chunkSizeWarningLimit: 2000 },
  },
  buildEnd: writeLlmsTxt,
})
