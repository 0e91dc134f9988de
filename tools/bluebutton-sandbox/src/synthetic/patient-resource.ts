import { coding, type FhirResource, type JsonObject, bbVariable, variableExtension } from './fhir.ts'
import type { Identity } from './identity.ts'
import type { DualStatus, Persona } from './personas.ts'

const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203'
const CURRENCY = 'https://bluebutton.cms.gov/resources/codesystem/identifier-currency'

export const dualCode = (dual: DualStatus): string =>
  dual === 'full' ? '02' : dual === 'partial' ? '03' : 'NA'

export function monthlyDualExtensions(dual: DualStatus): JsonObject[] {
  return Array.from({ length: 12 }, (_, i) =>
    variableExtension(`dual_${String(i + 1).padStart(2, '0')}`, dualCode(dual)),
  )
}

function mbiIdentifier(value: string, current: boolean, start: string): JsonObject {
  const currency = current ? ['current', 'Current'] : ['historic', 'Historic']
  return {
    type: {
      coding: [
        {
          extension: [{ url: CURRENCY, valueCoding: coding(CURRENCY, currency[0] ?? '', currency[1]) }],
          ...coding(V2_0203, 'MC', "Patient's Medicare number"),
        },
      ],
    },
    system: 'http://hl7.org/fhir/sid/us-mbi',
    value,
    period: { start },
  }
}

// Shaped like the sandbox's BBUser29999 Patient: C4BB profile, bene_id + MBIs, state/ZIP only.
export function patientResource(identity: Identity, persona: Persona, lastUpdated: string): FhirResource {
  const historic = identity.historicMbis.map((value, i) => mbiIdentifier(value, false, `${2016 + i}-01-01`))
  return {
    resourceType: 'Patient',
    id: identity.patientId,
    meta: { lastUpdated, profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Patient'] },
    extension: [
      {
        url: bbVariable('race'),
        valueCoding: coding(bbVariable('race'), identity.race[0], identity.race[1]),
      },
      {
        url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race',
        extension: [
          {
            url: 'ombCategory',
            valueCoding: coding('http://terminology.hl7.org/CodeSystem/v3-NullFlavor', 'UNK', 'Unknown'),
          },
          { url: 'text', valueString: 'Unknown' },
        ],
      },
      { url: bbVariable('rfrnc_yr'), valueDate: DATA_YEAR },
      ...monthlyDualExtensions(persona.dual),
    ],
    identifier: [
      {
        type: { coding: [coding(V2_0203, 'MB', 'Member Number')] },
        system: bbVariable('bene_id'),
        value: identity.beneId,
      },
      mbiIdentifier(identity.mbi, true, '2020-01-01'),
      ...historic,
    ],
    name: [{ use: 'usual', family: identity.family, given: [...identity.given] }],
    gender: persona.sex,
    birthDate: identity.birthDate,
    ...(persona.deceasedOn === undefined ? {} : { deceasedDateTime: persona.deceasedOn }),
    address: [{ state: identity.ssaState, postalCode: identity.zip }],
  }
}

export const DATA_YEAR = '2026'
