// Every authenticated request reads its caller's account afresh (platform/access/access.ts): a logout, a
// deactivation or a removed TIN applies on the very next request, on every instance. Under load many
// requests wait for that read at the same moment, and here they share one statement instead of sending one
// each (and callers holding the same token, such as a page's parallel calls, share one row). Each request
// still reads after it arrived (lib/same-turn-batches.ts): batching changes what the read costs, not what
// it sees.
import type { DbOrTx } from '../db/client.ts'
import { sameTurnBatches } from '../lib/same-turn-batches.ts'
import { findAccounts, type Account, type AccountKey } from './auth.repository.ts'

export type AccountReader = (db: DbOrTx, keys: readonly AccountKey[]) => Promise<(Account | undefined)[]>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_BATCH = 256

const keyText = (key: AccountKey): string => `${key.userId}/${key.sessionFamilyId ?? ''}/${key.grantId ?? ''}`

/** One id that is not a UUID would fail the whole batch's statement, so such a key is nobody, alone. */
const wellFormed = (key: AccountKey): boolean =>
  UUID.test(key.userId) &&
  (key.sessionFamilyId === null || UUID.test(key.sessionFamilyId)) &&
  (key.grantId === null || UUID.test(key.grantId))

export type AccountBatches = { load(key: AccountKey): Promise<Account | undefined> }

export function createAccountBatches(db: DbOrTx, read: AccountReader = findAccounts): AccountBatches {
  const loader = sameTurnBatches<AccountKey, Account | undefined>(async (keys) => {
    const distinct = new Map(keys.map((key) => [keyText(key), key]))
    const accounts = await read(db, [...distinct.values()])
    const byKey = new Map([...distinct.keys()].map((text, index) => [text, accounts[index]]))
    return keys.map((key) => byKey.get(keyText(key)))
  }, MAX_BATCH)
  return {
    load: (key) => (wellFormed(key) ? loader.load(key) : Promise.resolve(undefined)),
  }
}
