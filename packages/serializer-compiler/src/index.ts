export { buildResponseSelector } from './response-selector.js'
export {
  buildSerializerCompiler,
  type SerializeFunction,
  type SerializerCompileInput,
  type SerializerCompiler,
  type SerializerCompilerOptions,
} from './serializer-compiler.js'
