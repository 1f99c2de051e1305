import type { ContextState } from './context-state.js'
import { ParserTable } from './parser-table.js'

/** The parsers visible in `state` (computed from the root down). */
export function parserTableOf(state: ContextState): ParserTable {
  if (state.resolved !== undefined) return state.resolved.parsers
  const table = state.parent === undefined ? new ParserTable() : parserTableOf(state.parent).clone()
  for (const operation of state.parserOperations) table.apply(operation)
  return table
}
