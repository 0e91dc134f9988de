// A third-party app end to end: an ACO admin registers it under Settings → Integrations and sees its secret
// once; a member of the ACO follows the app's authorize URL, sees the consent screen naming the app and the
// organisation, allows; the app exchanges the code with PKCE and reads the API; the member revokes the app
// on Account → Security and the app's token is refused on its next request.
import { createHash, randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { clientAddress, expectNoAxeViolations, signInAs } from './fixtures.ts'

const APP_NAME = 'Riverbend Care Sync'
const REDIRECT = 'https://care-sync.example.test/callback'
const ORGANIZATION = 'Riverbend Accountable Care (demo)'

test('register an app, consent to it, use its token, revoke it', async ({ browser, playwright, baseURL }) => {
  // The organisation's admin registers the app and copies its credentials, shown once.
  const adminContext = await browser.newContext({ extraHTTPHeaders: clientAddress(151) })
  const admin = await adminContext.newPage()
  await signInAs(admin, 'ACO_ADMIN')
  await admin.goto('/app/admin/settings')
  await admin.getByRole('link', { name: 'Integrations' }).first().click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible()
  await expectNoAxeViolations(admin)
  await admin.getByLabel('App name').fill(APP_NAME)
  await admin.getByLabel('Redirect URIs (one per line)').fill(REDIRECT)
  await admin.getByRole('button', { name: 'Register app' }).click()
  await expect(admin.getByText('Copy the secret now: it is shown only once.')).toBeVisible()
  const clientId = (await admin.getByTestId('client-id').textContent()) ?? ''
  const clientSecret = (await admin.getByTestId('client-secret').textContent()) ?? ''
  expect(clientId).toMatch(/^bc_/)
  expect(clientSecret.length).toBeGreaterThan(40)
  await expectNoAxeViolations(admin)
  await admin.getByRole('button', { name: 'I have copied the secret' }).click()
  await expect(admin.getByTestId('client-secret')).toHaveCount(0)
  const registered = admin.getByRole('list', { name: 'Registered apps' })
  await expect(registered.getByText(APP_NAME)).toBeVisible()
  await expect(registered).not.toContainText(clientSecret)
  await adminContext.close()

  // A member of the ACO follows the app's authorize URL and sees the consent screen.
  const userContext = await browser.newContext({ extraHTTPHeaders: clientAddress(152) })
  const user = await userContext.newPage()
  await user.route('https://care-sync.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Care Sync</title><main>Connected</main></html>',
    }),
  )
  await signInAs(user, 'ACO_USER')
  const verifier = randomBytes(48).toString('base64url')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'read write',
    state: 'e2e-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  await user.goto(`/o/authorize/?${query.toString()}`)
  await expect(user).toHaveURL(/\/app\/oauth\/consent\?/)
  await expect(user.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` })).toBeVisible()
  await expect(user.getByText(ORGANIZATION)).toBeVisible()
  await expect(user.getByRole('list', { name: 'What the app may do' }).getByRole('listitem')).toHaveCount(2)
  await expectNoAxeViolations(user)
  await user.getByRole('button', { name: 'Allow' }).click()
  await user.waitForURL(/^https:\/\/care-sync\.example\.test\/callback\?/)
  const callback = new URL(user.url())
  expect(callback.searchParams.get('state')).toBe('e2e-state')
  const code = callback.searchParams.get('code') ?? ''
  expect(code).not.toBe('')

  // The app's server exchanges the code with the verifier and its secret, and reads the API.
  const appServer = await playwright.request.newContext({ baseURL })
  const token = await appServer.post('/o/token/', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: clientId,
      client_secret: clientSecret,
    },
  })
  expect(token.status()).toBe(200)
  const { access_token: access } = (await token.json()) as { access_token: string }
  const bearer = { authorization: `Bearer ${access}` }
  const verify = await appServer.get('/api/jwt/verify/', { headers: bearer })
  expect(verify.status()).toBe(200)
  expect(((await verify.json()) as { user: { role: string } }).user.role).toBe('ACO_USER')

  // The member revokes the app on Account → Security; the app's token is refused on its next request.
  await user.goto('/app/account?tab=security')
  const apps = user.getByRole('list', { name: 'Authorized apps' })
  await expect(apps.getByText(APP_NAME)).toBeVisible()
  await expect(apps).toContainText(ORGANIZATION)
  await expectNoAxeViolations(user)
  await user.getByRole('button', { name: `Revoke ${APP_NAME}` }).click()
  await expect(user.getByText(`${APP_NAME} can no longer access your account.`)).toBeVisible()
  await expect(user.getByRole('list', { name: 'Authorized apps' })).toHaveCount(0)
  expect((await appServer.get('/api/jwt/verify/', { headers: bearer })).status()).toBe(401)
  await appServer.dispose()
  await userContext.close()
})
