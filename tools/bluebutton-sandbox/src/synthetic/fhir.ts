// Small builders for the FHIR shapes Blue Button emits (C4BB profiles, BB variable systems).
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }
export type FhirResource = JsonObject & { resourceType: string; id: string }

export const bbVariable = (name: string): string => `https://bluebutton.cms.gov/resources/variables/${name}`
export const BB_CODESYSTEM = 'https://bluebutton.cms.gov/resources/codesystem'
export const C4BB = 'http://hl7.org/fhir/us/carin-bb'

export function coding(system: string, code: string, display?: string): JsonObject {
  return display === undefined ? { system, code } : { system, code, display }
}

export function variableCoding(name: string, code: string, display?: string): JsonObject {
  return coding(bbVariable(name), code, display)
}

export function variableExtension(name: string, code: string, display?: string): JsonObject {
  return { url: bbVariable(name), valueCoding: variableCoding(name, code, display) }
}

/** An extension whose value is an identifier in the variable's own system (a carrier number, a document number). */
export function variableIdentifierExtension(name: string, value: string): JsonObject {
  return { url: bbVariable(name), valueIdentifier: { system: bbVariable(name), value } }
}

export const US_NPI = 'http://hl7.org/fhir/sid/us-npi'

/** A C4BB identifier type: 'npi' (National Provider Identifier), 'uc' (Unique Claim ID). */
export function identifierType(code: string, display?: string): JsonObject {
  return { coding: [coding(`${C4BB}/CodeSystem/C4BBIdentifierType`, code, display)] }
}

export function money(value: number): JsonObject {
  return { value, currency: 'USD' }
}

// An adjudication entry: a CARIN category plus the Blue Button variable that carries the amount.
export function adjudication(
  carin: readonly [system: string, code: string, display: string],
  variable: readonly [name: string, display: string],
  amount: number,
): JsonObject {
  return {
    category: {
      coding: [
        coding(carin[0], carin[1], carin[2]),
        coding(`${BB_CODESYSTEM}/adjudication`, bbVariable(variable[0]), variable[1]),
      ],
    },
    amount: money(amount),
  }
}

export const ADJ = 'http://terminology.hl7.org/CodeSystem/adjudication'
export const C4BB_ADJ = `${C4BB}/CodeSystem/C4BBAdjudication`

/** The adjudication categories the builders use, keyed by their CARIN code, as BFD names them. */
export const ADJUDICATION = {
  benefit: [ADJ, 'benefit', 'Benefit Amount'],
  submitted: [ADJ, 'submitted', 'Submitted Amount'],
  eligible: [ADJ, 'eligible', 'Eligible Amount'],
  deductible: [ADJ, 'deductible', 'Deductible'],
  coinsurance: [C4BB_ADJ, 'coinsurance', 'Co-insurance'],
  noncovered: [C4BB_ADJ, 'noncovered', 'Noncovered'],
  paidbypatient: [C4BB_ADJ, 'paidbypatient', 'Paid by patient'],
  paidtopatient: [C4BB_ADJ, 'paidtopatient', 'Paid to patient'],
  paidtoprovider: [C4BB_ADJ, 'paidtoprovider', 'Paid to provider'],
  priorpayerpaid: [C4BB_ADJ, 'priorpayerpaid', 'Prior payer paid'],
  discount: [C4BB_ADJ, 'discount', 'Discount'],
  drugcost: [C4BB_ADJ, 'drugcost', 'Drug Cost'],
} as const satisfies Record<string, readonly [system: string, code: string, display: string]>

export function npiIdentifier(npi: string | undefined): JsonObject {
  const type = identifierType('npi', 'National Provider Identifier')
  return npi === undefined ? { type } : { type, value: npi }
}

export function careTeamMember(
  sequence: number,
  npi: string | undefined,
  role: string,
  roleDisplay: string,
): JsonObject {
  return {
    sequence,
    provider: { identifier: npiIdentifier(npi) },
    role: { coding: [coding(`${C4BB}/CodeSystem/C4BBClaimCareTeamRole`, role, roleDisplay)] },
  }
}

// Luhn check digit over "80840" + the first nine digits, as the NPI standard defines.
export function npiWithCheckDigit(nineDigits: string): string {
  const digits = `80840${nineDigits}`.split('').map(Number)
  let sum = 0
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    const d = digits[i] ?? 0
    const v = double ? d * 2 : d
    sum += v > 9 ? v - 9 : v
  }
  return `${nineDigits}${(10 - (sum % 10)) % 10}`
}
