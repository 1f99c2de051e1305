// Vercel Functions (Node.js runtime), file `api/[...path].mjs`: the Web handler signature, one
// export per HTTP method, each given a `Request` and returning a `Response`.
import framework, { toFetchHandler } from '@framework/fetch'
import { buildApp } from './app.mjs'

const handle = toFetchHandler(buildApp(framework))

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT }
