// An ExplanationOfBenefit's supportingInfo as v3 writes it: CARIN categories where CARIN has one (type of bill,
// admission period, DRG, Part D fill facts), v3's Supporting-Information codes for CMS's own facts.
import { C4BB, coding, type FhirResource, type JsonObject } from '../fhir.ts'
import { codings, extensionCode, obj, objects, str, variableName } from './read.ts'
import { MS_DRG, NUBC, V3_CODESYSTEM, V3_SUPPORTING_INFO } from './v3-codes.ts'

type Info = Omit<JsonObject, 'sequence'>

const carin = (code: string, value: JsonObject): Info => ({
  category: { coding: [coding(`${C4BB}/CodeSystem/C4BBSupportingInfoType`, code)] },
  ...value,
})

const INFO_CATEGORY = coding(
  'http://terminology.hl7.org/CodeSystem/claiminformationcategory',
  'info',
  'Information',
)

/** A CMS fact under v3's Supporting-Information system, its value coded in the v3 system of the same name. */
const cmsFact = (column: string, code: string, display?: string): Info => ({
  category: { coding: [coding(V3_SUPPORTING_INFO, column), INFO_CATEGORY] },
  code: { coding: [coding(`${V3_CODESYSTEM}/${column.replaceAll('_', '-')}`, code, display)] },
})

/** The v2 supportingInfo entry whose category carries this code (CARIN code or v2 variable). */
function v2Info(v2: FhirResource, code: string): JsonObject | undefined {
  return objects(v2['supportingInfo']).find((info) =>
    codings(info['category']).some((c) => c['code'] === code || variableName(str(c['code'])) === code),
  )
}

const infoCode = (info: JsonObject | undefined): JsonObject | undefined => codings(info?.['code'])[0]
const quantity = (info: JsonObject | undefined): JsonObject | undefined => obj(info?.['valueQuantity'])

function receivedDate(v2: FhirResource): Info[] {
  const date = str(v2Info(v2, 'clmrecvddate')?.['timingDate'])
  if (!date) return []
  return [
    carin('clmrecvddate', { timingDate: date }),
    {
      category: { coding: [coding(V3_SUPPORTING_INFO, 'CLM_NCH_WKLY_PROC_DT'), INFO_CATEGORY] },
      timingDate: date,
    },
  ]
}

/** Type of bill = facility type + service classification + frequency, NUBC writing it with a leading zero. */
function typeOfBill(v2: FhirResource): Info[] {
  const facility = extensionCode(obj(v2['facility']), 'clm_fac_type_cd')
  const classification = extensionCode(v2, 'clm_srvc_clsfctn_type_cd')
  const frequency = str(infoCode(v2Info(v2, 'typeofbill'))?.['code'])
  if (!facility || !classification || !frequency) return []
  return [
    carin('typeofbill', {
      code: {
        coding: [
          coding(`${NUBC}/TypeOfBill`, `0${facility}${classification}${frequency}`),
          coding(`${V3_CODESYSTEM}/CLM-BILL-FAC-TYPE-CD`, facility),
          coding(`${V3_CODESYSTEM}/CLM-BILL-CLSFCTN-CD`, classification),
          coding(`${V3_CODESYSTEM}/CLM-BILL-FREQ-CD`, frequency),
        ],
      },
    }),
  ]
}

function admission(v2: FhirResource): Info[] {
  const period = obj(v2Info(v2, 'admissionperiod')?.['timingPeriod'])
  return period ? [carin('admissionperiod', { timingPeriod: period })] : []
}

function drg(v2: FhirResource): Info[] {
  const code = str(infoCode(v2Info(v2, 'clm_drg_cd'))?.['code'])
  return code ? [carin('drg', { code: { coding: [coding(MS_DRG, code)] } })] : []
}

function nearLineRecord(v2: FhirResource): Info[] {
  const found = objects(v2['extension']).find(
    (e) => variableName(str(e['url'])) === 'nch_near_line_rec_ident_cd',
  )
  const value = obj(found?.['valueCoding'])
  const code = str(value?.['code'])
  return code ? [cmsFact('CLM_NRLN_RIC_CD', code, str(value?.['display']))] : []
}

