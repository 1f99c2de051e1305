export type {
  PrecompiledSerializer,
  PrecompiledSerializers,
  RequireFunction,
} from './precompiled-types.js'
export { buildResponseSelector } from './response-selector.js'
export { SerializerCollector } from './serializer-collector.js'
export {
  buildSerializerCompiler,
  type SerializeFunction,
  type SerializerCompileInput,
  type SerializerCompiler,
  type SerializerCompilerOptions,
  type SerializerPrecompileOptions,
} from './serializer-compiler.js'
