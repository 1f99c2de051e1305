import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { codes } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import { sidebar } from '../.vitepress/sidebar.js'
import { fastifyPlugins } from '../scripts/fastify-plugins.mjs'

const dist = new URL('../.vitepress/dist/', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, dist), 'utf8')

describe('the built site', () => {
  it('has a page for every sidebar entry', () => {
    for (const item of sidebar.flatMap((section) => section.items)) {
      expect(existsSync(new URL(`.${item.link}.html`, dist)), item.link).toBe(true)
    }
  })

  it('has the committed error codes page up to date with the catalogue', () => {
    // scripts/generate.mjs rewrote it before the build: a difference means a message or an
    // advice of codes.ts changed without the page being regenerated and committed.
    const diff = execFileSync('git', ['diff', '--stat', '--', 'reference/error-codes.md'], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
    })
    expect(diff, 'run `node docs/scripts/generate.mjs` and commit the page').toBe('')
  })

  it('lists every error code of the catalogue with its status and what to do', () => {
    const page = read('reference/error-codes.html')
    for (const [code, entry] of Object.entries(codes)) {
      expect(page).toMatch(new RegExp(`<code>${code}</code></td><td>${entry.statusCode}</td>`))
    }
  })

  it("shows both release lines of every tested Fastify plugin as measured and passing by the framework's tests", () => {
    const page = read('migrate/fastify.html')
    for (const plugin of fastifyPlugins) {
      for (const line of ['Fastify 4', 'Fastify 5']) {
        expect(page).toMatch(
          new RegExp(
            `<code>${plugin.name}</code></td><td>${line}</td><td>[\\d.]+</td><td>works: \\d+ of \\d+ tests pass`,
          ),
        )
      }
    }
    expect(page).not.toContain('not measured')
  })

  it('writes llms.txt at the root, listing every page with its summary', () => {
    const llms = read('llms.txt')
    expect(llms.startsWith('# framework\n')).toBe(true)
    for (const item of sidebar.flatMap((section) => section.items)) {
      expect(llms).toMatch(new RegExp(`^- \\[[^\\]]+\\]\\(${item.link}\\): \\S`, 'm'))
    }
    expect(read('llms-full.txt')).toContain('# Getting started')
  })
})
