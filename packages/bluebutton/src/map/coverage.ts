// FHIR Coverage (one per Medicare part) → CoverageRecord, and several of them → CoverageSummary.
import { isV3Coverage, monthsCovered, v3Code, v3Monthly, v3ReferenceYear } from './coverage-v3.ts'
import { readInstant, readPeriod, referenceId, variableCode } from './fhir-read.ts'
import { IssueLog, type MappingResult } from './issues.ts'
import { asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import { monthlyCodes } from './patient.ts'
import type { CoverageMonthly, CoverageRecord, CoverageSummary, DateRange, MedicarePart } from './types.ts'

const PARTS: readonly MedicarePart[] = ['A', 'B', 'C', 'D']

export function mapCoverage(input: unknown): MappingResult<CoverageRecord> {
  const log = new IssueLog()
  const resource = asObject(input)
  if (!resource || resource.resourceType !== 'Coverage') {
    log.add('resourceType', 'not_a_resource', 'not a Coverage resource')
    return { record: null, issues: log.issues }
  }
  const id = asString(resource.id)
  if (id === null) {
    log.add('id', 'missing', 'Coverage has no id')
    return { record: null, issues: log.issues }
  }
  const part = readPart(resource, id)
  if (part === null && !isDualCoverage(resource, id))
    log.add('class', 'unknown_code', 'cannot tell which Medicare part this is')
  const v3 = isV3Coverage(resource)
  const esrdIndicator = variableCode(resource, 'esrd_ind') ?? v3Code(resource, 'BENE-ESRD-STUS-ID')
  const period = readPeriod(resource.period, 'period', log)
  const lastUpdated = readInstant(field(resource, 'meta', 'lastUpdated'), 'meta.lastUpdated', log)
  const referenceYear = v3 ? v3ReferenceYear(lastUpdated) : variableCode(resource, 'rfrnc_yr')
  const record: CoverageRecord = {
    id,
    part,
    apiVersion: v3 ? 'v3' : 'v2',
    status: asString(resource.status),
    period,
    subscriberId: asString(resource.subscriberId),
    beneficiaryId: referenceId(resource.beneficiary, 'Patient'),
    medicareStatusCode: variableCode(resource, 'ms_cd') ?? v3Code(resource, 'BENE-MDCR-STUS-CD'),
    // v3's entitlement reason is the original one (CCW's BENE_ENTLMT_RSN_ORIG); v3 has no current reason.
    orec: variableCode(resource, 'orec') ?? v3Code(resource, 'BENE-MDCR-ENTLMT-RSN-CD'),
    crec: variableCode(resource, 'crec'),
    esrd: readEsrd(esrdIndicator, log),
    esrdIndicator,
    partATerminationCode: variableCode(resource, 'a_trm_cd'),
    partBTerminationCode: variableCode(resource, 'b_trm_cd'),
    referenceYear,
    monthly: v3 ? v3Monthly(resource, part, monthsCovered(period, referenceYear)) : readMonthly(resource),
    lastUpdated,
  }
  return { record, issues: log.issues }
}

/** v3's Medicaid side of a dual-eligible enrollee: no Medicare part, a `dual-…` id and its status code. */
function isDualCoverage(resource: JsonObject, id: string): boolean {
  return id.startsWith('dual-') || v3Code(resource, 'BENE-DUAL-STUS-CD') !== null
}

/** `class[type=plan].value` is "Part A".."Part D"; the id prefix `part-a-` is the fallback. */
function readPart(resource: JsonObject, id: string): MedicarePart | null {
  for (const coverageClass of asObjects(resource.class)) {
    const match = /^part\s*([abcd])$/i.exec(asString(coverageClass.value) ?? '')
    if (match?.[1]) return match[1].toUpperCase() as MedicarePart
  }
  const fromId = /^part-([abcd])-/i.exec(id)
  return fromId?.[1] ? (fromId[1].toUpperCase() as MedicarePart) : null
}

function readEsrd(indicator: string | null, log: IssueLog): boolean | null {
  if (indicator === null) return null
  if (indicator === 'Y' || indicator === '1') return true
  if (indicator === '0' || indicator === 'N') return false
  log.add('extension.esrd_ind', 'unknown_code', `unknown ESRD indicator ${indicator}`)
  return null
}

function readMonthly(resource: JsonObject): CoverageRecord['monthly'] {
  return {
    dualStatus: monthlyCodes(resource, (month) => `dual_${month}`),
    buyIn: monthlyCodes(resource, (month) => `buyin${month}`),
    partCContract: monthlyCodes(resource, (month) => `ptc_cntrct_id_${month}`),
    partCPlanBenefitPackage: monthlyCodes(resource, (month) => `ptc_pbp_id_${month}`),
    partCPlanType: monthlyCodes(resource, (month) => `ptc_plan_type_cd_${month}`),
    hmoIndicator: monthlyCodes(resource, (month) => `hmo_ind_${month}`),
    partDContract: monthlyCodes(resource, (month) => `ptdcntrct${month}`),
    partDPlanBenefitPackage: monthlyCodes(resource, (month) => `ptdpbpid${month}`),
    partDSegment: monthlyCodes(resource, (month) => `sgmtid${month}`),
    costShareGroup: monthlyCodes(resource, (month) => `cstshr${month}`),
    retireeDrugSubsidy: monthlyCodes(resource, (month) => `rdsind${month}`),
  }
}

// CCW fills "0" (or N, or blanks) where the enrollee had no plan that month.
const NOT_ENROLLED = new Set(['0', 'N', '00000', '0000'])

function enrolledCode(code: string | null): code is string {
  return code !== null && !NOT_ENROLLED.has(code.toUpperCase())
}

/** Newest first: a later reference year, then a later update, so a stale record never hides a fresh one. */
function newestFirst(records: readonly CoverageRecord[]): CoverageRecord[] {
  const key = (record: CoverageRecord) => `${record.referenceYear ?? ''}|${record.lastUpdated ?? ''}`
  return [...records].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0))
}

