// Blue Button v3 states each enrolment once per Coverage, with the dates it holds (`period`), where v2 states it
// month by month for a reference year: the current Part C or Part D plan as a Coverage of its own (contract and
// plan in `BENE-CNTRCT-NUM` and `BENE-PBP-NUM`), dual status as a `dual-…` Coverage over the Medicaid
// eligibility dates. These readers turn such a Coverage back into v2's twelve months, so that what the product
// derives from the months (Medicare Advantage months, Part D contracts, dual status) reads the same from both.
import { extensionCode } from './fhir-read.ts'
import { asObjects, asString, field, type JsonObject } from './json.ts'
import type { CoverageMonthly, DateRange, MedicarePart } from './types.ts'

const V3_EXTENSION = 'https://bluebutton.cms.gov/fhir/StructureDefinition/'

/** The value of the v3 extension named by its CMS column (`…/BENE-MDCR-STUS-CD`), whatever its value type. */
export function v3Code(resource: JsonObject, column: string): string | null {
  const url = V3_EXTENSION + column
  return extensionCode(asObjects(resource.extension).find((candidate) => candidate.url === url) ?? null)
}

/** v3 names CMS's columns under its own prefix; v2 uses `…/resources/variables/`, and C4BB 2.2.0 is v3's. */
export function isV3Coverage(resource: JsonObject): boolean {
  const urls = asObjects(resource.extension).map((extension) => asString(extension.url) ?? '')
  if (urls.some((url) => url.startsWith(V3_EXTENSION))) return true
  const profiles = field(resource, 'meta', 'profile')
  return Array.isArray(profiles) && profiles.some((profile) => String(profile).endsWith('|2.2.0'))
}

/**
 * The year v3's periods are read in: the year the data was current (`meta.lastUpdated`, which BFD sets from
 * the load that last changed the enrolment), as v2's reference year is the year its months belong to.
 */
export function v3ReferenceYear(lastUpdated: string | null): string | null {
  return lastUpdated === null ? null : lastUpdated.slice(0, 4)
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

/** For each month of `year`, whether `period` covers any day of it; an open end runs on. */
export function monthsCovered(period: DateRange, year: string | null): boolean[] {
  if (year === null) return MONTHS.map(() => false)
  return MONTHS.map((month) => {
    const first = `${year}-${month}-01`
    // Any real day of the month sorts at or before day 31, so the string comparison needs no calendar.
    const last = `${year}-${month}-31`
    return (period.start === null || period.start <= last) && (period.end === null || period.end >= first)
  })
}

const NO_MONTHS = (): Array<string | null> => MONTHS.map(() => null)

/** `code` in the months the period covers, null in the others (v3 says nothing about them). */
const overMonths = (covered: readonly boolean[], code: string | null): Array<string | null> =>
  covered.map((inPeriod) => (inPeriod ? code : null))

export function emptyMonthly(): CoverageMonthly {
  return {
    dualStatus: NO_MONTHS(),
    buyIn: NO_MONTHS(),
    partCContract: NO_MONTHS(),
    partCPlanBenefitPackage: NO_MONTHS(),
    partCPlanType: NO_MONTHS(),
    hmoIndicator: NO_MONTHS(),
    partDContract: NO_MONTHS(),
    partDPlanBenefitPackage: NO_MONTHS(),
    partDSegment: NO_MONTHS(),
    costShareGroup: NO_MONTHS(),
    retireeDrugSubsidy: NO_MONTHS(),
  }
}

/**
 * v2's monthly facts of one v3 Coverage. Buy-in is left out: v3 states only the latest buy-in code, without
 * the dates it held. Part C plan type is left out too: v3's coverage type codes are IDR's, not v2's.
 */
export function v3Monthly(
  resource: JsonObject,
  part: MedicarePart | null,
  covered: readonly boolean[],
): CoverageMonthly {
  const monthly = emptyMonthly()
  const contract = v3Code(resource, 'BENE-CNTRCT-NUM')
  const plan = v3Code(resource, 'BENE-PBP-NUM')
  if (part === 'C') {
    monthly.partCContract = overMonths(covered, contract)
    monthly.partCPlanBenefitPackage = overMonths(covered, plan)
  }
  if (part === 'D') {
    monthly.partDContract = overMonths(covered, contract)
    monthly.partDPlanBenefitPackage = overMonths(covered, plan)
    monthly.partDSegment = overMonths(covered, v3Code(resource, 'CNTRCT-PBP-SGMT-NUM'))
  }
  const dual = v3Code(resource, 'BENE-DUAL-STUS-CD')
  if (part === null && dual !== null) monthly.dualStatus = overMonths(covered, dual)
  return monthly
}
