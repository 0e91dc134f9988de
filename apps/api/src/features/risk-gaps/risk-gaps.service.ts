// The worklist's rules: compute a patient's gaps when a pull's data is released, list them by value within the
// caller's scope, change a gap's status, export the list as CSV, and one patient's gaps and Part D score.
// Every read and every status change writes an audit row.
import { summarizeCoverage } from '@blueconsent/bluebutton'
import {
  RISK_GAP_EXPORT_LIMIT,
  type GapClaimEvidence,
  type GapFillEvidence,
  type PartDScore,
  type PatientRiskGaps,
  type RiskGap,
  type RiskGapList,
  type RiskGapQuery,
  type RiskGapStatusBody,
} from '@blueconsent/contract/risk-gaps'
import { isValidPatientId } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors.ts'
import { csvLine } from '../../platform/lib/csv.ts'
import { accessReason, writeAudit, writeAuditRow } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { sexOf } from '../ingestion/index.ts'
import { loadPatient } from '../patients/index.ts'
import { computePatientGaps, PART2_NOT_SHARED_CAVEAT, type ComputedGap } from './gap-computation.ts'
import {
  findPatientOrganization,
  findVisibleGap,
  gapFilterOptions,
  listGaps,
  loadPatientRecord,
  patientGapRows,
  reopenDueDeferrals,
  replacePatientGaps,
  updateGapStatus,
  type GapFilters,
  type ListedGap,
} from './risk-gaps.repository.ts'

const lastKnown = (values: readonly (string | null)[]): string | null =>
  [...values].reverse().find((value): value is string => value !== null && value !== '') ?? null

/**
 * Recomputes one patient's gaps and Part D score from their released record, in the caller's transaction.
 * Without a known sex and birth date (demographics withheld and none on file) nothing can be priced, so the
 * patient keeps no gaps, like the CMS-HCC score.
 */
export async function recomputePatientGaps(
  ctx: AppContext,
  tx: DbOrTx,
  patient: { id: string; gender: string | null; birthDate: string | null; part2Shared?: boolean | null },
): Promise<ComputedGap[]> {
  const organizationId = await findPatientOrganization(tx, patient.id)
  const sex = sexOf(patient.gender)
  if (!organizationId || !sex || !patient.birthDate) return []
  const record = await loadPatientRecord(tx, patient.id)
  const coverage = record.coverage.length > 0 ? summarizeCoverage(record.coverage) : null
  const at = ctx.clock()
  const computed = computePatientGaps({
    claims: record.claims,
    fills: record.fills,
    demographics: {
      sex,
      birthDate: patient.birthDate,
      orec: coverage?.orec ?? null,
      dual: coverage ? lastKnown(coverage.dualStatusByMonth) : null,
      esrd: coverage?.esrd ?? null,
    },
    now: at,
    part2Shared: patient.part2Shared ?? null,
  })
  await replacePatientGaps(tx, {
    patientId: patient.id,
    organizationId,
    gaps: computed.gaps,
    partD: computed.partD as unknown as Record<string, unknown> | null,
    caveats: computed.caveats,
    dataLimitations: computed.dataLimitations,
    at,
  })
  return computed.gaps
}

/**
 * A deferred gap is deferred until its date: from that day it is open again. Applied before every read and
 * change of the organisation's gaps (so no list shows a gap whose date has passed as deferred), each reopening
 * audited as the system's change, with the date it was deferred to.
 */
export async function reopenDeferredGaps(ctx: AppContext, organizationId: string | null): Promise<number> {
  if (!organizationId) return 0
  const at = ctx.clock()
  return ctx.db.transaction(async (tx) => {
    const reopened = await reopenDueDeferrals(tx, organizationId, at.toISOString().slice(0, 10), at)
    for (const gap of reopened)
      await writeAuditRow(tx, {
        action: 'risk_gaps.reopened',
        targetType: 'risk_gap',
        actorUserId: null,
        organizationId,
        requestId: gap.id,
        patientId: gap.patient_id,
        reason: 'deferral date reached',
        details: {
          from: 'deferred',
          to: 'open',
          defer_until: gap.defer_until,
          gap_type: gap.type,
          hcc: gap.hcc,
        },
        at,
      })
    return reopened.length
  })
}

