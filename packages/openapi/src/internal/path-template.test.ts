import { describe, expect, it } from 'vitest'
import { toPathTemplate } from './path-template.js'

describe('toPathTemplate', () => {
  it.each([
    ['/', '/', []],
    ['/users/:id', '/users/{id}', ['id']],
    ['/users/:id(^\\d+)/files', '/users/{id}/files', ['id']],
    ['/range/:from-:to', '/range/{from}-{to}', ['from', 'to']],
    ['/static/*', '/static/{*}', ['*']],
    ['/time::now', '/time:now', []],
    ['/re/:a(^(x|y)$)', '/re/{a}', ['a']],
  ])('%s → %s', (url, path, params) => {
    expect(toPathTemplate(url)).toEqual({ path, params })
  })
})
