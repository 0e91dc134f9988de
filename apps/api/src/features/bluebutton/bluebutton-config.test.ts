import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../platform/config.ts'

const CMS = {
  DATABASE_URL: 'postgres://db/x',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://portal.example',
  BLUEBUTTON_BASE_URL: 'https://sandbox.bluebutton.cms.gov/',
  BLUEBUTTON_PROVIDER_CLIENT_ID: 'prov',
  BLUEBUTTON_PROVIDER_CLIENT_SECRET: 'prov-secret',
  BLUEBUTTON_AGENT_CLIENT_ID: 'agent',
  BLUEBUTTON_AGENT_CLIENT_SECRET: 'agent-secret',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
}

describe('Blue Button settings', () => {
  it('defaults to the in-process sandbox under the public URL with its demo applications', () => {
    const { bluebutton } = loadConfig({ PUBLIC_URL: 'http://localhost:3000/' })
    expect(bluebutton).toEqual({
      baseUrl: 'http://localhost:3000/bb-sandbox',
      embeddedSandbox: true,
      redirectUri: 'http://localhost:3000/api/bluebutton/callback/',
      provider: { clientId: 'blueconsent-provider', clientSecret: 'sandbox-provider-secret' },
      agent: { clientId: 'blueconsent-agent', clientSecret: 'sandbox-agent-secret' },
      apiVersion: 'v2',
    })
  })

  it('speaks v2 unless BLUEBUTTON_API_VERSION says v3, and refuses any other version', () => {
    expect(loadConfig(CMS).bluebutton.apiVersion).toBe('v2')
    expect(loadConfig({ ...CMS, BLUEBUTTON_API_VERSION: 'v3' }).bluebutton.apiVersion).toBe('v3')
    expect(loadConfig({ BLUEBUTTON_API_VERSION: 'v3' }).bluebutton.apiVersion).toBe('v3')
    expect(() => loadConfig({ ...CMS, BLUEBUTTON_API_VERSION: 'v1' })).toThrow()
  })

  it('switches to CMS with both registered applications', () => {
    const { bluebutton } = loadConfig(CMS)
    expect(bluebutton).toMatchObject({
      baseUrl: 'https://sandbox.bluebutton.cms.gov',
      embeddedSandbox: false,
      redirectUri: 'https://portal.example/api/bluebutton/callback/',
      provider: { clientId: 'prov' },
      agent: { clientId: 'agent' },
    })
    expect(
      loadConfig({ ...CMS, BLUEBUTTON_REDIRECT_URI: 'https://portal.example/cb/' }).bluebutton.redirectUri,
    ).toBe('https://portal.example/cb/')
  })

  it('refuses CMS without both applications', () => {
    expect(() => loadConfig({ ...CMS, BLUEBUTTON_AGENT_CLIENT_SECRET: '' })).toThrow(
      /BLUEBUTTON_AGENT_CLIENT_ID/,
    )
  })
})
