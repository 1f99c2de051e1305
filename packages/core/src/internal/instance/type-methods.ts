import type { Instance } from '../../types/instance.js'

/** Methods that exist for the types only. */
export const typeMethods = {
  /** Fastify's type-provider switch: every schema already infers, so it is the instance itself. */
  withTypeProvider(this: Instance): Instance {
    return this
  },
}