const NCPDP = 'http://terminology.hl7.org/CodeSystem'

/** NCPDP's compound code: 1 not a compound, 2 a compound (v2 wrote the HL7 invoice type). */
function compound(v2: FhirResource): Info[] {
  const invoice = str(infoCode(v2Info(v2, 'compoundcode'))?.['code'])
  if (invoice !== 'RXDINV' && invoice !== 'RXCINV') return []
  const [code, display] = invoice === 'RXCINV' ? ['2', 'Compound'] : ['1', 'Not a Compound']
  return [
    carin('compoundcode', {
      code: {
        coding: [
          coding(`${NCPDP}/NCPDPCompoundCode`, code, display),
          coding(`${V3_CODESYSTEM}/CLM-CMPND-CD`, code, display),
        ],
      },
    }),
  ]
}

function fillQuantities(v2: FhirResource): Info[] {
  const refills = quantity(v2Info(v2, 'refillnum'))
  const days = quantity(v2Info(v2, 'dayssupply'))
  return [
    ...(days ? [carin('dayssupply', { valueQuantity: { unit: 'days', ...days } })] : []),
    ...(refills ? [carin('refillnum', { valueQuantity: { unit: 'fill', ...refills } })] : []),
  ]
}

/** The prescription number, which v2 gave as an identifier. */
function prescription(v2: FhirResource): Info[] {
  const rx = objects(v2['identifier']).find((i) => variableName(str(i['system'])) === 'rx_srvc_rfrnc_num')
  const value = str(rx?.['value'])
  return value
    ? [
        {
          category: { coding: [coding(V3_SUPPORTING_INFO, 'CLM_LINE_RX_NUM'), INFO_CATEGORY] },
          valueString: value,
        },
      ]
    : []
}

function fillCodes(v2: FhirResource): Info[] {
  const daw = str(infoCode(v2Info(v2, 'daw_prod_slctn_cd'))?.['code'])
  const brand = infoCode(v2Info(v2, 'brandgenericcode'))
  const brandCode = str(brand?.['code'])
  const coverage = infoCode(v2Info(v2, 'drug_cvrg_stus_cd'))
  const coverageCode = str(coverage?.['code'])
  const pharmacy = objects(obj(v2['facility'])?.['extension']).find(
    (e) => variableName(str(e['url'])) === 'phrmcy_srvc_type_cd',
  )
  const pharmacyType = obj(pharmacy?.['valueCoding'])
  return [
    ...(pharmacyType?.['code']
      ? [cmsFact('CLM_PHRMCY_SRVC_TYPE_CD', String(pharmacyType['code']), str(pharmacyType['display']))]
      : []),
    ...(brandCode
      ? [
          carin('brandgenericindicator', {
            code: {
              coding: [
                coding(`${NCPDP}/NCPDPBrandGenericIndicator`, brandCode, str(brand?.['display'])),
                coding(`${V3_CODESYSTEM}/CLM-BRND-GNRC-CD`, brandCode, str(brand?.['display'])),
              ],
            },
          }),
        ]
      : []),
    ...(daw
      ? [
          carin('dawcode', {
            code: { coding: [coding(`${NCPDP}/NCPDPDispensedAsWrittenOrProductSelectionCode`, daw)] },
          }),
        ]
      : []),
    ...(coverageCode ? [cmsFact('CLM_DRUG_CVRG_STUS_CD', coverageCode, str(coverage?.['display']))] : []),
  ]
}

const SECTIONS = [
  receivedDate,
  typeOfBill,
  admission,
  drg,
  nearLineRecord,
  compound,
  fillQuantities,
  fillCodes,
  prescription,
]

/** Every fact v3 states about the claim, numbered in order. */
export function supportingInfoV3(v2: FhirResource): JsonObject[] {
  return SECTIONS.flatMap((section) => section(v2)).map((info, index) => ({ sequence: index + 1, ...info }))
}
