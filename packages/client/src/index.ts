export type {
  CallOptions,
  Method,
  MethodCall,
  PathsOf,
  RequestOptions,
  ResponseOf,
  RouteAt,
  TypedClient,
  TypedResponse,
} from './client-types.js'
export { type ClientOptions, createClient } from './create-client.js'
export type {
  BadRequestBody,
  FrameworkErrorBody,
  InternalServerErrorBody,
  NotFoundBody,
  PayloadTooLargeBody,
  ServiceUnavailableBody,
  UnsupportedMediaTypeBody,
} from './error-bodies.js'
export type { StatusClasses, StatusCode } from './status-codes.js'
export { type Injectable, typedInject } from './typed-inject.js'
