import type { Instance } from '../types/instance.js'
import { decoratorMethods } from './decorator-methods.js'
import { httpMethodMethods } from './http-methods.js'
import { loggingAccessors, loggingMethods } from './logging-methods.js'
import { pluginAccessors, pluginMethods } from './plugin-methods.js'
import { routeAccessors, routeMethods } from './route-methods.js'
import { disposeMethods, serverAccessors, serverMethods } from './server-methods.js'
import { settingAccessors, settingMethods } from './setting-methods.js'

/**
 * The prototype of every root instance: the whole instance surface. A root instance inherits from
 * it; a child context's instance inherits from its parent's instance.
 */
export const instancePrototype: Instance = Object.create(Object.prototype, {
  ...nonEnumerable(pluginMethods),
  ...nonEnumerable(pluginAccessors),
  ...nonEnumerable(decoratorMethods),
  ...nonEnumerable(routeMethods),
  ...nonEnumerable(routeAccessors),
  ...nonEnumerable(httpMethodMethods),
  ...nonEnumerable(settingMethods),
  ...nonEnumerable(settingAccessors),
  ...nonEnumerable(loggingMethods),
  ...nonEnumerable(loggingAccessors),
  ...nonEnumerable(serverMethods),
  ...nonEnumerable(serverAccessors),
  ...nonEnumerable(disposeMethods),
})

function nonEnumerable(source: object): PropertyDescriptorMap {
  const descriptors = Object.getOwnPropertyDescriptors(source)
  for (const key of Reflect.ownKeys(descriptors)) {
    descriptors[key as string]!.enumerable = false
  }
  return descriptors
}
