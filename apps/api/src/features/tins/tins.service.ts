// The rules of the TIN registry. Only an ACO's own admin manages it (the route admits ACO_ADMIN; here the
// organisation must be an ACO and the one in the URL): any other organisation id answers 404 as if it did
// not exist. A TIN is stored encrypted with a keyed hash for equality and shown masked; deleting one only
// deactivates it, and since a user's TIN scope is read from active TINs on every request, its scoped users
// lose its patients on their next call. Every change is audited with what it was before and after.
import {
  TIN_MESSAGES,
  maskTin,
  tinDigits,
  type BulkAttachResult,
  type Tin,
  type TinList,
  type TinPatient,
  type TinPatientList,
  type TinSummary,
} from '@blueconsent/contract/tins'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound, type UniqueConflicts } from '../../platform/errors.ts'
import { decrypt, encrypt, keyedHash } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { mrnHash } from '../patients/index.ts'
import {
  countPatientsUnder,
  countRegistry,
  countTins,
  findActiveTinByHash,
  findPatientsByIdsOrMrns,
  findRegistryPatient,
  findTin,
  insertTin,
  selectPatientsUnder,
  selectTins,
  setPatientsTin,
  updateTin,
  type PatientsUnder,
  type RegistryPatientRow,
  type TinFilter,
  type TinWithCreator,
} from './tins.repository.ts'

type Page = { page: number; pageSize: number; path: string }
type AuditDetails = Record<string, string | number | boolean | null>

/** The caller's own ACO, when `organizationId` names it; anything else is not found. */
function registryOf(source: Actor, organizationId: string): string {
  const { principal } = source
  if (principal.organizationType !== 'ACO' || principal.organizationId === null)
    throw new AppError(404, 'not_found', TIN_MESSAGES.noAcoOrganization)
  if (organizationId !== principal.organizationId) throw notFound()
  return principal.organizationId
}

function toTin(ctx: AppContext, row: TinWithCreator): Tin {
  const digits = tinDigits(decrypt(ctx.keys, row.tin.identifierEncrypted))
  return {
    id: row.tin.id,
    identifier_value: digits,
    provider_org_name: row.tin.providerOrgName,
    is_active: row.tin.isActive,
    masked_value: maskTin(digits),
    created_at: row.tin.createdAt.toISOString(),
    updated_at: row.tin.updatedAt.toISOString(),
    created_by_email: row.createdByEmail,
    patient_count: row.patientCount,
  }
}

function paged<T>(count: number, results: T[], { page, pageSize, path }: Page, query = '') {
  const url = (n: number) => `${path}?page=${n}&page_size=${pageSize}${query}`
  return {
    count,
    next: page * pageSize < count ? url(page + 1) : null,
    previous: page > 1 ? url(page - 1) : null,
    results,
  }
}

/** A search matches the practice name, a whole TIN typed in any format, or its last digits. */
function searchFilter(ctx: AppContext, search: string | undefined): Partial<TinFilter> {
  if (!search) return {}
  const digits = tinDigits(search)
  const wholeTin = /^\d{9}$/.test(digits) ? [keyedHash(ctx.keys, digits)] : []
  return {
    nameContains: search,
    hashes: wholeTin,
    maskedSuffix: /^\d{1,4}$/.test(digits) ? digits : undefined,
  }
}

export async function listTins(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  query: { search?: string; is_active?: 'true' | 'false' },
  page: Page,
): Promise<TinList> {
  const filter: TinFilter = {
    organizationId: registryOf(source, organizationId),
    active: query.is_active === undefined ? undefined : query.is_active === 'true',
    ...searchFilter(ctx, query.search),
  }
  const total = await countTins(ctx.db, filter)
  const rows = await selectTins(ctx.db, filter, page.pageSize, (page.page - 1) * page.pageSize)
  const kept = [
    query.search ? `&search=${encodeURIComponent(query.search)}` : '',
    query.is_active ? `&is_active=${query.is_active}` : '',
  ].join('')
  return paged(
    total,
    rows.map((row) => toTin(ctx, row)),
    page,
    kept,
  )
}

