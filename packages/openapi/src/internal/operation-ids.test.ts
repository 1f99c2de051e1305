import { describe, expect, it } from 'vitest'
import { deriveOperationId, OperationIds } from './operation-ids.js'

describe('operation ids', () => {
  it.each([
    ['GET', '/', 'getRoot'],
    ['GET', '/v1/users/:id', 'getV1UsersById'],
    ['DELETE', '/user-groups/:group_id/members', 'deleteUserGroupsByGroupIdMembers'],
    ['PUT', '/range/:from-:to', 'putRangeByFromByTo'],
    ['GET', '/files/*', 'getFilesWildcard'],
    ['GET', '/n/:id(^\\d+)', 'getNById'],
  ])('%s %s → %s', (method, url, id) => {
    expect(deriveOperationId(method, url)).toBe(id)
  })

  it('reserved ids win; derived and duplicate ids get _2, _3', () => {
    const ids = new OperationIds()
    ids.reserve('getA')
    expect(ids.next('GET', '/a', undefined, false)).toBe('getA_2')
    expect(ids.next('GET', '/x', 'getA', true)).toBe('getA')
    expect(ids.next('GET', '/y', 'getA', false)).toBe('getA_3')
    expect(ids.isTaken('getA_3')).toBe(true)
  })
})
