export {
  type GenerateOptions,
  generateRouteTypes,
  type TypegenApp,
} from './generate-route-types.js'
export { type TypegenOptions, runTypegen } from './run-typegen.js'
