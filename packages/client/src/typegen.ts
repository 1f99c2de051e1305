export {
  type GenerateOptions,
  generateRouteTypes,
  type TypegenApp,
} from './generate-route-types.js'
export { runTypegen, type TypegenOptions } from './run-typegen.js'
