// Blue Button v3 answers as CMS's v3 FHIR server (BFD's bfd-server-ng) records them in its own tests, replayed
// through the same mappers as v2: the patient, the coverage parts, and a professional, an institutional and a
// Part D ExplanationOfBenefit, each coded the v3 way (CARIN Blue Button code systems).
import { describe, expect, it } from 'vitest'
import { bundleResources, loadFixture } from '../../test/fixtures.ts'
import { readBundle } from '../fhir/fhir.ts'
import { mapCoverage, summarizeCoverage } from './coverage.ts'
import { mapExplanationOfBenefit } from './explanation-of-benefit.ts'
import { mapPatient } from './patient.ts'
import type { ClaimRecord, MedicationRecord } from './types.ts'

const V3 = {
  patient: 'v3/bfd-v3-patient-read.json',
  coverage: 'v3/bfd-v3-coverage-search-by-beneficiary.json',
  carrier: 'v3/bfd-v3-eob-read-carrier.json',
  hha: 'v3/bfd-v3-eob-read-hha.json',
  pharmacy: 'v3/bfd-v3-eob-read-pharmacy.json',
}

function claimOf(name: string): ClaimRecord {
  const mapped = mapExplanationOfBenefit(loadFixture(name))
  if (mapped.kind !== 'claim')
    throw new Error(`${name} did not map to a claim: ${JSON.stringify(mapped.issues)}`)
  return mapped.record
}

function medicationOf(name: string): MedicationRecord {
  const mapped = mapExplanationOfBenefit(loadFixture(name))
  if (mapped.kind !== 'medication') throw new Error(`${name} did not map to a medication`)
  return mapped.record
}

