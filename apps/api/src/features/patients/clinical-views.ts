// The stored clinical rows as the contract serves them: medications, claims and the risk score explanation.
import { cleanDrugName, type ClaimRecord } from '@blueconsent/bluebutton'
import { icd10cmDescription, serviceCode } from '@blueconsent/bluebutton/codes'
import type { EsrdScore, ModelChoice, ModelScore, RiskScoreResult } from '@blueconsent/hcc'
import type { Claim, Medication, RiskScore } from '@blueconsent/contract/patients'
import type { DataLimitation } from '@blueconsent/contract/shared'
import type { ClaimWithChildren, ListedMedication, RiskScoreRow } from './clinical.repository.ts'

/**
 * The CMS-HCC result, with the Part C model Medicare's ESRD status chose and why, and the ESRD model's score
 * when that model was chosen (then the row's model, score and segment are the ESRD score's). Rows stored
 * before the choice was recorded carry neither.
 */
export type StoredRiskResult = RiskScoreResult & {
  modelChoice?: ModelChoice
  esrd?: EsrdScore
  /** What the claims cannot show (short_history), from the claims' dates when scored. */
  dataLimitations?: DataLimitation[]
}

export type StoredRiskScore = {
  model: string
  paymentYear: number
  score: string
  segment: string
  result: StoredRiskResult
}

/** The model with the largest share of the year's blend (V28 from 2026). */
export function primaryModel(result: RiskScoreResult): ModelScore | undefined {
  const main = [...result.blend].sort((a, b) => b.weightPercent - a.weightPercent)[0]
  return result.models.find((model) => model.model === main?.model) ?? result.models[result.models.length - 1]
}

export function toMedication(row: ListedMedication): Medication {
  // Rows stored before names were cleaned at mapping time still hold Blue Button's 'Name - NAME SALT'.
  const name = cleanDrugName(row.drugName)
  return {
    id: row.resourceId,
    ndc: row.ndc,
    name,
    drug_name: name,
    // Part D events carry no dosage or strength; the NDC identifies the product.
    dosage: null,
    strength: null,
    start_date: row.fillDate,
    end_date: row.endDate,
    days_supply: row.daysSupply,
    quantity: row.quantity,
    refill_number: row.refillNumber,
    prescribing_provider: row.prescriberName ?? row.prescriberNpi,
    prescriber_npi: row.prescriberNpi,
    pharmacy: row.pharmacyName,
    brand_generic: row.brandGeneric,
    total_cost_cents: row.totalCostCents,
    patient_pay_cents: row.patientPayCents,
    plan_paid_cents: row.planPaidCents,
  }
}

export function toClaim({ claim, diagnoses, lines }: ClaimWithChildren): Claim {
  const record = claim.record as unknown as ClaimRecord
  const firstService = lines.find((line) => line.hcpcs)?.hcpcs ?? null
  const service = serviceCode(firstService)
  return {
    id: claim.resourceId,
    claim_id: record.claimId ?? claim.resourceId,
    claim_type: record.claimType,
    service: firstService,
    procedure: firstService,
    service_code_set: service?.codeSet ?? null,
    service_description: service?.description ?? null,
    service_date: claim.billableStart,
    date: claim.billableStart,
    end_date: claim.billableEnd,
    provider: claim.providerName ?? claim.providerNpi,
    provider_npi: claim.providerNpi,
    type_of_bill: claim.typeOfBill,
    diagnoses: diagnoses.map(toClaimDiagnosis),
    lines: lines.map(toClaimLine),
    submitted_cents: claim.submittedCents,
    allowed_cents: claim.allowedCents,
    medicare_paid_cents: claim.medicarePaidCents,
    patient_pays_cents: claim.patientPaysCents,
  }
}

// Words are attached here, when serving, so claims stored before the code tables existed get them too.
function toClaimDiagnosis(d: ClaimWithChildren['diagnoses'][number]): Claim['diagnoses'][number] {
  return {
    sequence: d.sequence,
    code: d.code,
    system: d.system,
    roles: d.roles,
    description: d.system === 'icd10' ? icd10cmDescription(d.code) : null,
  }
}

function toClaimLine(l: ClaimWithChildren['lines'][number]): Claim['lines'][number] {
  const service = serviceCode(l.hcpcs)
  return {
    sequence: l.sequence,
    hcpcs: l.hcpcs,
    code_set: service?.codeSet ?? null,
    description: service?.description ?? null,
    modifiers: l.modifiers,
    service_start: l.serviceStart,
    service_end: l.serviceEnd,
    quantity: l.quantity,
    place_of_service: l.placeOfService,
    provider_npi: l.providerNpi,
    submitted_cents: l.submittedCents,
    allowed_cents: l.allowedCents,
    medicare_paid_cents: l.medicarePaidCents,
  }
}

