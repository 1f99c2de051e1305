/**
 * Which side of the validator a schema is read from: `request` is what validation produces (coerced,
 * defaults filled in, a Standard Schema's output); `body` is the same for a request body, whose
 * objects also keep the properties their schema does not name (typed `unknown`) unless it says
 * `additionalProperties: false`; `reply` is what a handler may send (defaulted properties optional,
 * a Standard Schema's input).
 */
export type InferMode = 'request' | 'body' | 'reply'
