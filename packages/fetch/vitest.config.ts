import { packageTestConfig } from '../../vitest.shared'

export default packageTestConfig('@framework/fetch')
