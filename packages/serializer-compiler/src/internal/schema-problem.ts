/**
 * A response schema this package refuses before fast-json-stringify sees it. Its message says what
 * is wrong and how to fix it; the compiler turns it into FRM_ERR_SCH_SERIALIZATION_BUILD with the route.
 */
export class SchemaProblem extends Error {
  override get name(): string {
    return 'SchemaProblem'
  }
}
