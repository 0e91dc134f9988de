// Every read of one patient first checks that the patient is in the caller's scope. Under load many such
// checks wait at the same moment (a record page asks for the patient, its data and its risk score at once;
// colleagues of one organisation with the same role and TINs open records side by side), and here callers with
// the same scope share one statement for all the patients they asked for. Each check still runs after it was
// asked (lib/same-turn-batches.ts), at the latest of the waiting callers' clocks: batching changes what the
// check costs, not what it sees.
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { sameTurnBatches } from '../../platform/lib/same-turn-batches.ts'
import { findScopedPatients, scopeKeyOf, type ScopedPatient } from './patients.repository.ts'

export type ScopedPatientsReader = typeof findScopedPatients
type ScopedRead = { principal: Principal; now: Date; id: string }

const MAX_BATCH = 256

async function readGroup(
  db: DbOrTx,
  read: ScopedPatientsReader,
  group: ScopedRead[],
): Promise<Map<string, ScopedPatient>> {
  const [first] = group
  if (!first) return new Map()
  const now = new Date(Math.max(...group.map((request) => request.now.getTime())))
  return read(db, first.principal, now, [...new Set(group.map((request) => request.id))])
}

export type ScopedPatientBatches = {
  load(principal: Principal, now: Date, id: string): Promise<ScopedPatient | undefined>
}

export function createScopedPatientBatches(
  db: DbOrTx,
  read: ScopedPatientsReader = findScopedPatients,
): ScopedPatientBatches {
  const loader = sameTurnBatches<ScopedRead, ScopedPatient | undefined>(async (requests) => {
    const keys = requests.map((request) => scopeKeyOf(request.principal))
    const groups = new Map<string, ScopedRead[]>()
    requests.forEach((request, index) => {
      const key = keys[index] ?? ''
      const group = groups.get(key)
      if (group) group.push(request)
      else groups.set(key, [request])
    })
    const found = new Map(
      await Promise.all(
        [...groups].map(async ([key, group]) => [key, await readGroup(db, read, group)] as const),
      ),
    )
    return requests.map((request, index) => found.get(keys[index] ?? '')?.get(request.id))
  }, MAX_BATCH)
  return {
    // An id that is not a UUID would fail its whole batch's statement, so it is nobody, alone.
    load: (principal, now, id) =>
      isValidPatientId(id) ? loader.load({ principal, now, id }) : Promise.resolve(undefined),
  }
}

const batchesByDb = new WeakMap<DbOrTx, ScopedPatientBatches>()

/** The patient, if in the caller's scope, with the caller's active authorization for it (null: none). */
export function findScopedPatient(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  id: string,
): Promise<ScopedPatient | undefined> {
  let batches = batchesByDb.get(db)
  if (!batches) {
    batches = createScopedPatientBatches(db)
    batchesByDb.set(db, batches)
  }
  return batches.load(principal, now, id)
}