export async function summarizeRegistry(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
): Promise<TinSummary> {
  const counts = await countRegistry(ctx.db, registryOf(source, organizationId))
  return {
    total_tins: counts.total,
    active_tins: counts.active,
    inactive_tins: counts.total - counts.active,
    total_patients_assigned: counts.assigned,
    unassigned_patients: counts.unassigned,
  }
}

async function loadTin(ctx: AppContext, db: DbOrTx, organizationId: string, tinId: string) {
  if (!isValidPatientId(tinId)) throw notFound()
  const row = await findTin(db, organizationId, tinId)
  if (!row) throw notFound()
  return row
}

/** Two saves of one TIN at once: the second gets the answer it would have got a moment later. */
export const TIN_CONFLICTS: UniqueConflicts = new Map([
  ['tins_organization_identifier_active_key', () => fieldError('identifier_value', TIN_MESSAGES.duplicate)],
])

async function refuseDuplicate(db: DbOrTx, organizationId: string, hash: string, exceptId: string | null) {
  if (await findActiveTinByHash(db, organizationId, hash, exceptId))
    throw fieldError('identifier_value', TIN_MESSAGES.duplicate)
}

const auditedFields = (tin: Tin, when: 'before' | 'after'): AuditDetails => ({
  [`provider_org_name_${when}`]: tin.provider_org_name,
  [`masked_value_${when}`]: tin.masked_value,
  [`is_active_${when}`]: tin.is_active,
})

async function auditTinChange(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  action: string,
  tin: Tin,
  details: AuditDetails,
) {
  await writeAudit(db, source, {
    action,
    patientId: null,
    targetType: 'tin',
    targetId: tin.id,
    details,
    at: ctx.clock(),
  })
}

export async function createTin(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  input: { identifier_value: string; provider_org_name: string },
): Promise<Tin> {
  const orgId = registryOf(source, organizationId)
  return ctx.db.transaction((tx) => addTinToOrganization(ctx, tx, source, orgId, input))
}

/**
 * Registers a TIN for an organisation the caller was already found to administer (the setup wizard: an
 * ACO's contracted TINs, a clinic's own TIN, which scopes the colleagues it invites).
 */
export async function addTinToOrganization(
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  orgId: string,
  input: { identifier_value: string; provider_org_name: string },
): Promise<Tin> {
  const hash = keyedHash(ctx.keys, input.identifier_value)
  await refuseDuplicate(tx, orgId, hash, null)
  const now = ctx.clock()
  const row = await insertTin(tx, {
    organizationId: orgId,
    identifierEncrypted: encrypt(ctx.keys, input.identifier_value),
    identifierHash: hash,
    identifierMasked: maskTin(input.identifier_value),
    providerOrgName: input.provider_org_name,
    createdByUserId: source.principal.userId,
    createdAt: now,
    updatedAt: now,
  })
  const created = toTin(ctx, (await findTin(tx, orgId, row.id)) as TinWithCreator)
  await auditTinChange(ctx, tx, source, 'tin.create', created, auditedFields(created, 'after'))
  return created
}

export async function editTin(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  tinId: string,
  input: { identifier_value?: string; provider_org_name?: string },
): Promise<Tin> {
  const orgId = registryOf(source, organizationId)
  return ctx.db.transaction(async (tx) => {
    const before = toTin(ctx, await loadTin(ctx, tx, orgId, tinId))
    const identifier = input.identifier_value
    const hash = identifier === undefined ? undefined : keyedHash(ctx.keys, identifier)
    if (hash && before.is_active) await refuseDuplicate(tx, orgId, hash, tinId)
    await updateTin(tx, orgId, tinId, {
      ...(identifier === undefined
        ? {}
        : {
            identifierEncrypted: encrypt(ctx.keys, identifier),
            identifierHash: hash,
            identifierMasked: maskTin(identifier),
          }),
      ...(input.provider_org_name === undefined ? {} : { providerOrgName: input.provider_org_name }),
      updatedAt: ctx.clock(),
    })
    const after = toTin(ctx, await loadTin(ctx, tx, orgId, tinId))
    await auditTinChange(ctx, tx, source, 'tin.update', after, {
      ...auditedFields(before, 'before'),
      ...auditedFields(after, 'after'),
    })
    return after
  })
}

