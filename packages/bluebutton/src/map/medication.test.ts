// Part D events. Expected values were read by hand from the fixture JSON.
import { describe, expect, it } from 'vitest'
import { bundleResource, bundleResources, loadFixture } from '../../test/fixtures.ts'
import { mapExplanationOfBenefit } from './explanation-of-benefit.ts'
import { mapMedication } from './medication.ts'

const SANDBOX_PDE = 'sandbox-eob-bundle-pde-page1-bbuser29999.json'

describe('mapMedication', () => {
  it('maps the BFD Part D event field by field', () => {
    const { record, issues } = mapMedication(loadFixture('bfd-eob-read-pde.json'))
    expect(record).toEqual({
      id: 'pde-89',
      eventId: '89',
      prescriptionServiceReference: '799999',
      patientId: '567834',
      ndc: '000000000',
      name: 'Fake Diluent (Water)',
      fillDate: '2015-05-12',
      daysSupply: 30,
      endDate: '2015-06-10',
      quantity: 60,
      refillNumber: 3,
      prescriber: { npi: '1750384806', npiValid: true, name: 'DR. ROBERT BISBEE MD' },
      pharmacy: {
        npi: '1023011079',
        npiValid: true,
        name: 'ADVANTAGE HOME HEALTH CARE, INC.',
        serviceType: '01',
      },
      brandGeneric: 'generic',
      brandGenericCode: 'G',
      dispenseAsWrittenCode: '0',
      compound: false,
      coverageStatusCode: 'C',
      partDContract: 'H9999',
      partDPlanBenefitPackage: '020',
      paymentDate: '2015-05-27',
      amounts: {
        totalCostCents: 55000,
        patientPayCents: 23585,
        planPaidCents: 12699,
        lowIncomeSubsidyCents: 12223,
        otherTrueOutOfPocketCents: 1730,
        otherPayerReductionCents: 4242,
        gapDiscountCents: 31722,
      },
      lastUpdated: null,
    })
    // The BFD test NDC is 9 digits, and lastUpdated is BFD's IGNORED_FIELD token.
    expect(issues.map((issue) => issue.code).sort()).toEqual(['ignored_field', 'invalid'])
  })

  it('maps a sandbox PDE with no drug name, dummy NPIs and a compound', () => {
    const { record, issues } = mapMedication(bundleResource(SANDBOX_PDE, 'pde--1248370396'))
    expect(record).toMatchObject({
      ndc: '16252060144',
      name: null,
      fillDate: '2016-01-01',
      daysSupply: 28,
      endDate: '2016-01-28',
      quantity: 4,
      refillNumber: 96,
      brandGeneric: 'generic',
      prescriber: { npi: '999999999999999', npiValid: false, name: null },
      paymentDate: null,
    })
    expect(record?.pharmacy?.serviceType).toBe('03')
    expect(issues).toContainEqual(
      expect.objectContaining({ path: 'item[0].productOrService.display', code: 'missing' }),
    )
  })

  it('maps every entry of the sandbox PDE page as a medication with a name or a reported gap', () => {
    const mapped = bundleResources(SANDBOX_PDE).map(mapExplanationOfBenefit)
    expect(mapped.map((result) => result.kind)).toEqual(Array(10).fill('medication'))
    const first = mapped[0]
    expect(first?.kind === 'medication' && first.record.name).toBe('Gabapentin')
    expect(first?.kind === 'medication' && first.record.compound).toBe(true)
    for (const result of mapped) {
      if (result.kind !== 'medication') continue
      expect(result.record.ndc).toMatch(/^\d{11}$/)
      const nameReported = result.issues.some((issue) => issue.path === 'item[0].productOrService.display')
      expect(result.record.name !== null || nameReported).toBe(true)
    }
  })

  it('derives no end date without days supply and refuses a non-PDE claim', () => {
    const { record } = mapMedication({
      resourceType: 'ExplanationOfBenefit',
      id: 'pde-1',
      item: [
        {
          servicedDate: '2024-02-28',
          productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '00378-3952-77' }] },
        },
      ],
    })
    expect(record).toMatchObject({
      fillDate: '2024-02-28',
      daysSupply: null,
      endDate: null,
      ndc: '00378395277',
    })
    expect(mapMedication(loadFixture('bb2-eob-read-carrier-v2.json')).record).toBeNull()
  })
})