describe('Blue Button v3 answers (BFD v3 server)', () => {
  it('map the patient: name, birth date, current MBI, state', () => {
    const { record, issues } = mapPatient(loadFixture(V3.patient))
    expect(issues).toEqual([])
    expect(record).toMatchObject({
      id: '178083966',
      firstName: 'Abby',
      lastName: 'Jones',
      birthDate: '1922-04-01',
      mbi: '9OJ2CG2UC85',
      state: 'TX',
      postalCode: '77551',
    })
  })

  it('map the coverage search: Parts A to D enrolled, the dual-eligibility entry without a part', () => {
    const bundle = readBundle(loadFixture(V3.coverage), 'fixture', 1)
    expect(bundle.total).toBe(5)
    expect(bundle.nextUrl).toBeNull()
    const records = bundleResources(V3.coverage).map((resource) => mapCoverage(resource).record)
    expect(records.map((record) => record?.part)).toEqual(['A', 'B', 'C', 'D', null])
    expect(records.every((record) => record?.beneficiaryId === '405764107')).toBe(true)
    const summary = summarizeCoverage(records.filter((record) => record !== null))
    expect(summary.parts.A).toMatchObject({ enrolled: true, period: { start: '2021-01-01' } })
    expect(summary.parts.D).toMatchObject({ enrolled: true, period: { start: '2020-09-03' } })
  })

  it('map a professional claim: its type from the v3 EOB-TYPE system, diagnoses, HCPCS line, NPIs', () => {
    const claim = claimOf(V3.carrier)
    expect(claim).toMatchObject({
      claimType: 'CARRIER',
      patientId: '178083966',
      billablePeriod: { start: '2022-10-18', end: '2022-10-25' },
      provider: { npi: '1003488552', npiValid: true },
    })
    expect(claim.diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.system, diagnosis.roles])).toEqual([
      ['30495', 'icd9', ['principal']],
      ['R465', 'icd9', ['secondary']],
      ['V970', 'icd9', ['secondary']],
    ])
    expect(claim.lines).toEqual([
      expect.objectContaining({ hcpcs: 'J2270', modifiers: ['PC'], diagnosisSequences: [1] }),
    ])
    expect(claim.careTeam.map((member) => [member.npi, member.role])).toEqual([
      ['1558719914', 'rendering'],
      ['1720749690', 'referring'],
    ])
  })

  it("map a professional claim's amounts from v3's CLM_* codes, line and claim", () => {
    const claim = claimOf(V3.carrier)
    // CLM_LINE_SBMT_CHRG_AMT 0.35, CLM_LINE_ALOWD_CHRG_AMT 2.44, CLM_LINE_CVRD_PD_AMT 2.68; the patient's
    // share is the coinsurance (0) plus the deductible (0.61).
    expect(claim.lines[0]?.amounts).toEqual({
      submittedCents: 35,
      allowedCents: 244,
      medicarePaidCents: 268,
      patientPaysCents: 61,
    })
    // CLM_SBMT_CHRG_AMT and CLM_ALOWD_CHRG_AMT in total[], Medicare's payment in payment.amount.
    expect(claim.amounts).toMatchObject({
      submittedCents: 8_490_915,
      allowedCents: 3_030,
      medicarePaidCents: 44_847_181,
    })
  })

  it('map an institutional claim: ICD-10 diagnoses with their roles, the NUBC revenue code', () => {
    const claim = claimOf(V3.hha)
    expect(claim.claimType).toBe('HHA')
    expect(claim.admissionPeriod).toEqual({ start: '2021-09-26', end: '2021-10-03' })
    expect(claim.diagnoses.find((diagnosis) => diagnosis.roles.includes('principal'))).toMatchObject({
      code: 'W5541XA',
      system: 'icd10',
    })
    expect(claim.diagnoses.filter((diagnosis) => diagnosis.system === 'icd10')).toHaveLength(9)
    expect(claim.lines[0]).toMatchObject({ hcpcs: 'J2270', revenueCode: '0929' })
    expect(claim.careTeam.find((member) => member.role === 'attending')?.npi).toBe('1437702123')
    // A revenue line's amounts come from the same v3 codes as a professional line's, read as rev_cntr_*
    // (CLM_LINE_SBMT_CHRG_AMT 0.36, CLM_LINE_CVRD_PD_AMT 2.68, CLM_LINE_BENE_PMT_AMT 1.89).
    expect(claim.lines[0]?.amounts).toEqual({
      submittedCents: 36,
      allowedCents: null,
      medicarePaidCents: 268,
      patientPaysCents: 189,
    })
    // CLM_SBMT_CHRG_AMT from total[]; the patient's share summed from the lines, not from v3's single
    // coinsurance counted as both Part A and Part B liability.
    expect(claim.amounts).toMatchObject({ submittedCents: 81_517_313, patientPaysCents: 189 })
  })

  it('map a Part D event: the NDC of a compound from its ingredient, fill, supply, prescriber, pharmacy', () => {
    expect(medicationOf(V3.pharmacy)).toMatchObject({
      patientId: '280720433',
      ndc: '00338004904',
      fillDate: '2018-08-12',
      daysSupply: 7,
      prescriber: { npi: '1730548868', npiValid: true },
      pharmacy: { npi: '1548226988' },
      paymentDate: '2018-08-20',
      amounts: {
        totalCostCents: 225_682_986,
        patientPayCents: 0,
        lowIncomeSubsidyCents: 56_436_616,
        otherPayerReductionCents: 38_868_408,
        gapDiscountCents: 0,
      },
    })
  })

  it('read the v3 codings of what v2 named by variable: claim id and type code, type of bill, DRG, place', () => {
    const hha = claimOf(V3.hha)
    expect(hha).toMatchObject({ claimId: '1071939711295', nchClaimTypeCode: '10', drg: '8' })
    // NUBC's TypeOfBill "033X" without its leading zero, as v2's facility + classification + frequency.
    expect(hha.typeOfBill).toBe('33X')
    const carrier = claimOf(V3.carrier)
    expect(carrier).toMatchObject({ claimId: '3351266481402', nchClaimTypeCode: '71' })
    expect(carrier.lines[0]?.placeOfService).toBe('68')
  })

  it("read a v3 Part D event's codes: compound, DAW, coverage status, Rx number, submitting plan", () => {
    expect(medicationOf(V3.pharmacy)).toMatchObject({
      eventId: '5213363418309',
      compound: true,
      dispenseAsWrittenCode: '3',
      coverageStatusCode: 'E',
      brandGeneric: 'generic',
      prescriptionServiceReference: '54025.5',
      partDContract: 'Z0001',
      partDPlanBenefitPackage: '007',
      pharmacy: { npi: '1548226988', serviceType: '04' },
    })
  })

  it("read a v3 Part D plan's covered payment from the line's covered paid amount", () => {
    const fixture = loadFixture(V3.pharmacy) as { item: { adjudication: unknown[] }[] }
    const paid = {
      category: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/adjudication', code: 'benefit' },
          { system: 'https://bluebutton.cms.gov/fhir/CodeSystem/Adjudication', code: 'CLM_LINE_CVRD_PD_AMT' },
        ],
      },
      amount: { value: 123.45, currency: 'USD' },
    }
    fixture.item[0]?.adjudication.push(paid)
    const mapped = mapExplanationOfBenefit(fixture)
    expect(mapped.kind === 'medication' && mapped.record.amounts.planPaidCents).toBe(12_345)
  })

  it("read a v3 coverage part's status, ESRD and entitlement from v3's extensions", () => {
    const partA = mapCoverage(bundleResources(V3.coverage)[0]).record
    // CMS's v3 data dictionary maps BENE-MDCR-ENTLMT-RSN-CD to CCW's BENE_ENTLMT_RSN_ORIG: the original reason.
    expect(partA).toMatchObject({ part: 'A', medicareStatusCode: '21', esrd: true, orec: '0', crec: null })
  })

  it('read the Part C and D plans and the dual status over their periods as the months v2 states', () => {
    const mapped = bundleResources(V3.coverage).map((resource) => mapCoverage(resource))
    expect(mapped.flatMap((result) => result.issues)).toEqual([])
    const records = mapped.flatMap((result) => result.record ?? [])
    expect(records.map((record) => record.apiVersion)).toEqual(['v3', 'v3', 'v3', 'v3', 'v3'])
    const [, , partC, partD, dual] = records
    // Every period is open-ended, so each covers the whole year the data belongs to.
    expect(partC?.monthly.partCContract).toEqual(Array(12).fill('H1234'))
    expect(partC?.monthly.partCPlanBenefitPackage).toEqual(Array(12).fill('003'))
    expect(partD?.monthly.partDContract).toEqual(Array(12).fill('H1234'))
    expect(dual?.monthly.dualStatus).toEqual(Array(12).fill('05'))
    const summary = summarizeCoverage(records)
    expect(summary.medicareAdvantageMonths).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(summary.partDContracts).toEqual(['H1234'])
    expect(summary.dualStatusByMonth).toEqual(Array(12).fill('05'))
    expect(summary.orec).toBe('0')
  })
})
