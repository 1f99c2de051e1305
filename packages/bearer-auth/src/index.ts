import { bearerAuth } from './bearer-auth.js'

export { type BearerAuthInstance, bearerAuth } from './bearer-auth.js'
export type {
  BearerAuthErrorResponse,
  BearerAuthFunction,
  BearerAuthFunctionOptions,
  BearerAuthKeysOptions,
  BearerAuthOptions,
  BearerAuthReply,
  BearerAuthRequest,
} from './bearer-auth-options.js'
export default bearerAuth
