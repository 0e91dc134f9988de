// FHIR Coverage (one per Medicare part) → CoverageRecord, and several of them → CoverageSummary.
import { readInstant, readPeriod, referenceId, variableCode } from './fhir-read.ts'
import { IssueLog, type MappingResult } from './issues.ts'
import { asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import { monthlyCodes } from './patient.ts'
import type { CoverageRecord, CoverageSummary, MedicarePart } from './types.ts'

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
  if (part === null) log.add('class', 'unknown_code', 'cannot tell which Medicare part this is')
  const esrdIndicator = variableCode(resource, 'esrd_ind') ?? v3Code(resource, 'BENE-ESRD-STUS-ID')
  const record: CoverageRecord = {
    id,
    part,
    status: asString(resource.status),
    period: readPeriod(resource.period, 'period', log),
    subscriberId: asString(resource.subscriberId),
    beneficiaryId: referenceId(resource.beneficiary, 'Patient'),
    medicareStatusCode: variableCode(resource, 'ms_cd') ?? v3Code(resource, 'BENE-MDCR-STUS-CD'),
    orec: variableCode(resource, 'orec'),
    crec: variableCode(resource, 'crec') ?? v3Code(resource, 'BENE-MDCR-ENTLMT-RSN-CD'),
    esrd: readEsrd(esrdIndicator, log),
    esrdIndicator,
    partATerminationCode: variableCode(resource, 'a_trm_cd'),
    partBTerminationCode: variableCode(resource, 'b_trm_cd'),
    referenceYear: variableCode(resource, 'rfrnc_yr'),
    monthly: readMonthly(resource),
    lastUpdated: readInstant(field(resource, 'meta', 'lastUpdated'), 'meta.lastUpdated', log),
  }
  return { record, issues: log.issues }
}

/** v3 states each enrolment fact once, as an extension named by its CMS column (`…/BENE-MDCR-STUS-CD`). */
function v3Code(resource: JsonObject, column: string): string | null {
  const url = `https://bluebutton.cms.gov/fhir/StructureDefinition/${column}`
  const extension = asObjects(resource.extension).find((candidate) => candidate.url === url)
  return asString(field(extension ?? null, 'valueCoding', 'code'))
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

/** Combines the per-part Coverage records of one enrollee. */
export function summarizeCoverage(records: readonly CoverageRecord[]): CoverageSummary {
  const byPart = (part: MedicarePart) => records.find((record) => record.part === part)
  const parts = Object.fromEntries(
    PARTS.map((part) => {
      const record = byPart(part)
      return [
        part,
        {
          enrolled: record !== undefined && record.status !== 'cancelled',
          status: record?.status ?? null,
          period: record?.period ?? { start: null, end: null },
        },
      ]
    }),
  ) as CoverageSummary['parts']
  const first = <T>(pick: (record: CoverageRecord) => T | null): T | null =>
    records.map(pick).find((value) => value !== null && value !== undefined) ?? null
  const partC = byPart('C')
  const partD = byPart('D')
  const medicareAdvantageMonths = partC
    ? Array.from({ length: 12 }, (_, index) => index + 1).filter(
        (month) =>
          enrolledCode(partC.monthly.partCContract[month - 1] ?? null) ||
          enrolledCode(partC.monthly.hmoIndicator[month - 1] ?? null),
      )
    : []
  return {
    parts,
    orec: first((record) => record.orec),
    crec: first((record) => record.crec),
    esrd: first((record) => record.esrd),
    medicareStatusCode: first((record) => record.medicareStatusCode),
    medicareAdvantageMonths,
    partDContracts: [...new Set((partD?.monthly.partDContract ?? []).filter(enrolledCode))],
    referenceYear: first((record) => record.referenceYear),
    dualStatusByMonth: Array.from({ length: 12 }, (_, index) =>
      first((record) => record.monthly.dualStatus[index] ?? null),
    ),
  }
}
