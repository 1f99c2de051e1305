// Layer 6, instance: the instance surface (the methods of every context object). The entry for
// createInstance.
export { assertFormatter } from './assert.js'
export { closeInstance } from './plugin-methods.js'
export { instancePrototype } from './prototype.js'
export { routeMethodNames, supportedMethodNames } from './route-methods.js'
