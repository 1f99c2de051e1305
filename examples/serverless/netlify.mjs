// Netlify Functions, file `netlify/functions/api.mjs`: the default export takes a `Request` and
// returns a `Response`; `config.path` routes /api/* to it.
import framework, { toFetchHandler } from '@framework/fetch'
import { buildApp } from './app.mjs'

const handle = toFetchHandler(buildApp(framework))
export default (request) => handle(request)
export const config = { path: '/api/*' }
