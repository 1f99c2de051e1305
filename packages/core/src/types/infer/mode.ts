/**
 * Which side of the validator a schema is read from: `request` is what validation produces (coerced,
 * defaults filled in, a Standard Schema's output); `reply` is what a handler may send (defaulted
 * properties optional, a Standard Schema's input).
 */
export type InferMode = 'request' | 'reply'
