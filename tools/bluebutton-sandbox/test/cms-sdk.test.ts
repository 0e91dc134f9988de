// CMS's own Node SDK (cms-bluebutton-sdk from npm, unmodified) against the stand-in over real HTTP, as v2 and as
// v3 (the SDK builds every URL as /v{version}/): authorize, token, Patient, Coverage, every EOB page, refresh,
// then revoke. The sandbox is configured with a public URL
// on 127.0.0.1 but reached as localhost, and builds its paging links from the request's host, so the SDK's
// rule (a `next` link under its base URL is used as is) holds; with links on the configured host the SDK
// would ask for '/v2/http://127.0.0.1…' and get 404.
import { BlueButton, type AuthorizationToken } from 'cms-bluebutton-sdk'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENTS, REDIRECT, makeSandbox, pathOf, form } from './helpers.ts'

let app: FastifyInstance
let port = 0

beforeAll(async () => {
  ;({ app } = await makeSandbox({
    publicBaseUrl: 'http://127.0.0.1:9/bb-sandbox',
    linksFromRequestHost: true,
  }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  ;({ port } = app.server.address() as AddressInfo)
})

function makeSdk(version: '2' | '3'): BlueButton {
  const sdk = new BlueButton({
    clientId: CLIENTS.provider.clientId,
    clientSecret: CLIENTS.provider.clientSecret,
    callbackUrl: REDIRECT,
    version,
    environment: 'LOCAL' as never,
    tokenRefreshOnExpire: false,
  })
  // The SDK's documented field for where Blue Button is; LOCAL means localhost, here on our port.
  sdk.baseUrl = `http://localhost:${port}/bb-sandbox`
  return sdk
}
afterAll(async () => {
  await app.close()
})

/** The beneficiary's part at Medicare: log in as a sandbox user and allow, as a browser would. */
async function beneficiaryAllows(authorizeUrl: string): Promise<URL> {
  const start = await app.inject({ method: 'GET', url: pathOf(authorizeUrl) })
  expect(start.statusCode).toBe(302)
  const authRequest = new URL(String(start.headers.location)).searchParams.get('auth_request') ?? ''
  const login = await app.inject({
    method: 'POST',
    url: '/bb-sandbox/mymedicare/login',
    ...form({ auth_request: authRequest, username: 'BBUser00000', password: 'PW00000!' }),
  })
  expect(login.statusCode).toBe(302)
  const consent = await app.inject({
    method: 'POST',
    url: pathOf(String(login.headers.location)),
    // v3 asks about Part 2 records; the SDK's flow works either way, so this run leaves them private.
    ...form({ allow: 'Allow', share_demographic_scopes: 'true', share_samhsa_data: 'False' }),
  })
  expect(consent.statusCode).toBe(302)
  return new URL(String(consent.headers.location))
}

describe.each(['2', '3'] as const)('cms-bluebutton-sdk (v%s) against the stand-in', (version) => {
  let token: AuthorizationToken
  let sdk: BlueButton
  beforeAll(() => {
    sdk = makeSdk(version)
  })

  it('authorizes with PKCE and exchanges the code for a token', async () => {
    const authData = sdk.generateAuthData()
    const authorizeUrl = sdk.generateAuthorizeUrl(authData)
    expect(authorizeUrl).toContain(`/v${version}/o/authorize`)
    const callback = await beneficiaryAllows(authorizeUrl)
    token = await sdk.getAuthorizationToken(
      authData,
      callback.searchParams.get('code') ?? undefined,
      callback.searchParams.get('state') ?? undefined,
    )
    expect(token.accessToken).toBeTruthy()
    expect(token.refreshToken).toBeTruthy()
    expect(token.patient).toBeTruthy()
  })

  it('reads Patient and Coverage', async () => {
    const patient = await sdk.getPatientData(token)
    expect(patient.response?.status).toBe(200)
    expect(patient.response?.data.entry[0].resource.id).toBe(token.patient)
    const coverage = await sdk.getCoverageData(token)
    expect(coverage.response?.status).toBe(200)
    expect(coverage.response?.data.total).toBeGreaterThan(0)
  })

  it('follows every EOB page to the last with the SDK’s own paging', async () => {
    const first = await sdk.getExplanationOfBenefitData(token)
    expect(first.response?.status).toBe(200)
    const bundle = first.response?.data
    const { pages } = await sdk.getPages(bundle, token)
    const ids = pages.flatMap((page: { entry?: { resource: { id: string } }[] }) =>
      (page.entry ?? []).map((entry) => entry.resource.id),
    )
    expect(pages.length).toBe(Math.ceil(bundle.total / 10))
    expect(ids).toHaveLength(bundle.total)
    expect(new Set(ids).size).toBe(bundle.total)
  })

  it('refreshes the token, and a revoked token reads nothing', async () => {
    const refreshed = await sdk.refreshAuthToken(token)
    expect(refreshed.accessToken).not.toBe(token.accessToken)
    expect((await sdk.getPatientData(refreshed)).response?.status).toBe(200)
    // The SDK has no revoke call: Blue Button's revoke endpoint, as an app calls it.
    const revoke = await fetch(`${sdk.baseUrl}/v${version}/o/revoke/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refreshed.accessToken,
        client_id: CLIENTS.provider.clientId,
        client_secret: CLIENTS.provider.clientSecret,
      }),
    })
    expect(revoke.status).toBe(200)
    expect((await sdk.getPatientData(refreshed)).response?.status).toBe(401)
  })
})
