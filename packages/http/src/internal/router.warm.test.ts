import FindMyWay from 'find-my-way'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeTable } from '../../test/fake-table.js'
import { createHttpTransport } from '../http-transport.js'

const routerPrototype = Object.getPrototypeOf(FindMyWay()) as { compile(): unknown }
const nextTick = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('router: compiled lookups once warm', () => {
  it('walks the trees for the first 32 requests, then compiles between two requests and keeps routing the same', async () => {
    const compile = vi.spyOn(routerPrototype, 'compile')
    const transport = createHttpTransport()
    transport.mount(fakeTable(transport).table)
    const answers: string[] = []
    const request = async (url: string) => {
      const response = await transport.inject(url)
      answers.push(`${response.statusCode} ${response.body}`)
    }

    for (let i = 0; i < 31; i++) await request(i % 2 === 0 ? '/hello' : `/users/${i}`)
    await nextTick()
    expect(compile).not.toHaveBeenCalled()

    await request('/users/Ada%20Lovelace')
    expect(compile).not.toHaveBeenCalled() // not inside the request that reached the count
    await nextTick()
    expect(compile).toHaveBeenCalledTimes(1)

    // Compiled: the same answers as before, parameters, static routes and not-found alike.
    const walked = answers.slice()
    expect([walked[0], walked[1]]).toEqual([
      '200 {"hello":"world"}',
      expect.stringMatching(/^200 .*"id":"1"/),
    ])
    answers.length = 0
    for (let i = 0; i < 31; i++) await request(i % 2 === 0 ? '/hello' : `/users/${i}`)
    await request('/users/Ada%20Lovelace')
    expect(answers).toEqual(walked)
    await request('/nowhere')
    expect(answers.at(-1)).toMatch(/^404 /)
    expect(compile).toHaveBeenCalledTimes(1)
  })
})
