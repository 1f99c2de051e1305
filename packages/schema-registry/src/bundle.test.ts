import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FrameworkError } from '@framework/error-formatter'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from './json-schema.js'
import { SchemaRegistry } from './schema-registry.js'

/** Every `$ref` string anywhere in `value` (shared and circular objects visited once). */
function refsIn(value: unknown, found: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return found
  seen.add(value)
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') found.push(item)
    refsIn(item, found, seen)
  }
  return found
}

/** Asserts `output` is self-contained: each ref is a JSON pointer that resolves inside it. */
function expectSelfContained(output: JsonSchema): void {
  const standalone = new SchemaRegistry() // no shared schemas at all
  for (const ref of refsIn(output)) {
    expect(ref.startsWith('#/') || ref === '#').toBe(true)
    expect(() => standalone.resolve(ref, output)).not.toThrow()
  }
  expect(() => JSON.stringify(output)).not.toThrow()
}

function registry(): SchemaRegistry {
  return new SchemaRegistry()
    .add({
      $id: 'address',
      type: 'object',
      definitions: { city: { type: 'string' }, street: { $id: '#street', type: 'string' } },
      properties: { city: { $ref: '#/definitions/city' }, street: { $ref: '#street' } },
    })
    .add({
      $id: 'user',
      type: 'object',
      properties: { name: { type: 'string' }, home: { $ref: 'address#' } },
    })
    .add({
      $id: 'node',
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: 'node#' } } },
    })
}

const everyForm = {
  type: 'object',
  definitions: { n: { $id: '#n', type: 'number' }, i: { type: 'integer' } },
  properties: {
    anchor: { $ref: '#n' },
    pointer: { $ref: '#/definitions/i' },
    shared: { $ref: 'user#' },
    sharedPointer: { $ref: 'address#/definitions/city' },
    sharedAnchor: { $ref: 'address#street' },
  },
}

describe('SchemaRegistry.bundle', () => {
  it('[2.5] leaves no external $ref, whatever the reference forms used', async () => {
    const output = await registry().bundle(everyForm)
    expectSelfContained(output)
    expect(refsIn(output).length).toBeGreaterThan(0)
    expect(refsIn(output).some((ref) => ref.includes('user') || ref.includes('address'))).toBe(
      false,
    )
  })

  it('[2.5] copies a shared schema in place of its first reference', async () => {
    const output = await registry().bundle({ type: 'array', items: { $ref: 'user#' } })
    expect(output).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          home: {
            type: 'object',
            definitions: { city: { type: 'string' }, street: { type: 'string' } },
            properties: {
              city: { $ref: '#/items/properties/home/definitions/city' },
              street: { $ref: '#/items/properties/home/definitions/street' },
            },
          },
        },
      },
    })
  })

  it('[2.5] turns local anchors into pointers and drops the anchors', async () => {
    const output = await new SchemaRegistry().bundle({
      definitions: { a: { $id: '#a', type: 'string' }, b: { $anchor: 'b', type: 'integer' } },
      properties: { x: { $ref: '#a' }, y: { $ref: '#b' } },
    })
    expect(output).toEqual({
      definitions: { a: { type: 'string' }, b: { type: 'integer' } },
      properties: { x: { $ref: '#/definitions/a' }, y: { $ref: '#/definitions/b' } },
    })
  })

  it('keeps the root $id of the bundled schema', async () => {
    const output = await registry().bundle(registry().get('node')!)
    expect(output).toEqual({
      $id: 'node',
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#' } } },
    })
  })

  it('[2.5] a root $ref to a shared schema gives that schema', async () => {
    const output = await registry().bundle({ $ref: 'node#' })
    expect(output).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#' } } },
    })
  })

  it('percent-encodes pointers to property names a URI fragment cannot hold', async () => {
    const output = await new SchemaRegistry().bundle({
      definitions: { 'a/b c%': { $id: '#odd', type: 'null' } },
      properties: { x: { $ref: '#odd' }, y: { $ref: '#/definitions/a~1b%20c%25' } },
    })
    expect(refsIn(output)).toEqual(['#/definitions/a~1b%20c%25', '#/definitions/a~1b%20c%25'])
    expectSelfContained(output)
  })

  it('returns boolean schemas as they are', async () => {
    expect(await registry().bundle(true)).toBe(true)
    expect(await registry().dereference(false)).toBe(false)
  })
})

