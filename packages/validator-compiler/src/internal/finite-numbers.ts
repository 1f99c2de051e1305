import type { CodeKeywordDefinition, _ as CodeTag, KeywordCxt } from 'ajv'
import type { reportTypeError as ReportTypeError } from 'ajv/dist/compile/validate/dataType.js'
import { ownRequire } from './own-require.js'
import { type SchemaNode, walkSchema } from './schema-walk.js'

// Ajv is loaded by the first compile, not at import: a start from a precompiled module that holds
// every validator never loads it.
let codegen: { _: typeof CodeTag; reportTypeError: typeof ReportTypeError } | undefined

function ajvCodegen(): NonNullable<typeof codegen> {
  codegen ??= {
    _: ownRequire('ajv')._,
    // Ajv's own type-error reporter: the refusal reads exactly like any other type error
    // (`keyword: 'type'`, `params: { type }`, `must be integer`, schemaPath `.../type`).
    reportTypeError: ownRequire('ajv/dist/compile/validate/dataType.js').reportTypeError,
  }
  return codegen
}

/**
 * The private keyword that refuses non-finite numbers. It is added, on the compiler's copy of a
 * schema, beside every `type` that allows `number` or `integer`.
 *
 * Why: with type coercion Ajv turns `"Infinity"`, `"1e400"` or a 400-digit string into `Infinity`
 * (the `data == +data` test holds), and Ajv's `strictNumbers` only guards the type test that runs
 * before coercion; worse, with `strictNumbers` on, the number keywords (`minimum`, `maximum`...) are
 * then skipped for the coerced value. Ajv runs keywords of no particular type after coercion and
 * before the number keywords, which is where this one sits.
 */
export const FINITE_KEYWORD = 'x-framework-finite-number'

/** The Ajv definition of {@link FINITE_KEYWORD}. */
export const finiteNumberKeyword: CodeKeywordDefinition = {
  keyword: FINITE_KEYWORD,
  schemaType: 'boolean',
  code(cxt: KeywordCxt) {
    const { gen, data, it, schema } = cxt
    if (schema !== true) return
    const { _, reportTypeError } = ajvCodegen()
    gen.if(_`typeof ${data} == "number" && !isFinite(${data})`, () => reportTypeError(it))
  },
}

/** Marks, in place, every subschema of `schema` whose `type` allows a number. */
export function markFiniteNumbers(schema: unknown): void {
  walkSchema(schema, (node: SchemaNode) => {
    if (allowsNumber(node.type)) node[FINITE_KEYWORD] = true
  })
}

function allowsNumber(type: unknown): boolean {
  if (type === 'number' || type === 'integer') return true
  return Array.isArray(type) && (type.includes('number') || type.includes('integer'))
}
