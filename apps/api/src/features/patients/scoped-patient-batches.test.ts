import { describe, expect, it } from 'vitest'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import type { PatientRow, ScopedPatient } from './patients.repository.ts'
import { createScopedPatientBatches, type ScopedPatientsReader } from './scoped-patient-batches.ts'

const db = {} as DbOrTx
const ORGANIZATION = '00000000-0000-4000-8000-0000000000c1'
const OTHER_ORGANIZATION = '00000000-0000-4000-8000-0000000000c2'
const TIN_1 = '00000000-0000-4000-8000-0000000000e1'
const TIN_2 = '00000000-0000-4000-8000-0000000000e2'
const PATIENT_1 = '00000000-0000-4000-8000-0000000000a1'
const PATIENT_2 = '00000000-0000-4000-8000-0000000000a2'
const PATIENT_3 = '00000000-0000-4000-8000-0000000000a3'

function principal(overrides: Partial<Principal>): Principal {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    role: 'ACO_USER',
    organizationId: ORGANIZATION,
    organizationType: 'ACO',
    permissions: [],
    tinIds: [],
    allTins: true,
    isSuperuser: false,
    groups: [],
    sessionFamilyId: null,
    clientId: null,
    scope: null,
    organizationRevision: 1,
    ...overrides,
  }
}

type Read = { principal: Principal; now: Date; ids: string[] }

/** Finds every asked id but PATIENT_3, and records each statement it was asked to run. */
function recordingReader(): { reads: Read[]; read: ScopedPatientsReader } {
  const reads: Read[] = []
  return {
    reads,
    read: async (_db, caller, now, ids) => {
      reads.push({ principal: caller, now, ids: [...ids] })
      return new Map(
        ids
          .filter((id) => id !== PATIENT_3)
          .map((id): [string, ScopedPatient] => [
            id,
            { row: { id, organizationId: caller.organizationId } as PatientRow, authorizationId: null },
          ]),
      )
    },
  }
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, second))

describe('scoped patient batches', () => {
  it('runs one statement for callers with the same scope, at the latest of their clocks', async () => {
    const { reads, read } = recordingReader()
    const batches = createScopedPatientBatches(db, read)
    const colleague = principal({ userId: '00000000-0000-4000-8000-000000000002' })
    const answers = await Promise.all([
      batches.load(principal({}), at(1), PATIENT_1),
      batches.load(colleague, at(3), PATIENT_2),
      batches.load(principal({}), at(2), PATIENT_1),
      batches.load(colleague, at(2), PATIENT_3),
    ])
    expect(reads).toHaveLength(1)
    expect(reads[0]?.ids).toEqual([PATIENT_1, PATIENT_2, PATIENT_3])
    expect(reads[0]?.now).toEqual(at(3))
    expect(answers.map((answer) => answer?.row.id)).toEqual([PATIENT_1, PATIENT_2, PATIENT_1, undefined])
  })

  it('keeps apart callers whose scope differs: organisation, TINs, role, and an agent from another agent', async () => {
    const { reads, read } = recordingReader()
    const batches = createScopedPatientBatches(db, read)
    const limited = (tinIds: string[]) => principal({ allTins: false, tinIds })
    const agent = (userId: string) =>
      principal({
        role: 'AGENT_USER',
        organizationType: 'INSURANCE_AGENCY',
        organizationId: OTHER_ORGANIZATION,
        userId,
      })
    const callers = [
      principal({}),
      principal({ organizationId: OTHER_ORGANIZATION }),
      limited([TIN_1, TIN_2]),
      limited([TIN_2, TIN_1]),
      limited([TIN_1]),
      principal({ role: 'ACO_ADMIN' }),
      agent('00000000-0000-4000-8000-0000000000b1'),
      agent('00000000-0000-4000-8000-0000000000b2'),
    ]
    const answers = await Promise.all(callers.map((caller) => batches.load(caller, at(1), PATIENT_1)))
    // The same TINs in another order are the same scope; everything else is a statement of its own.
    expect(reads).toHaveLength(callers.length - 1)
    expect(answers.map((answer) => answer?.row.organizationId)).toEqual(
      callers.map((caller) => caller.organizationId),
    )
  })

  it('answers an id that is not a UUID as nobody, without a statement or failing the others', async () => {
    const { reads, read } = recordingReader()
    const batches = createScopedPatientBatches(db, read)
    const answers = await Promise.all([
      batches.load(principal({}), at(1), "1' or '1'='1"),
      batches.load(principal({}), at(1), PATIENT_2),
    ])
    expect(answers.map((answer) => answer?.row.id)).toEqual([undefined, PATIENT_2])
    expect(reads.map((statement) => statement.ids)).toEqual([[PATIENT_2]])
  })

  it('remembers nothing: a caller after a batch was sent gets a statement of its own', async () => {
    const { reads, read } = recordingReader()
    const batches = createScopedPatientBatches(db, read)
    await batches.load(principal({}), at(1), PATIENT_1)
    await batches.load(principal({}), at(1), PATIENT_1)
    expect(reads).toHaveLength(2)
  })

  it('fails every caller of a batch whose statement failed, and the next batch runs afresh', async () => {
    let fail = true
    const batches = createScopedPatientBatches(db, async (...args) => {
      if (fail) throw new Error('connection lost')
      return recordingReader().read(...args)
    })
    await expect(
      Promise.all([
        batches.load(principal({}), at(1), PATIENT_1),
        batches.load(principal({}), at(1), PATIENT_2),
      ]),
    ).rejects.toThrow('connection lost')
    fail = false
    expect((await batches.load(principal({}), at(1), PATIENT_1))?.row.id).toBe(PATIENT_1)
  })
})
