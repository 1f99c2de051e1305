// Layer 4, routes: what ready compiles (resolved contexts, schemas, the route table) and what reads
// the declared routes (constraints, printRoutes). The entry for the layers above.

export {
  contextSerializerCompiler,
  contextValidatorCompiler,
  defaultSerializerCompiler,
  defaultValidatorCompiler,
  usesDefaultCompiler,
} from './compile-schemas.js'
export {
  addConstraintStrategy,
  assertConstraintStrategy,
  hasConstraintStrategy,
} from './constraints.js'
export {
  type FoundRouteView,
  findDeclaredRoute,
  printDeclaredRoutes,
} from './declared-routes.js'
export { printRoutes } from './print-routes.js'
export { buildRouteTable } from './route-table.js'
