// Token handling on the grant row: refresh rotates and is stored, concurrent refreshes take turns (one
// refresh at CMS, both callers get the new token), expired grants are never refreshed.
import { isBlueButtonError } from '@blueconsent/bluebutton'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bluebuttonGrants } from '../../db/schema/bluebutton.ts'
import { decrypt } from '../../lib/crypto.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { consentAtMedicare, createPendingRequest, requestRow, sandboxName } from '../consent/consent-testing.ts'
import { blueButtonClients } from './clients.ts'
import { currentAccessToken, findGrant } from './grants.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function providerGrant(username: string) {
  const name = sandboxName(username)
  const request = await createPendingRequest(t, { persona: 'ACO_USER', patientName: `${name.given} ${name.family}` })
  await consentAtMedicare(t.app, request.token, { username })
  const row = await requestRow(t, request.requestId)
  const grant = await findGrant(t.app.ctx.db, row.grantId!)
  if (!grant) throw new Error('no grant')
  return grant
}

const tokensOf = (grant: { accessTokenEncrypted: string | null; refreshTokenEncrypted: string | null }) => ({
  access: decrypt(t.app.ctx.keys, grant.accessTokenEncrypted!),
  refresh: decrypt(t.app.ctx.keys, grant.refreshTokenEncrypted!),
})

describe('grant tokens', () => {
  it('hands out the stored token while fresh, and refreshes once when two callers report it rejected', async () => {
    const grant = await providerGrant('BBUser00004')
    const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')
    const before = tokensOf(grant)
    expect(await currentAccessToken(t.app.ctx, grant.id, client, null)).toBe(before.access)

    const [a, b] = await Promise.all([
      currentAccessToken(t.app.ctx, grant.id, client, before.access),
      currentAccessToken(t.app.ctx, grant.id, client, before.access),
    ])
    expect(a).toBe(b)
    expect(a).not.toBe(before.access)
    const after = tokensOf((await findGrant(t.app.ctx.db, grant.id))!)
    expect(after.access).toBe(a)
    // Rotated exactly once: a second refresh at CMS would have spent this refresh token too.
    expect(after.refresh).not.toBe(before.refresh)
    const reuse = await client.refresh(before.refresh).catch((error: unknown) => error)
    expect(isBlueButtonError(reuse) && reuse.code).toBe('reconsent_required')
    expect(await client.readPatient(a)).toMatchObject({ resourceType: 'Patient' })
  })

  it('never refreshes an expired grant', async () => {
    const grant = await providerGrant('BBUser00005')
    await t.app.ctx.db.update(bluebuttonGrants).set({ grantExpiresAt: new Date(t.clock.now.getTime() - 1000) }).where(eq(bluebuttonGrants.id, grant.id))
    const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')
    const error = await currentAccessToken(t.app.ctx, grant.id, client, tokensOf(grant).access).catch((e: unknown) => e)
    expect(isBlueButtonError(error) && error.code).toBe('reconsent_required')
    const unchanged = (await findGrant(t.app.ctx.db, grant.id))!
    expect(tokensOf(unchanged).refresh).toBe(tokensOf(grant).refresh)
  })

  it('refreshes a stale access token before use', async () => {
    const grant = await providerGrant('BBUser00006')
    t.clock.advance(2 * 60 * 60 * 1000)
    try {
      const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')
      const token = await currentAccessToken(t.app.ctx, grant.id, client, null)
      expect(token).not.toBe(tokensOf(grant).access)
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000)
    }
  })
})
