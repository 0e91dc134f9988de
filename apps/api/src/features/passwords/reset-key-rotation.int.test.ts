// Rotating DATA_ENCRYPTION_KEY moves reset-link signatures to the new key at once, while links sent before the
// rotation keep working until they expire (the retired key still verifies them).
import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createCryptoKeys, generateEncryptionKey } from '../../platform/lib/crypto.ts'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp } from '../../testing/test-app.ts'
import { TEST_ENCRYPTION_KEY } from '../../testing/test-keys.ts'
import { demoUser } from '../demo-data/index.ts'
import { checkResetToken, decodeUid } from './reset-token.ts'

/** Asks for a reset link for `email` and returns the link's uid and token (read from the dev outbox). */
async function resetLink(app: FastifyInstance, email: string, ip: string) {
  const asked = await createClient(app, { ip }).request({
    method: 'POST',
    url: '/api/users/password-reset/',
    payload: { email },
  })
  expect(asked.statusCode).toBe(200)
  const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox/' })
  const message = (outbox.json() as { results: OutboxMessage[] }).results.find((m) => m.to === email)
  const match = /\/app\/password-reset\/([^/]+)\/([^/]+)$/.exec(message?.links[0] ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`no reset link for ${email}`)
  return { uid: match[1], token: match[2] }
}

const resetWith = (app: FastifyInstance, link: { uid: string; token: string }, ip: string) =>
  createClient(app, { ip }).request({
    method: 'POST',
    url: '/api/users/password-reset-confirm/',
    payload: {
      uid: link.uid,
      token: link.token,
      password: 'Rotated-Passw0rd!x',
      password_confirm: 'Rotated-Passw0rd!x',
    },
  })

describe('reset links across a key rotation', () => {
  it('signs tokens with the new key after a rotation, and honours those signed before until they expire', async () => {
    const before = await buildTestApp({ persistent: true, config: { devTools: true } })
    const rotationStorage = before.storage
    const early = demoUser('AGENT_USER').email
    const late = demoUser('PHYSICIAN_USER').email
    let signedBefore: { uid: string; token: string }
    try {
      signedBefore = await resetLink(before.app, early, '10.9.0.1')
    } finally {
      await before.close({ keep: true })
    }

    const newKey = generateEncryptionKey()
    const oldKeys = createCryptoKeys(TEST_ENCRYPTION_KEY)
    const after = await buildTestApp({
      reopen: rotationStorage,
      config: { devTools: true, dataEncryptionKey: newKey, retiredEncryptionKeys: [TEST_ENCRYPTION_KEY] },
    })
    try {
      const signedAfter = await resetLink(after.app, late, '10.9.0.2')
      const rows = await after.app.ctx.database.executeSql(
        'select id, password_hash as "passwordHash" from users where id = $1',
        [decodeUid(signedAfter.uid)],
      )
      const user = rows.rows[0] as { id: string; passwordHash: string }
      const now = after.app.ctx.clock()
      // The new token is the new key's: the retired key alone does not verify it.
      expect(checkResetToken(createCryptoKeys(newKey).signing, user, signedAfter.token, now)).toBe(true)
      expect(checkResetToken(oldKeys.signing, user, signedAfter.token, now)).toBe(false)
      // Both work on the rotated portal: the one sent before the rotation is still within its hour.
      expect((await resetWith(after.app, signedBefore, '10.9.0.3')).statusCode).toBe(200)
      expect((await resetWith(after.app, signedAfter, '10.9.0.4')).statusCode).toBe(200)
    } finally {
      await after.close()
    }
  }, 120_000)
})
