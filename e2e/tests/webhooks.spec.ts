// Webhooks end to end: an ACO admin adds an endpoint under Settings → Integrations pointing at a receiver on
// this machine, copies the signing secret shown once, sends a test event, and sees it delivered in the
// endpoint's log; the receiver checks the Standard Webhooks signature with the secret the admin copied.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { clientAddress, expectNoAxeViolations, signInAs } from './fixtures.ts'

type Received = { headers: IncomingHttpHeaders; body: string }

/** The format's verification, as an integrator writes it: HMAC-SHA256 of id.timestamp.body, base64. */
function signatureValid(secret: string, message: Received): boolean {
  const id = String(message.headers['webhook-id'])
  const timestamp = String(message.headers['webhook-timestamp'])
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest()
  return String(message.headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',')
      const given = Buffer.from(value ?? '', 'base64')
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
    })
}

test('add a webhook endpoint, send a test event, see it delivered and signed', async ({ browser }) => {
  const received: Received[] = []
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = 204
      response.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/blueconsent-hooks`
  try {
    const context = await browser.newContext({ extraHTTPHeaders: clientAddress(181) })
    const admin = await context.newPage()
    await signInAs(admin, 'ACO_ADMIN')
    await admin.goto('/app/integrations')
    await expect(admin.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible()
    await admin.getByLabel('Endpoint URL').fill(endpointUrl)
    await admin.getByRole('checkbox', { name: /grant\.expiring/ }).uncheck()
    await admin.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(admin.getByText('Copy the signing secret now: it is shown only once.')).toBeVisible()
    const secret = (await admin.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    await expectNoAxeViolations(admin)
    await admin.getByRole('button', { name: 'I have copied the secret' }).click()

    const endpoint = admin.getByRole('listitem', { name: endpointUrl })
    await expect(endpoint).toContainText('Enabled')
    await expect(endpoint).not.toContainText('grant.expiring')
    await endpoint.getByRole('button', { name: 'Send test event' }).click()
    const log = endpoint.getByRole('table')
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 20_000 })
    await expect(log.getByRole('row').nth(1)).toContainText('webhook.test')
    await expect(log.getByRole('row').nth(1)).toContainText('204')
    await expectNoAxeViolations(admin)

    expect(received).toHaveLength(1)
    const message = received[0] as Received
    expect(signatureValid(secret, message)).toBe(true)
    expect(JSON.parse(message.body)).toMatchObject({ type: 'webhook.test' })
    await context.close()
  } finally {
    await new Promise((resolve) => receiver.close(resolve))
  }
})
