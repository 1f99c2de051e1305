/**
 * Collects the serializers a compiler builds, as fast-json-stringify standalone code
 * (`mode: 'standalone'`), to write them as one module: give it as
 * `buildSerializerCompiler(options, { collector })`, make the application ready, then write
 * `collector.code()` into a CommonJS module. The framework's `createPrecompiler()` does this.
 *
 * @example
 * const collector = new SerializerCollector()
 * buildSerializerCompiler({}, { collector })({})({ schema, method: 'GET', url: '/', httpStatus: '200' })
 * writeFileSync('serializers.cjs', `"use strict";\n${collector.code()}`)
 */
export class SerializerCollector {
  private readonly entries = new Map<string, string>()

  /** @internal Records the standalone code of one key (the first one wins: equal keys, equal code). */
  add(key: string, code: string): void {
    if (!this.entries.has(key)) this.entries.set(key, code)
  }

  /** @internal Whether a key is recorded. */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** How many serializers were collected. */
  get size(): number {
    return this.entries.size
  }

  /**
   * The module text (CommonJS): `exports.serializers`, by key, fast-json-stringify's standalone
   * code (it sets `module.exports`) inside a function `(require, module, exports)`: plain code a
   * bundler includes (no `new Function`, which Cloudflare Workers forbid), run when a route asks
   * for it.
   */
  code(): string {
    let out = 'exports.serializers = {\n'
    for (const [key, code] of this.entries) {
      out += `${JSON.stringify(key)}: function (require, module, exports) {\n${code}\n},\n`
    }
    return `${out}};\n`
  }
}