/** Deactivates (delete) or reactivates a TIN; reactivating refuses a number that is active again elsewhere. */
export async function setTinActive(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  tinId: string,
  active: boolean,
): Promise<Tin> {
  const orgId = registryOf(source, organizationId)
  return ctx.db.transaction(async (tx) => {
    const current = await loadTin(ctx, tx, orgId, tinId)
    const before = toTin(ctx, current)
    if (before.is_active === active) return before
    if (active) await refuseDuplicate(tx, orgId, current.tin.identifierHash, tinId)
    await updateTin(tx, orgId, tinId, { isActive: active, updatedAt: ctx.clock() })
    const after = toTin(ctx, await loadTin(ctx, tx, orgId, tinId))
    await auditTinChange(ctx, tx, source, active ? 'tin.reactivate' : 'tin.deactivate', after, {
      ...auditedFields(before, 'before'),
      ...auditedFields(after, 'after'),
    })
    return after
  })
}

function toTinPatient(ctx: AppContext, row: RegistryPatientRow): TinPatient {
  return {
    id: row.id,
    full_name: row.fullName,
    mrn: row.mrnEncrypted ? decrypt(ctx.keys, row.mrnEncrypted) : null,
    birth_date: row.birthDate,
    tin_id: row.tinId,
  }
}

/** Lists patients by name and MRN: a read of patient data, so it is audited like one. */
async function listPatientsUnder(
  ctx: AppContext,
  source: Actor,
  under: PatientsUnder,
  page: Page,
): Promise<TinPatientList> {
  const total = await countPatientsUnder(ctx.db, under)
  const rows = await selectPatientsUnder(ctx.db, under, page.pageSize, (page.page - 1) * page.pageSize)
  await writeAudit(ctx.db, source, {
    action: under.tinId === null ? 'tin.unassigned_list' : 'tin.patients_list',
    patientId: null,
    targetType: 'tin',
    targetId: under.tinId,
    details: { patients: rows.length, total },
    at: ctx.clock(),
  })
  return paged(
    total,
    rows.map((row) => toTinPatient(ctx, row)),
    page,
  )
}

export async function listTinPatients(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  tinId: string,
  page: Page,
): Promise<TinPatientList> {
  const orgId = registryOf(source, organizationId)
  await loadTin(ctx, ctx.db, orgId, tinId)
  return listPatientsUnder(ctx, source, { organizationId: orgId, tinId }, page)
}

export async function listUnassignedPatients(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  page: Page,
): Promise<TinPatientList> {
  const orgId = registryOf(source, organizationId)
  return listPatientsUnder(ctx, source, { organizationId: orgId, tinId: null }, page)
}

export async function summarizeUnassigned(ctx: AppContext, source: Actor, organizationId: string) {
  const orgId = registryOf(source, organizationId)
  return { total_unassigned: await countPatientsUnder(ctx.db, { organizationId: orgId, tinId: null }) }
}

async function loadActiveTin(ctx: AppContext, db: DbOrTx, orgId: string, tinId: string) {
  const row = await loadTin(ctx, db, orgId, tinId)
  if (!row.tin.isActive) throw fieldError('tin_id', 'Reactivate this TIN before assigning patients to it')
  return row
}

const SKIP_REASONS = {
  unknownId: 'No patient with this id in your organization',
  unknownMrn: 'No patient with this MRN in your organization',
  alreadyHere: 'Already assigned to this TIN',
  repeated: 'Listed more than once',
} as const