type Evidence = ModelScore['hccs'][number]['diagnoses'][number]
const evidence = (diagnoses: readonly Evidence[]) =>
  diagnoses.map((d) => ({
    code: d.code,
    description: icd10cmDescription(d.code),
    sources: d.sources.map((s) => ({
      claim_id: s.claimId,
      claim_type: s.claimType,
      from: s.from,
      through: s.through,
    })),
  }))

const modelChoiceOf = (result: StoredRiskResult): RiskScore['model_choice'] =>
  result.modelChoice
    ? { model: result.modelChoice.model, esrd: result.modelChoice.esrd, reason: result.modelChoice.reason }
    : null

/** The ESRD score explained like a CMS-HCC one: each HCC's codes traced to the claims the filter kept. */
function esrdContract(row: StoredRiskScore & { calculatedAt: Date }, esrd: EsrdScore): RiskScore {
  const sources = new Map((row.result.claims?.diagnoses ?? []).map((d) => [d.code, d.sources]))
  const traced = (codes: readonly string[]) =>
    evidence(codes.map((code) => ({ code, sources: sources.get(code) ?? [], edit: null })))
  return {
    score: Number(row.score),
    calculation_date: row.calculatedAt.toISOString(),
    model: esrd.model,
    payment_year: esrd.paymentYear,
    segment: esrd.segment,
    segment_label: esrd.segmentLabel,
    raw_score: esrd.rawScore,
    normalized_score: esrd.normalizedScore,
    payment_score: esrd.paymentScore,
    hccs: esrd.hccs.map((h) => ({
      hcc: h.variable,
      label: h.label,
      coefficient: h.coefficient,
      diagnoses: traced(h.diagnoses),
      dropped: h.dropped,
    })),
    dropped_by_hierarchy: esrd.droppedByHierarchy.map((d) => ({
      hcc: d.variable,
      label: d.label,
      dropped_by: d.droppedBy,
      diagnoses: traced(d.diagnoses),
    })),
    terms: esrd.terms.map((t) => ({
      variable: t.variable,
      label: t.label,
      kind: t.kind,
      coefficient: t.coefficient,
    })),
    defaulted: row.result.defaulted.map((d) => ({ input: d.input, reason: d.reason })),
    completeness: { status: row.result.completeness.status, note: row.result.completeness.note },
    warnings: [...row.result.notes],
    model_choice: modelChoiceOf(row.result),
    data_limitations: row.result.dataLimitations ?? [],
  }
}

export function toRiskScoreContract(row: StoredRiskScore & { calculatedAt: Date }): RiskScore | null {
  if (row.result.esrd) return esrdContract(row, row.result.esrd)
  const model = primaryModel(row.result)
  if (!model) return null
  return {
    score: Number(row.score),
    calculation_date: row.calculatedAt.toISOString(),
    model: model.model,
    payment_year: row.paymentYear,
    segment: model.segment,
    segment_label: model.segmentLabel,
    raw_score: model.rawScore,
    normalized_score: model.normalizedScore,
    payment_score: row.result.paymentScore,
    hccs: model.hccs.map((h) => ({
      hcc: h.hcc,
      label: h.label,
      coefficient: h.coefficient,
      diagnoses: evidence(h.diagnoses),
      dropped: h.dropped,
    })),
    dropped_by_hierarchy: model.droppedByHierarchy.map((d) => ({
      hcc: d.hcc,
      label: d.label,
      dropped_by: d.droppedBy,
      diagnoses: evidence(d.diagnoses),
    })),
    terms: model.terms.map((t) => ({
      variable: t.variable,
      label: t.label,
      kind: t.kind,
      coefficient: t.coefficient,
    })),
    defaulted: row.result.defaulted.map((d) => ({ input: d.input, reason: d.reason })),
    completeness: { status: row.result.completeness.status, note: row.result.completeness.note },
    warnings: [...model.warnings, ...row.result.notes],
    model_choice: modelChoiceOf(row.result),
    data_limitations: row.result.dataLimitations ?? [],
  }
}

export const riskScoreView = (row: RiskScoreRow): RiskScore | null =>
  toRiskScoreContract(row as unknown as StoredRiskScore & { calculatedAt: Date })

export type ClinicalData = { medications: Medication[]; claims: Claim[]; riskScore: RiskScore | null }
