// GET /api/patients/{id}/coverage/: what the beneficiary's Medicare covers, from the Coverage resources the
// pull stored: each part's status and dates, and the newest month's Part C and Part D contract and plan.
import type { Coverage } from '@blueconsent/contract/patients'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { accessReason, writeAudit } from '../../platform/audit/index.ts'
import { coverageRecordsOf } from './patients.repository.ts'
import { loadPatient } from './patients.service.ts'

type StoredCoverage = {
  part?: string | null
  status?: string | null
  period?: { start?: string | null; end?: string | null }
  referenceYear?: string | null
  lastUpdated?: string | null
  monthly?: {
    partCContract?: (string | null)[]
    partCPlanBenefitPackage?: (string | null)[]
    partDContract?: (string | null)[]
    partDPlanBenefitPackage?: (string | null)[]
    dualStatus?: (string | null)[]
  }
}

/** The newest month (December first) with a value, and that month's companion value. */
function newestMonth(values: (string | null)[] = [], companion: (string | null)[] = []) {
  for (let month = values.length - 1; month >= 0; month -= 1) {
    const value = values[month]
    // CMS writes '0' and empty for months without a plan.
    if (value && value !== '0' && value.trim() !== '')
      return { contract: value, plan: companion[month] ?? null }
  }
  return null
}

export function coverageView(records: StoredCoverage[]): Coverage {
  const monthly = (key: keyof NonNullable<StoredCoverage['monthly']>) =>
    records.map((record) => record.monthly?.[key] ?? []).find((values) => values.some(Boolean)) ?? []
  const dual = monthly('dualStatus').filter(Boolean).at(-1) ?? null
  return {
    reference_year: records.find((record) => record.referenceYear)?.referenceYear ?? null,
    parts: records
      .filter((record) => record.part)
      .map((record) => ({
        part: String(record.part),
        status: record.status ?? null,
        start: record.period?.start ?? null,
        end: record.period?.end ?? null,
      })),
    part_c: newestMonth(monthly('partCContract'), monthly('partCPlanBenefitPackage')),
    part_d: newestMonth(monthly('partDContract'), monthly('partDPlanBenefitPackage')),
    dual_status: dual,
    last_updated:
      records
        .map((record) => record.lastUpdated)
        .filter(Boolean)
        .sort()
        .at(-1) ?? null,
  }
}

export async function readCoverage(ctx: AppContext, source: Actor, id: string): Promise<Coverage> {
  const { row, authorizationId } = await loadPatient(ctx, source, id)
  const records = authorizationId ? await coverageRecordsOf(ctx.db, row.id) : []
  await writeAudit(ctx.db, source, {
    action: 'patient.coverage',
    patientId: row.id,
    details: { served: authorizationId !== null },
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  return coverageView(records as StoredCoverage[])
}
