import type { Options } from 'ajv'

/**
 * The Ajv options every default validator starts from (specification 2.6 and API.md "Validation").
 * `validator.customOptions` is merged over them, key by key.
 *
 * - `coerceTypes: 'array'`: strings from the URL and headers become the numbers, booleans and
 *   arrays the schema asks for; a query value given once where the schema says `array` becomes a
 *   one-item array.
 * - `useDefaults: true`: missing properties and items are filled from `default`.
 * - `removeAdditional: true`: properties refused by `additionalProperties: false` are removed
 *   instead of failing validation.
 * - `allErrors: false`: validation stops at the first error. `true` is honoured but lets a crafted
 *   request make validation slow (denial of service), so it triggers a warning.
 * - Ajv's strict mode as it comes, as Fastify 5's validator has it: a keyword Ajv does not know
 *   (`example`, an `x-*` vendor extension) fails the route's compilation (`ready()` names the
 *   route, the part and the keyword); declare annotations with `customOptions: { keywords:
 *   ['example'] }`, or turn the check off with `customOptions: { strictSchema: false }`.
 * - `addUsedSchema: false`: a route schema that carries an `$id` is not registered globally, so two
 *   routes (or a route and a shared schema) may use the same `$id` without clashing.
 *
 * @example
 * import { buildValidatorCompiler, defaultAjvOptions } from '@framework/validator-compiler'
 * defaultAjvOptions.coerceTypes // 'array'
 * // The same baseline with coercion off:
 * const compilerFactory = buildValidatorCompiler({ customOptions: { coerceTypes: false } })
 */
export const defaultAjvOptions: Readonly<{
  coerceTypes: 'array'
  useDefaults: true
  removeAdditional: true
  allErrors: false
  addUsedSchema: false
}> = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  addUsedSchema: false,
} as const satisfies Options)
