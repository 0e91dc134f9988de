import { describe, expect, it } from 'vitest'
import { createTokenSigner } from './tokens.ts'

const signer = createTokenSigner('x'.repeat(48), 'http://localhost:8000')
const claims = {
  sub: 'u1',
  role: 'ACO_USER' as const,
  organization_type: 'ACO' as const,
  tin_ids: ['t1'],
  all_tins: false,
}
const now = new Date('2026-01-01T00:00:00Z')

describe('access tokens', () => {
  it('carry the session payload and last 15 minutes', async () => {
    const token = await signer.sign(claims, now)
    const verified = await signer.verify(token, new Date(now.getTime() + 14 * 60_000))
    expect(verified).toMatchObject({ ...claims, exp: now.getTime() / 1000 + 900 })
    await expect(signer.verify(token, new Date(now.getTime() + 16 * 60_000))).rejects.toThrow()
  })

  it('refuse another secret or issuer', async () => {
    const token = await signer.sign(claims, now)
    await expect(
      createTokenSigner('y'.repeat(48), 'http://localhost:8000').verify(token, now),
    ).rejects.toThrow()
    await expect(createTokenSigner('x'.repeat(48), 'https://elsewhere').verify(token, now)).rejects.toThrow()
  })

  it('are unique even when issued in the same second for the same session', async () => {
    const first = await signer.sign(claims, now)
    const second = await signer.sign(claims, now)
    expect(second).not.toBe(first)
    const [a, b] = await Promise.all([signer.verify(first, now), signer.verify(second, now)])
    expect(a.jti).toMatch(/^[0-9a-f-]{36}$/)
    expect(b.jti).not.toBe(a.jti)
  })

  it('still check what a verified token could change: another signature, and the expiry on every use', async () => {
    const token = await signer.sign(claims, now)
    await signer.verify(token, now)
    const [head, body, signature] = token.split('.')
    const flipped = `${signature?.[0] === 'A' ? 'B' : 'A'}${signature?.slice(1) ?? ''}`
    await expect(signer.verify(`${head}.${body}.${flipped}`, now)).rejects.toThrow()
    const expiry = new Date(now.getTime() + 900_000)
    await expect(signer.verify(token, new Date(expiry.getTime() - 1_000))).resolves.toMatchObject({
      sub: 'u1',
    })
    await expect(signer.verify(token, expiry)).rejects.toThrow()
  })
})
