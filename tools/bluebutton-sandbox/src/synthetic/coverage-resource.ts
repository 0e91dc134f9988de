import { coding, type FhirResource, type JsonObject, variableExtension } from './fhir.ts'
import type { Identity } from './identity.ts'
import { DATA_YEAR, monthlyDualExtensions } from './patient-resource.ts'
import type { Persona } from './personas.ts'
import { bbVariable } from './fhir.ts'

type Part = 'a' | 'b' | 'c' | 'd'

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))
const monthly = (name: (mm: string) => string, code: string, display?: string): JsonObject[] =>
  months.map((mm) => variableExtension(name(mm), code, display))

const MS_CD: Record<Persona['entitlement'], readonly [string, string]> = {
  aged: ['10', 'Aged without end-stage renal disease (ESRD)'],
  agedOriginallyDisabled: ['10', 'Aged without end-stage renal disease (ESRD)'],
  disabled: ['20', 'Disabled without ESRD'],
  esrd: ['31', 'ESRD only'],
}
const REC: Record<string, string> = {
  '0': 'Old age and survivor’s insurance (OASI)',
  '1': 'Disability insurance benefits (DIB)',
  '2': 'End-stage renal disease (ESRD)',
}
const OREC: Record<Persona['entitlement'], string> = {
  aged: '0',
  agedOriginallyDisabled: '1',
  disabled: '1',
  esrd: '2',
}
const CREC: Record<Persona['entitlement'], string> = {
  aged: '0',
  agedOriginallyDisabled: '0',
  disabled: '1',
  esrd: '2',
}

function entitlementExtensions(persona: Persona): JsonObject[] {
  const [ms, msDisplay] = MS_CD[persona.entitlement]
  const orec = OREC[persona.entitlement]
  const crec = CREC[persona.entitlement]
  const esrd = persona.entitlement === 'esrd'
  return [
    variableExtension('ms_cd', ms, msDisplay),
    variableExtension('orec', orec, REC[orec]),
    variableExtension('crec', crec, REC[crec]),
    variableExtension(
      'esrd_ind',
      esrd ? 'Y' : '0',
      esrd ? 'the beneficiary has ESRD' : 'the beneficiary does not have ESRD',
    ),
  ]
}

function buyIn(persona: Persona): JsonObject[] {
  return persona.dual === 'none'
    ? monthly((mm) => `buyin${mm}`, '3', 'Part A and Part B')
    : monthly((mm) => `buyin${mm}`, 'C', 'Part A and Part B state buy-in')
}

function partExtensions(part: Part, persona: Persona): JsonObject[] {
  const common = [
    { url: bbVariable('rfrnc_yr'), valueDate: DATA_YEAR },
    ...monthlyDualExtensions(persona.dual),
  ]
  switch (part) {
    case 'a':
      return [
        ...entitlementExtensions(persona),
        variableExtension('a_trm_cd', '0', 'Not Terminated'),
        ...common,
        ...buyIn(persona),
      ]
    case 'b':
      return [
        variableExtension('ms_cd', ...MS_CD[persona.entitlement]),
        variableExtension('b_trm_cd', '0', 'Not Terminated'),
        ...common,
        ...buyIn(persona),
      ]
    case 'c':
      return persona.medicareAdvantage
        ? [
            ...monthly((mm) => `ptc_cntrct_id_${mm}`, 'H1234'),
            ...monthly((mm) => `ptc_pbp_id_${mm}`, '001'),
            ...monthly((mm) => `ptc_plan_type_cd_${mm}`, '01'),
            ...monthly((mm) => `hmo_ind_${mm}`, 'C', 'Lock-in GHO to process all provider claims'),
            ...common,
          ]
        : [...monthly((mm) => `hmo_ind_${mm}`, '0', 'Not a member of an HMO'), ...common]
    case 'd': {
      const contract = !persona.partD ? 'N' : persona.medicareAdvantage ? 'H1234' : 'S5601'
      return [
        variableExtension('ms_cd', ...MS_CD[persona.entitlement]),
        ...monthly((mm) => `ptdcntrct${mm}`, contract),
        ...(persona.partD
          ? [
              ...monthly((mm) => `ptdpbpid${mm}`, '001'),
              ...monthly((mm) => `sgmtid${mm}`, '000'),
              ...monthly((mm) => `cstshr${mm}`, persona.dual === 'none' ? '09' : '01'),
              ...monthly((mm) => `rdsind${mm}`, 'N'),
            ]
          : []),
        ...common,
      ]
    }
  }
}

function isActive(part: Part, persona: Persona): boolean {
  if (part === 'c') return persona.medicareAdvantage
  if (part === 'd') return persona.partD
  return true
}

function entitlementStart(identity: Identity, persona: Persona): string {
  if (persona.entitlement === 'aged')
    return `${Number(identity.birthDate.slice(0, 4)) + 65}${identity.birthDate.slice(4, 7)}-01`
  return persona.entitlement === 'esrd' ? '2019-04-01' : '2012-07-01'
}

// One Coverage per part, ids `part-{a|b|c|d}-{patientId}`, as in the sandbox's Coverage bundle.
export function coverageResources(identity: Identity, persona: Persona, lastUpdated: string): FhirResource[] {
  const parts: Part[] = ['a', 'b', 'c', 'd']
  return parts.map((part) => ({
    resourceType: 'Coverage',
    id: `part-${part}-${identity.patientId}`,
    meta: { lastUpdated, profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Coverage'] },
    extension: partExtensions(part, persona),
    status: isActive(part, persona) ? 'active' : 'cancelled',
    type: { coding: [coding('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'SUBSIDIZ')] },
    subscriberId: identity.mbi,
    beneficiary: { reference: `Patient/${identity.patientId}` },
    relationship: {
      coding: [coding('http://terminology.hl7.org/CodeSystem/subscriber-relationship', 'self', 'Self')],
    },
    ...(part === 'a' || part === 'b' ? { period: { start: entitlementStart(identity, persona) } } : {}),
    payor: [{ identifier: { value: 'Centers for Medicare and Medicaid Services' } }],
    class: [
      {
        type: { coding: [coding('http://terminology.hl7.org/CodeSystem/coverage-class', 'group', 'Group')] },
        value: 'Medicare',
      },
      {
        type: { coding: [coding('http://terminology.hl7.org/CodeSystem/coverage-class', 'plan', 'Plan')] },
        value: `Part ${part.toUpperCase()}`,
      },
    ],
  }))
}
