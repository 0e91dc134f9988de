import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'
import { BASE, PREFIX, makeSandbox } from './helpers.ts'
import { bluebuttonSandbox } from '../src/index.ts'

let app: FastifyInstance
beforeAll(async () => ({ app } = await makeSandbox()))
afterAll(() => app.close())

describe('discovery documents', () => {
  it.each(['/.well-known/openid-configuration-v2', '/v2/connect/.well-known/openid-configuration'])(
    '%s uses the public base URL',
    async (path) => {
      const doc = (await app.inject({ method: 'GET', url: `${PREFIX}${path}` })).json()
      expect(doc).toMatchObject({
        issuer: BASE,
        authorization_endpoint: `${BASE}/v2/o/authorize/`,
        token_endpoint: `${BASE}/v2/o/token/`,
        revocation_endpoint: `${BASE}/v2/o/revoke_token/`,
        userinfo_endpoint: `${BASE}/v2/connect/userinfo`,
        fhir_metadata_uri: `${BASE}/v2/fhir/metadata`,
        grant_types_supported: ['authorization_code', 'refresh_token'],
      })
    },
  )

  it('SMART configuration offers S256 only and the Blue Button capabilities', async () => {
    const doc = (
      await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/.well-known/smart-configuration` })
    ).json()
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
    expect(doc.capabilities).toContain('authorize-post')
    expect(doc.scopes_supported).toContain('patient/ExplanationOfBenefit.rs')
  })

  it('CapabilityStatement carries this host in its OAuth URIs', async () => {
    const res = await app.inject({ method: 'GET', url: `${PREFIX}/v2/fhir/metadata` })
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/)
    const statement = res.json()
    expect(statement.resourceType).toBe('CapabilityStatement')
    const uris = statement.rest[0].security.extension[0].extension
    expect(uris).toEqual([
      { url: 'token', valueUri: `${BASE}/v2/o/token/` },
      { url: 'authorize', valueUri: `${BASE}/v2/o/authorize/` },
      { url: 'revoke', valueUri: `${BASE}/v2/o/revoke_token/` },
    ])
    expect(statement.rest[0].resource.map((r: { type: string }) => r.type).sort()).toEqual([
      'Coverage',
      'ExplanationOfBenefit',
      'Patient',
    ])
  })
})

describe('mounting inside another app', () => {
  it('coexists with a host that already parses forms and has its own routes', async () => {
    const host = Fastify()
    await host.register(formbody)
    host.get('/health', async () => ({ ok: true }))
    await host.register(bluebuttonSandbox, {
      prefix: '/bb-sandbox',
      publicBaseUrl: 'http://localhost:3000/bb-sandbox',
    })
    await host.ready()
    expect((await host.inject('/health')).json()).toEqual({ ok: true })
    const doc = (await host.inject('/bb-sandbox/.well-known/openid-configuration-v2')).json()
    expect(doc.token_endpoint).toBe('http://localhost:3000/bb-sandbox/v2/o/token/')
    // Admin routes stay off by default.
    expect((await host.inject({ method: 'GET', url: '/bb-sandbox/__admin/faults' })).statusCode).toBe(404)
    await host.close()
  })

  it('works in a host created with ignoreTrailingSlash', async () => {
    const host = Fastify({ ignoreTrailingSlash: true })
    await host.register(bluebuttonSandbox, { prefix: '/bb', publicBaseUrl: 'http://localhost:3000/bb' })
    await host.ready()
    for (const url of ['/bb/v2/o/token', '/bb/v2/o/token/']) {
      expect((await host.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401)
    }
    await host.close()
  })

  it('rejects an invalid publicBaseUrl at registration', async () => {
    const host = Fastify()
    await expect(host.register(bluebuttonSandbox, { publicBaseUrl: 'not a url' }).ready()).rejects.toThrow()
  })
})
