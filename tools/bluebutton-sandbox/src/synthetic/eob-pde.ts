import type { Drug } from './codes/drugs.ts'
import { type ClaimInput, eobHeader, infoCode, round2, supportingInfo } from './eob-common.ts'
import {
  ADJUDICATION,
  C4BB_ADJ,
  US_NPI,
  adjudication,
  bbVariable,
  careTeamMember,
  coding,
  type FhirResource,
  identifierType,
  type JsonObject,
  money,
  variableCoding,
  variableExtension,
} from './fhir.ts'

export type PdeFill = {
  readonly drug: Drug
  readonly refill: number
  readonly prescriberNpi: string
  readonly pharmacyNpi: string
  readonly totalCost: number
  readonly lowIncome: boolean
  // The public sandbox shows 15-nine placeholder NPIs; some generated fills keep that quirk.
  readonly placeholderNpis: boolean
}

function pdeAdjudications(fill: PdeFill): { list: JsonObject[]; planPaid: number } {
  const patientPays = round2(fill.lowIncome ? Math.min(4.9, fill.totalCost) : fill.totalCost * 0.25)
  const lics = fill.lowIncome ? round2(fill.totalCost * 0.2) : 0
  const planPaid = round2(fill.totalCost - patientPays - lics)
  const list = [
    adjudication(
      ADJUDICATION.benefit,
      ['cvrd_d_plan_pd_amt', 'Amount paid by Part D plan for the PDE (drug is covered by Part D)'],
      planPaid,
    ),
    adjudication(
      ADJUDICATION.coinsurance,
      ['gdc_blw_oopt_amt', 'Gross Drug Cost Below Part D Out-of-Pocket Threshold (GDCB)'],
      fill.totalCost,
    ),
    adjudication(
      ADJUDICATION.coinsurance,
      ['gdc_abv_oopt_amt', 'Gross Drug Cost Above Part D Out-of-Pocket Threshold (GDCA)'],
      0,
    ),
    adjudication(ADJUDICATION.paidbypatient, ['ptnt_pay_amt', 'Amount Paid by Patient'], patientPays),
    adjudication(
      ADJUDICATION.priorpayerpaid,
      ['othr_troop_amt', 'Other True Out-of-Pocket (TrOOP) Amount'],
      0,
    ),
    adjudication(
      ADJUDICATION.discount,
      ['lics_amt', 'Amount paid for the PDE by Part D low income subsidy'],
      lics,
    ),
    adjudication(
      ADJUDICATION.priorpayerpaid,
      ['plro_amt', 'Reduction in patient liability due to payments by other payers (PLRO)'],
      0,
    ),
    adjudication(ADJUDICATION.drugcost, ['tot_rx_cst_amt', 'Total drug cost (Part D)'], fill.totalCost),
    adjudication(ADJUDICATION.discount, ['rptd_gap_dscnt_num', 'Gap Discount Amount'], 0),
  ]
  return { list, planPaid }
}

// A Part D prescription drug event, shaped like the sandbox's BBUser29999 PDE page.
export function pdeEob(fill: PdeFill, input: ClaimInput, rxNumber: string): FhirResource {
  const header = eobHeader(
    {
      type: 'pde',
      profile: 'Pharmacy',
      claimCategory: ['pharmacy', 'Pharmacy'],
      coveragePart: 'd',
      idSystem: 'pde_id',
      moreIdentifiers: [['rx_srvc_rfrnc_num', rxNumber]],
    },
    input,
  )
  const prescriber = fill.placeholderNpis ? '999999999999999' : fill.prescriberNpi
  const pharmacy = fill.placeholderNpis ? '999999999999999' : fill.pharmacyNpi
  const adj = pdeAdjudications(fill)
  return {
    ...header,
    provider: {
      identifier: fill.placeholderNpis
        ? { system: bbVariable('prvdr_num'), value: pharmacy }
        : { system: US_NPI, value: pharmacy },
    },
    facility: {
      extension: [
        variableExtension(
          'phrmcy_srvc_type_cd',
          fill.drug.daysSupply === 90 ? '06' : '01',
          fill.drug.daysSupply === 90 ? 'Mail order pharmacy' : 'Community/retail pharmacy',
        ),
      ],
      identifier: { type: identifierType('npi'), value: pharmacy },
    },
    careTeam: [careTeamMember(1, prescriber, 'prescribing', 'Prescribing provider')],
    supportingInfo: [
      supportingInfo(1, 'compoundcode', 'Compound Code', {
        code: {
          coding: [
            coding('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'RXDINV', 'Rx dispense invoice'),
          ],
        },
      }),
      supportingInfo(2, 'refillnum', 'Refill Number', { valueQuantity: { value: fill.refill } }),
      supportingInfo(3, 'dayssupply', 'Days Supply', { valueQuantity: { value: fill.drug.daysSupply } }),
      infoCode(4, 'drug_cvrg_stus_cd', 'Drug Coverage Status Code', 'C', 'Covered'),
      infoCode(
        5,
        'daw_prod_slctn_cd',
        'Dispense as Written (DAW) Product Selection Code',
        '0',
        'No Product Selection Indicated (may also have missing values)',
      ),
      supportingInfo(6, 'brandgenericcode', 'Brand Generic Code', {
        code: {
          coding: [
            variableCoding(
              'brnd_gnrc_cd',
              fill.drug.brand ? 'B' : 'G',
              fill.drug.brand ? 'Brand' : 'Generic Null/missing',
            ),
          ],
        },
      }),
    ],
    item: [
      {
        sequence: 1,
        careTeamSequence: [1],
        productOrService: {
          coding: [coding('http://hl7.org/fhir/sid/ndc', fill.drug.ndc, fill.drug.display)],
        },
        servicedDate: input.start,
        quantity: { value: fill.drug.quantity },
        adjudication: adj.list,
      },
    ],
    total: [
      { category: { coding: [coding(C4BB_ADJ, 'drugcost', 'Drug Cost')] }, amount: money(fill.totalCost) },
    ],
    payment: { date: input.start },
  }
}
