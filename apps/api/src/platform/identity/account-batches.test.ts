import { describe, expect, it } from 'vitest'
import type { DbOrTx } from '../db/client.ts'
import { createAccountBatches, type AccountReader } from './account-batches.ts'
import type { Account, AccountKey } from './auth.repository.ts'

const USER_A = '00000000-0000-4000-8000-00000000000a'
const USER_B = '00000000-0000-4000-8000-00000000000b'
const FAMILY = '00000000-0000-4000-8000-0000000000f1'
const db = {} as DbOrTx

const accountOf = (key: AccountKey) =>
  ({ id: key.userId, sessionLive: key.sessionFamilyId !== FAMILY }) as Account

function recordingReader(): { reads: AccountKey[][]; read: AccountReader } {
  const reads: AccountKey[][] = []
  return {
    reads,
    read: async (_db, keys) => {
      reads.push([...keys])
      return keys.map((key) => (key.userId === USER_B ? undefined : accountOf(key)))
    },
  }
}

const key = (userId: string, sessionFamilyId: string | null = null): AccountKey => ({
  userId,
  sessionFamilyId,
  grantId: null,
})

describe('account batches', () => {
  it('answers the callers of one turn with one read of their distinct keys, each with its own row', async () => {
    const { reads, read } = recordingReader()
    const batches = createAccountBatches(db, read)
    const answers = await Promise.all([
      batches.load(key(USER_A)),
      batches.load(key(USER_A)),
      batches.load(key(USER_A, FAMILY)),
      batches.load(key(USER_B)),
    ])
    expect(reads).toEqual([[key(USER_A), key(USER_A, FAMILY), key(USER_B)]])
    expect(answers.map((account) => account?.sessionLive)).toEqual([true, true, false, undefined])
  })

  it('never answers a caller from a read that was already sent when it asked', async () => {
    const sent: { keys: readonly AccountKey[]; release: () => void }[] = []
    const batches = createAccountBatches(db, (_db, keys) => {
      return new Promise((resolve) => sent.push({ keys, release: () => resolve(keys.map(accountOf)) }))
    })
    const first = batches.load(key(USER_A))
    await new Promise((resolve) => setImmediate(resolve))
    expect(sent).toHaveLength(1)
    const second = batches.load(key(USER_A))
    sent[0]?.release()
    await first
    await new Promise((resolve) => setImmediate(resolve))
    expect(sent).toHaveLength(2)
    sent[1]?.release()
    expect((await second)?.id).toBe(USER_A)
  })

  it('answers a key that is not made of UUIDs with nobody, without failing the others in its turn', async () => {
    const { reads, read } = recordingReader()
    const batches = createAccountBatches(db, read)
    const [bad, good] = await Promise.all([batches.load(key("x' or 1=1")), batches.load(key(USER_A))])
    expect(bad).toBeUndefined()
    expect(good?.id).toBe(USER_A)
    expect(reads).toEqual([[key(USER_A)]])
  })

  it('fails every caller of a read that failed, and the next turn reads again', async () => {
    let fail = true
    const batches = createAccountBatches(db, async (_db, keys) => {
      if (fail) throw new Error('connection lost')
      return keys.map(accountOf)
    })
    const failed = await Promise.allSettled([batches.load(key(USER_A)), batches.load(key(USER_A, FAMILY))])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect((await batches.load(key(USER_A)))?.id).toBe(USER_A)
  })
})
