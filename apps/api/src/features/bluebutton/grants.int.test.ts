// Token handling on the grant row: refresh rotates and is stored, concurrent refreshes take turns (one
// refresh at CMS, both callers get the new token), expired grants are never refreshed.
import { isBlueButtonError } from '@blueconsent/bluebutton'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { blueButtonClients } from './clients.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import {
  currentAccessToken,
  findGrant,
  revokeAtBlueButton,
  revokeGrantForRequest,
  type RevokeAtBlueButtonJob,
} from './grants.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function providerGrant(username: string) {
  const name = sandboxName(username)
  const request = await createPendingRequest(t, {
    persona: 'ACO_USER',
    patientName: `${name.given} ${name.family}`,
  })
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
    await t.app.ctx.db
      .update(bluebuttonGrants)
      .set({ grantExpiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(bluebuttonGrants.id, grant.id))
    const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')
    const error = await currentAccessToken(t.app.ctx, grant.id, client, tokensOf(grant).access).catch(
      (e: unknown) => e,
    )
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

describe('revoking a grant', () => {
  it('destroys the tokens in the transaction and revokes at CMS afterwards, from a queued job', async () => {
    const name = sandboxName('BBUser00009')
    const request = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: `${name.given} ${name.family}`,
    })
    await consentAtMedicare(t.app, request.token, { username: 'BBUser00009' })
    const row = await requestRow(t, request.requestId)
    const grant = (await findGrant(t.app.ctx.db, row.grantId!))!
    const { access } = tokensOf(grant)
    const client = blueButtonClients(t.app.ctx).forType('healthcare_provider')

    await t.app.ctx.db.transaction((tx) => revokeGrantForRequest(t.app.ctx, tx, request.requestId))
    const destroyed = (await findGrant(t.app.ctx.db, grant.id))!
    expect(destroyed.accessTokenEncrypted).toBeNull()
    expect(destroyed.refreshTokenEncrypted).toBeNull()
    // Nothing has reached CMS yet: the token still works there until the job runs.
    expect(await client.readPatient(access)).toMatchObject({ resourceType: 'Patient' })

    const [job] = await t.app.ctx.jobs.boss.fetch<RevokeAtBlueButtonJob>(QUEUES.revokeAtBlueButton)
    expect(job?.data.clientId).toBe(grant.clientId)
    expect(JSON.stringify(job?.data)).not.toContain(access)
    await revokeAtBlueButton(t.app.ctx, job!.data)
    const refused = await client.readPatient(access).catch((error: unknown) => error)
    expect(isBlueButtonError(refused) && refused.status).toBe(401)
    // A second run (a retried job) finds the token already gone at CMS and succeeds quietly.
    await expect(revokeAtBlueButton(t.app.ctx, job!.data)).resolves.toBeUndefined()
  })
})