type Evidence = { claims?: GapClaimEvidence[]; fills?: GapFillEvidence[]; rule?: RiskGap['rule'] }

export function toRiskGap({
  gap,
  patientName,
  tin,
  partDScore,
  caveats,
  dataLimitations,
}: ListedGap): RiskGap {
  const evidence = gap.evidence as Evidence
  return {
    substance_use_may_be_missing: caveats?.includes(PART2_NOT_SHARED_CAVEAT) ?? false,
    id: gap.id,
    patient_id: gap.patientId,
    patient_name: patientName,
    tin,
    type: gap.type as RiskGap['type'],
    condition: gap.condition,
    model: gap.model,
    hcc: gap.hcc,
    hcc_label: gap.hccLabel,
    value: Number(gap.value),
    rx_hcc: gap.rxHcc,
    rx_hcc_label: gap.rxHccLabel,
    rx_value: Number(gap.rxValue),
    trumped_by: gap.trumpedBy,
    confidence: gap.confidence as RiskGap['confidence'],
    suggested_code: gap.suggestedCode,
    last_date: gap.lastDate,
    provider_name: gap.providerName,
    provider_npi: gap.providerNpi,
    claims: evidence.claims ?? [],
    fills: evidence.fills ?? [],
    rule: evidence.rule ?? null,
    part_d_score: partDScore,
    data_limitations: dataLimitations ?? [],
    status: gap.status as RiskGap['status'],
    status_reason: gap.statusReason,
    defer_until: gap.deferUntil,
    status_changed_at: gap.statusChangedAt?.toISOString() ?? null,
    computed_at: gap.computedAt.toISOString(),
  }
}

const filtersOf = (query: RiskGapQuery): GapFilters => ({
  tinId: query.tin,
  providerNpi: query.provider,
  type: query.type,
  status: query.status,
})

/** What an audit row of a list keeps: the filters used and how many gaps came back, never a patient's name. */
const auditDetails = (query: RiskGapQuery, rows: number) => ({
  tin: query.tin ?? null,
  provider: query.provider ?? null,
  type: query.type ?? null,
  status: query.status,
  rows,
})

export async function listRiskGaps(
  ctx: AppContext,
  source: Actor,
  query: RiskGapQuery,
): Promise<RiskGapList> {
  await reopenDeferredGaps(ctx, source.principal.organizationId)
  const offset = (query.page - 1) * query.page_size
  const rows = await listGaps(ctx.db, source.principal, ctx.clock(), filtersOf(query), {
    limit: query.page_size + 1,
    offset,
  })
  const page = rows.slice(0, query.page_size)
  await writeAudit(ctx.db, source, {
    action: 'risk_gaps.list',
    patientId: null,
    targetType: 'report',
    details: { ...auditDetails(query, page.length), page: query.page },
    at: ctx.clock(),
  })
  return {
    page: query.page,
    page_size: query.page_size,
    has_more: rows.length > query.page_size,
    results: page.map(toRiskGap),
  }
}

export async function riskGapFilters(ctx: AppContext, source: Actor) {
  return gapFilterOptions(ctx.db, source.principal)
}

