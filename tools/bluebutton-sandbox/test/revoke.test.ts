import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CLIENTS, PREFIX, basic, dance, fhirGet, form, makeSandbox } from './helpers.ts'

let app: FastifyInstance
beforeAll(async () => ({ app } = await makeSandbox()))
afterAll(() => app.close())

const post = (path: string, fields: Record<string, string>, authorization = basic(CLIENTS.provider)) => {
  const f = form(fields)
  return app.inject({
    method: 'POST',
    url: `${PREFIX}${path}`,
    payload: f.payload,
    headers: { ...f.headers, authorization },
  })
}
const refresh = (token: string) => post('/v2/o/token/', { grant_type: 'refresh_token', refresh_token: token })

describe('revocation', () => {
  it('/v2/o/revoke/ with the access token kills every token of the pair and the grant', async () => {
    const older = await dance(app, { username: 'BBUser00010' })
    const res = await post('/v2/o/revoke/', { token: older.access_token })
    expect(res.statusCode).toBe(200)
    expect((await fhirGet(app, '/v2/fhir/ExplanationOfBenefit', older.access_token)).statusCode).toBe(401)
    const again = await refresh(older.refresh_token ?? '')
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ status_code: 403, error: 'invalid_grant' })
    expect(again.json().error_description).toMatch(/^User access cannot be found\./)
  })

  it('/v2/o/revoke/ answers 200 for an unknown token and 401 for bad client credentials', async () => {
    expect((await post('/v2/o/revoke/', { token: 'nope' })).statusCode).toBe(200)
    const bad = await post(
      '/v2/o/revoke/',
      { token: 'nope' },
      `Basic ${Buffer.from('provider:wrong').toString('base64')}`,
    )
    expect(bad.statusCode).toBe(401)
    expect(bad.json()).toEqual({ error: 'invalid_client' })
  })

  it('/v2/o/revoke_token/ revokes one access token but keeps the grant (refresh still works)', async () => {
    const tokens = await dance(app, { username: 'BBUser00011' })
    expect((await post('/v2/o/revoke_token/', { token: tokens.access_token })).statusCode).toBe(200)
    expect((await fhirGet(app, '/v2/fhir/Coverage', tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(200)
  })

  it('/v2/o/revoke_token/ with a refresh token spends it', async () => {
    const tokens = await dance(app, { username: 'BBUser00012' })
    await post('/v2/o/revoke_token/', { token: tokens.refresh_token ?? '' })
    expect((await refresh(tokens.refresh_token ?? '')).json()).toEqual({ error: 'invalid_grant' })
  })
})

describe('expire_authenticated_user (sandbox only)', () => {
  it('deletes the grant: "success", then FHIR 401 and refresh 403', async () => {
    const tokens = await dance(app, { username: 'BBUser00013' })
    const res = await post(`/v2/o/expire_authenticated_user/${tokens.patient}/`, {})
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('success')
    expect((await fhirGet(app, '/v2/fhir/Coverage', tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(403)
    const second = await post(`/v2/o/expire_authenticated_user/${tokens.patient}/`, {})
    expect(second.statusCode).toBe(404)
    expect(second.body).toBe('Data Access Grant was Not Found.')
  })

  it('requires Basic client auth (403 FORBIDDEN) and a known patient', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/expire_authenticated_user/-1/`,
      ...form({ client_id: 'provider', client_secret: 'provider-secret' }),
    })
    expect(bad.statusCode).toBe(403)
    expect(bad.body).toBe('FORBIDDEN')
    const unknown = await post('/v2/o/expire_authenticated_user/-999/', {})
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toMatch(/^Patient was Not Found/)
  })
})

describe('enrollee revocation hook (admin)', () => {
  it('acts as the enrollee on Medicare.gov: grant deleted, tokens revoked', async () => {
    const tokens = await dance(app, { username: 'BBUser00014' })
    const res = await app.inject({
      method: 'POST',
      url: `${PREFIX}/__admin/enrollee-revocations`,
      payload: { clientId: 'provider', patientId: tokens.patient },
    })
    expect(res.json()).toEqual({ revoked: true })
    expect((await fhirGet(app, '/v2/fhir/ExplanationOfBenefit', tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(403)
  })
})