describe('SchemaRegistry.dereference', () => {
  it('[2.5] inlines every reference form', async () => {
    const output = await registry().dereference(everyForm)
    expect(refsIn(output)).toEqual([])
    expect(output).toEqual({
      type: 'object',
      definitions: { n: { type: 'number' }, i: { type: 'integer' } },
      properties: {
        anchor: { type: 'number' },
        pointer: { type: 'integer' },
        shared: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            home: {
              type: 'object',
              definitions: { city: { type: 'string' }, street: { type: 'string' } },
              properties: { city: { type: 'string' }, street: { type: 'string' } },
            },
          },
        },
        sharedPointer: { type: 'string' },
        sharedAnchor: { type: 'string' },
      },
    })
  })

  it('gives each inlined reference its own object (the copy is a tree, safe to edit)', async () => {
    const output = (await registry().dereference({
      properties: { a: { $ref: 'user#' }, b: { $ref: 'user#' } },
    })) as { properties: { a: object; b: object } }
    expect(output.properties.a).toEqual(output.properties.b)
    expect(output.properties.a).not.toBe(output.properties.b)
  })

  it('[2.5] a circular reference stays a $ref pointing inside the copy', async () => {
    const output = await registry().dereference({ properties: { root: { $ref: 'node#' } } })
    expect(output).toEqual({
      properties: {
        root: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/properties/root' } } },
        },
      },
    })
    expectSelfContained(output)
  })

  it('[2.5] follows shared schemas that refer to each other, in a cycle', async () => {
    const shared = new SchemaRegistry()
      .add({ $id: 'person', properties: { employer: { $ref: 'company#' } } })
      .add({ $id: 'company', properties: { staff: { items: { $ref: 'person#' } } } })
    const output = await shared.dereference({ $ref: 'person#' })
    expect(output).toEqual({
      properties: { employer: { properties: { staff: { items: { $ref: '#' } } } } },
    })
    expectSelfContained(output)
  })
})

describe('bundle and dereference: safety', () => {
  it('never changes the schema passed in nor the shared schemas', async () => {
    const shared = registry()
    const before = { schema: structuredClone(everyForm), all: structuredClone(shared.getAll()) }
    await shared.bundle(everyForm)
    await shared.dereference(everyForm)
    expect(everyForm).toEqual(before.schema)
    expect(shared.getAll()).toEqual(before.all)
  })

  it('never touches the network: ids that look like URLs are served from the registry', async () => {
    const shared = new SchemaRegistry()
      .add({ $id: 'https://example.com/schemas/tag.json', type: 'string' })
      .add({
        $id: 'https://example.com/schemas/post.json',
        properties: { tags: { items: { $ref: 'tag.json#' } } },
      })
    const output = await shared.dereference({ $ref: 'https://example.com/schemas/post.json#' })
    expect(output).toEqual({ properties: { tags: { items: { type: 'string' } } } })
  })

  it('serves shared schemas whose $id URL normalization would change', async () => {
    const shared = new SchemaRegistry()
      .add({ $id: '..', type: 'string' })
      .add({ $id: './a b?c', properties: { up: { $ref: '..#' } } })
    expect(await shared.dereference({ $ref: './a b?c#' })).toEqual({
      properties: { up: { type: 'string' } },
    })
  })

  it('never touches the network: a live URL serving a schema is not fetched', async () => {
    let requests = 0
    const server = createServer((_request, response) => {
      requests++
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ type: 'string' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const ref = `http://127.0.0.1:${port}/remote.json#`
    try {
      await expect(registry().bundle({ $ref: ref }, 'GET /remote body')).rejects.toThrow(
        `Cannot resolve $ref '${ref}' in GET /remote body`,
      )
      await expect(registry().dereference({ items: { $ref: ref } })).rejects.toThrow(FrameworkError)
      expect(requests).toBe(0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('never reads files: a reference to a file that exists is not found', async () => {
    // package.json exists in the working directory of the tests
    const error = await registry()
      .bundle({ $ref: './package.json#' }, 'POST /files body')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameworkError)
    expect((error as FrameworkError).code).toBe('FRM_ERR_SCHEMA_REF_NOT_FOUND')
    expect((error as FrameworkError).message).toBe(
      "Cannot resolve $ref './package.json#' in POST /files body: add the schema it names with addSchema() in this context or an ancestor",
    )
  })

  it('names the shared schema holding an unresolvable reference', async () => {
    const shared = new SchemaRegistry().add({ $id: 'a', properties: { b: { $ref: 'b#' } } })
    await expect(shared.dereference({ $ref: 'a#' }, 'GET /a response 200')).rejects.toThrow(
      "Cannot resolve $ref 'b#' in GET /a response 200 (inside shared schema 'a')",
    )
  })

  it('keeps a $ref inside data (default, examples) as data', async () => {
    const schema = {
      type: 'object',
      default: { $ref: 'nowhere', other: 1 },
      examples: [{ kind: 'x', $ref: '#/nothing' }],
      properties: { u: { $ref: 'user#/properties/name' } },
    }
    const output = await registry().dereference(schema)
    expect(output).toEqual({
      type: 'object',
      default: { $ref: 'nowhere', other: 1 },
      examples: [{ kind: 'x', $ref: '#/nothing' }],
      properties: { u: { type: 'string' } },
    })
    expect(Object.keys((output as { examples: object[] }).examples[0]!)).toEqual(['kind', '$ref'])
  })

  it('refuses a schema object that contains itself, naming the place', async () => {
    const loop: Record<string, unknown> = { type: 'object' }
    loop.properties = { self: loop }
    const error = await registry()
      .bundle(loop, 'POST /loop body')
      .catch((e: unknown) => e)
    expect((error as FrameworkError).code).toBe('FRM_ERR_SCHEMA_INVALID')
    expect((error as FrameworkError).message).toBe(
      "Schema is not valid: POST /loop body contains itself at '#/properties/self' (a circular object): write a $ref instead",
    )
  })
})
