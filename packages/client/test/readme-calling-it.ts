// The root README's "Calling it" block, type-checked against the quick start app's generated
// types (test/readme.test.ts checks that it is the README's text).
import { createClient } from '../src/index.js'
import type { Routes } from './fixtures/quick-start-routes.generated.js'

const api = createClient<Routes>({ baseUrl: 'http://localhost:3000' })

const res = await api.post('/users', { body: { name: 'Ada' } })
if (res.status === 201) console.log(res.data.name) // a string: the 201 schema
if (res.status === 400) console.log(res.data.message) // the validation error
// api.post('/user', ...) does not compile (no such route); neither does reading
// res.data.name before checking res.status (the 400 body has no name).