/** The records stating months of the newest reference year (and those that name no year). */
function ofNewestYear(sorted: readonly CoverageRecord[]): CoverageRecord[] {
  const year = sorted.find((record) => record.referenceYear !== null)?.referenceYear ?? null
  return sorted.filter((record) => record.referenceYear === null || record.referenceYear === year)
}

const MONTH_NUMBERS = Array.from({ length: 12 }, (_, index) => index + 1)

/** Months with a Medicare Advantage plan in any Part C record: v3 has one record per plan, v2 one per year. */
function medicareAdvantageMonthsOf(partC: readonly CoverageRecord[]): number[] {
  const inPlan = (monthly: CoverageMonthly, month: number) =>
    enrolledCode(monthly.partCContract[month - 1] ?? null) ||
    enrolledCode(monthly.hmoIndicator[month - 1] ?? null)
  return MONTH_NUMBERS.filter((month) => partC.some((record) => inPlan(record.monthly, month)))
}

/**
 * Each month's dual status. v3 states dual status only as a Coverage of its own, over its dates, and has none
 * for an enrollee who is not dual: a month no v3 record states is a month without Medicaid ('NA' in v2).
 */
function dualStatusByMonthOf(records: readonly CoverageRecord[]): Array<string | null> {
  const v3 = records.some((record) => record.apiVersion === 'v3')
  const stated = (month: number) =>
    records.map((record) => record.monthly.dualStatus[month - 1] ?? null).find((code) => code !== null)
  return MONTH_NUMBERS.map((month) => stated(month) ?? (v3 ? 'NA' : null))
}

const NO_PERIOD: DateRange = { start: null, end: null }

/** Combines the per-part Coverage records of one enrollee (v2 or v3, or both after a change of version). */
export function summarizeCoverage(records: readonly CoverageRecord[]): CoverageSummary {
  const sorted = newestFirst(records)
  const byPart = (part: MedicarePart) => sorted.find((record) => record.part === part)
  const parts = Object.fromEntries(
    PARTS.map((part) => {
      const record = byPart(part)
      return [
        part,
        {
          enrolled: record !== undefined && record.status !== 'cancelled',
          status: record?.status ?? null,
          period: record?.period ?? NO_PERIOD,
        },
      ]
    }),
  ) as CoverageSummary['parts']
  const first = <T>(pick: (record: CoverageRecord) => T | null): T | null =>
    sorted.map(pick).find((value) => value !== null && value !== undefined) ?? null
  const newestYear = ofNewestYear(sorted)
  const ofPart = (part: MedicarePart) => newestYear.filter((record) => record.part === part)
  return {
    parts,
    orec: first((record) => record.orec),
    crec: first((record) => record.crec),
    esrd: first((record) => record.esrd),
    medicareStatusCode: first((record) => record.medicareStatusCode),
    medicareAdvantageMonths: medicareAdvantageMonthsOf(ofPart('C')),
    partDContracts: [
      ...new Set(ofPart('D').flatMap((record) => record.monthly.partDContract.filter(enrolledCode))),
    ],
    referenceYear: first((record) => record.referenceYear),
    dualStatusByMonth: dualStatusByMonthOf(newestYear),
  }
}