export async function setRiskGapStatus(
  ctx: AppContext,
  source: Actor,
  id: string,
  body: RiskGapStatusBody,
): Promise<RiskGap> {
  if (!isValidPatientId(id)) throw notFound()
  await reopenDeferredGaps(ctx, source.principal.organizationId)
  return ctx.db.transaction(async (tx) => {
    const found = await findVisibleGap(tx, source.principal, ctx.clock(), id)
    if (!found) throw notFound()
    const at = ctx.clock()
    const updated = await updateGapStatus(tx, id, {
      status: body.status,
      statusReason: body.status === 'open' ? null : (body.reason ?? null),
      deferUntil: body.status === 'deferred' ? (body.defer_until ?? null) : null,
      statusChangedAt: at,
      statusChangedBy: source.principal.userId,
    })
    if (!updated) throw notFound()
    await writeAudit(tx, source, {
      action: 'risk_gaps.status',
      patientId: found.gap.patientId,
      targetType: 'risk_gap',
      targetId: id,
      details: { from: found.gap.status, to: body.status, gap_type: found.gap.type, hcc: found.gap.hcc },
      at,
    })
    return toRiskGap({ ...found, gap: updated })
  })
}

const CSV_HEADER = [
  'patient_id',
  'patient_name',
  'tin',
  'type',
  'condition',
  'model',
  'hcc',
  'value',
  'rx_hcc',
  'rx_value',
  'part_d_score',
  'trumped_by',
  'confidence',
  'suggested_code',
  'last_date',
  'provider_name',
  'provider_npi',
  'status',
  'status_reason',
  'evidence',
]

const evidenceText = (gap: RiskGap): string =>
  [
    ...gap.claims.map((c) => `claim ${c.date ?? 'undated'} ${c.codes.join(' ')}`),
    ...gap.fills.map((f) => `fill ${f.fill_date ?? 'undated'} ${f.drug_name ?? f.ndc ?? ''}`.trim()),
  ].join('; ')

export async function exportRiskGapsCsv(
  ctx: AppContext,
  source: Actor,
  query: RiskGapQuery,
): Promise<string> {
  await reopenDeferredGaps(ctx, source.principal.organizationId)
  const rows = await listGaps(ctx.db, source.principal, ctx.clock(), filtersOf(query), {
    limit: RISK_GAP_EXPORT_LIMIT,
    offset: 0,
  })
  await writeAudit(ctx.db, source, {
    action: 'risk_gaps.export',
    patientId: null,
    targetType: 'report',
    details: auditDetails(query, rows.length),
    at: ctx.clock(),
  })
  const lines = rows
    .map(toRiskGap)
    .map((gap) =>
      csvLine([
        gap.patient_id,
        gap.patient_name,
        gap.tin,
        gap.type,
        gap.condition,
        gap.model,
        gap.hcc,
        gap.value.toFixed(3),
        gap.rx_hcc,
        gap.rx_value.toFixed(3),
        gap.part_d_score?.toFixed(3),
        gap.trumped_by,
        gap.confidence,
        gap.suggested_code,
        gap.last_date,
        gap.provider_name,
        gap.provider_npi,
        gap.status,
        gap.status_reason,
        evidenceText(gap),
      ]),
    )
  return [csvLine(CSV_HEADER), ...lines].join('\r\n') + '\r\n'
}

/**
 * One patient's current gaps (every status) and Part D score, for the patient page and for other features
 * (the visit planner, the pre-visit brief). Scope as every patient read: out of scope is 404; without an active
 * authorization the answer is empty. Audited as a read of the patient's data.
 */
export async function listGapsForPatient(
  ctx: AppContext,
  source: Actor,
  patientId: string,
): Promise<PatientRiskGaps> {
  const { row, authorizationId } = await loadPatient(ctx, source, patientId)
  const served = authorizationId !== null
  if (served) await reopenDeferredGaps(ctx, source.principal.organizationId)
  const { rows, summary } = served ? await patientGapRows(ctx.db, row.id) : { rows: [], summary: null }
  await writeAudit(ctx.db, source, {
    action: 'risk_gaps.patient',
    patientId: row.id,
    details: { served, gaps: rows.length },
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  return {
    patient_id: row.id,
    computed_at: summary?.computedAt.toISOString() ?? null,
    part_d_score: (summary?.partD as PartDScore | null | undefined) ?? null,
    gaps: rows.map(toRiskGap),
    caveats: summary?.caveats ?? [],
    data_limitations: summary?.dataLimitations ?? [],
  }
}
