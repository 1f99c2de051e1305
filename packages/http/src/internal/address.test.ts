import { describe, expect, it } from 'vitest'
import { formatAddress } from './address.js'

describe('formatAddress', () => {
  it('writes IPv4 as http://host:port', () => {
    expect(formatAddress({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe(
      'http://127.0.0.1:3000',
    )
  })

  it('writes IPv6 in brackets', () => {
    expect(formatAddress({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080')
    expect(formatAddress({ address: '::', family: 'IPv6', port: 80 })).toBe('http://[::]:80')
  })

  it('gives a pipe or Unix socket path as it is', () => {
    expect(formatAddress('/tmp/app.sock')).toBe('/tmp/app.sock')
  })
})