type Candidate = { value: string; patientId: string | undefined; missing: string }

/**
 * Attaches patients by id or MRN to one active TIN, all in one transaction. Every value given is counted;
 * those not attached are reported with the reason (unknown, already there, or listed twice).
 */
export async function bulkAttachPatients(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  tinId: string,
  input: { patient_ids?: string[]; mrns?: string[] },
): Promise<BulkAttachResult> {
  const orgId = registryOf(source, organizationId)
  const ids = input.patient_ids ?? []
  const mrns = input.mrns ?? []
  return ctx.db.transaction(async (tx) => {
    const tin = await loadActiveTin(ctx, tx, orgId, tinId)
    const hashOf = (mrn: string) => mrnHash(ctx, mrn)
    const found = await findPatientsByIdsOrMrns(tx, orgId, ids, mrns.map(hashOf))
    const byId = new Map(found.map((patient) => [patient.id, patient]))
    const byMrn = new Map(
      found.filter((patient) => patient.mrnHash).map((patient) => [patient.mrnHash, patient]),
    )
    const candidates: Candidate[] = [
      ...ids.map((id) => ({ value: id, patientId: byId.get(id)?.id, missing: SKIP_REASONS.unknownId })),
      ...mrns.map((mrn) => ({
        value: mrn,
        patientId: byMrn.get(hashOf(mrn))?.id,
        missing: SKIP_REASONS.unknownMrn,
      })),
    ]
    const errors: BulkAttachResult['results']['errors'] = []
    const toAttach = new Set<string>()
    const seen = new Set<string>()
    for (const candidate of candidates) {
      const reason = skipReason(candidate, seen, byId.get(candidate.patientId ?? '')?.tinId, tinId)
      if (reason) errors.push({ value: candidate.value, reason })
      else toAttach.add(candidate.patientId as string)
      if (candidate.patientId) seen.add(candidate.patientId)
    }
    await setPatientsTin(tx, orgId, [...toAttach], tinId, ctx.clock())
    await writeAudit(tx, source, {
      action: 'tin.bulk_attach',
      patientId: null,
      targetType: 'tin',
      targetId: tinId,
      details: { given: candidates.length, attached: toAttach.size, skipped: errors.length },
      at: ctx.clock(),
    })
    return {
      detail: `Attached ${toAttach.size} of ${candidates.length} patients to ${tin.tin.providerOrgName}.`,
      results: { total: candidates.length, processed: toAttach.size, skipped: errors.length, errors },
    }
  })
}

function skipReason(
  candidate: Candidate,
  seen: ReadonlySet<string>,
  currentTin: string | null | undefined,
  tinId: string,
): string | null {
  if (!candidate.patientId) return candidate.missing
  if (seen.has(candidate.patientId)) return SKIP_REASONS.repeated
  if (currentTin === tinId) return SKIP_REASONS.alreadyHere
  return null
}

/** Moves one patient to another active TIN of the organisation, or to none (tin_id null). */
export async function reassignPatientTin(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  patientId: string,
  tinId: string | null,
): Promise<TinPatient> {
  const orgId = registryOf(source, organizationId)
  if (!isValidPatientId(patientId)) throw notFound()
  return ctx.db.transaction(async (tx) => {
    const [patient] = await findPatientsByIdsOrMrns(tx, orgId, [patientId], [])
    if (!patient) throw notFound()
    if (tinId !== null) await loadActiveTin(ctx, tx, orgId, tinId)
    await setPatientsTin(tx, orgId, [patientId], tinId, ctx.clock())
    await writeAudit(tx, source, {
      action: 'patient.tin_change',
      patientId,
      targetType: 'patient',
      details: { tin_before: patient.tinId, tin_after: tinId },
      at: ctx.clock(),
    })
    const updated = await findRegistryPatient(tx, orgId, patientId)
    if (!updated) throw notFound()
    return toTinPatient(ctx, updated)
  })
}
