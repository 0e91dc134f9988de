import { describe, expect, it } from 'vitest'
import { portalOrigins } from './billing.service.ts'

describe('the origins a return address may have', () => {
  it('is the public address alone for a portal on the network', () => {
    expect(portalOrigins('https://portal.clinic.example')).toEqual(['https://portal.clinic.example'])
  })

  it("adds this machine's other names, same scheme and port, for a portal on this machine", () => {
    expect(portalOrigins('http://localhost:8000').sort()).toEqual(
      ['http://127.0.0.1:8000', 'http://[::1]:8000', 'http://localhost:8000'].sort(),
    )
    expect(portalOrigins('http://127.0.0.1:8000')).toContain('http://localhost:8000')
    expect(portalOrigins('http://localhost:8000')).not.toContain('http://localhost:9000')
  })
})
