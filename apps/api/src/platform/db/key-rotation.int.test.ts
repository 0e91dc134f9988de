// Rotating DATA_ENCRYPTION_KEY on a live database (PGlite here, PostgreSQL in api-int-pg): every stored
// ciphertext is re-sealed with the new key, a second run has nothing left to do, and the portal on the new key
// (the old one retired) reads patients and still finds them by their keyed search hashes.
import { afterAll, describe, expect, it } from 'vitest'
import { createCryptoKeys, generateEncryptionKey } from '../lib/crypto.ts'
import { loginAs } from '../../testing/http-client.ts'
import { insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, dropStorage, type TestStorage } from '../../testing/test-app.ts'
import { TEST_ENCRYPTION_KEY } from '../../testing/test-keys.ts'
import { openDatabase } from './client.ts'
import { reencryptAll } from './reencrypt.ts'

describe('encryption key rotation', () => {
  let storage: TestStorage | undefined
  afterAll(async () => {
    if (storage) await dropStorage(storage)
  })

  it('re-seals every encrypted column with the new key, and the portal reads and searches on it', async () => {
    const before = await buildTestApp({ persistent: true })
    storage = before.storage
    const patient = await insertPatient(before, {
      requester: 'ACO_ADMIN',
      name: 'Rotated Patient',
      tin: 'first',
    })
    await before.close({ keep: true })

    const newKey = generateEncryptionKey()
    const keys = createCryptoKeys(newKey, [TEST_ENCRYPTION_KEY])
    const database = await openDatabase(
      storage.kind === 'postgres'
        ? { kind: 'postgres', url: storage.url }
        : { kind: 'pglite', dataDir: storage.dataDir },
    )
    try {
      const first = await reencryptAll(database, keys, { batchSize: 7 })
      expect(first.patients).toBeGreaterThan(0)
      expect(first.users ?? 0).toBe(0)
      const second = await reencryptAll(database, keys)
      expect(Object.values(second).every((count) => count === 0)).toBe(true)
      const { rows } = await database.executeSql('select mrn_encrypted as mrn from patients where id = $1', [
        patient.id,
      ])
      expect(String(rows[0]?.mrn)).toMatch(new RegExp(`^v2:${keys.keyId}:`))
    } finally {
      await database.close()
    }

    const after = await buildTestApp({
      reopen: storage,
      config: { dataEncryptionKey: newKey, retiredEncryptionKeys: [TEST_ENCRYPTION_KEY] },
    })
    try {
      const client = await loginAs(after.app, 'ACO_ADMIN')
      const read = await client.request({ method: 'GET', url: `/api/patients/${patient.id}/` })
      expect(read.statusCode).toBe(200)
      expect(JSON.stringify(read.json())).toContain('Rotated Patient')
      const byMrn = await client.request({
        method: 'GET',
        url: `/api/patients/?mrn=${encodeURIComponent(patient.mrn)}`,
      })
      expect((byMrn.json() as { results: { id: string }[] }).results.map((row) => row.id)).toEqual([
        patient.id,
      ])
    } finally {
      await after.close({ keep: true })
    }
  }, 120_000)
})
