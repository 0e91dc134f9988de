// FHIR Patient (C4BB-Patient as Blue Button sends it) → PatientRecord.
import { codingsOf, readDate, readInstant, variableCode } from './fhir-read.ts'
import { IssueLog, type MappingResult } from './issues.ts'
import { asArray, asObject, asObjects, asString, field, type JsonObject } from './json.ts'
import type { Gender, HumanName, PatientRecord } from './types.ts'
import { postalState } from './ssa-state.ts'

const SYSTEM_MBI = 'http://hl7.org/fhir/sid/us-mbi'
const SYSTEM_BENE_ID = 'https://bluebutton.cms.gov/resources/variables/bene_id'
const CURRENCY_URL = 'https://bluebutton.cms.gov/resources/codesystem/identifier-currency'
const GENDERS: readonly Gender[] = ['male', 'female', 'other', 'unknown']

export function mapPatient(input: unknown): MappingResult<PatientRecord> {
  const log = new IssueLog()
  const resource = asObject(input)
  if (!resource || resource.resourceType !== 'Patient') {
    log.add('resourceType', 'not_a_resource', 'not a Patient resource')
    return { record: null, issues: log.issues }
  }
  const id = asString(resource.id)
  if (id === null) {
    log.add('id', 'missing', 'Patient has no id')
    return { record: null, issues: log.issues }
  }
  const names = readNames(resource)
  const primary = names.find((name) => name.use === 'usual') ?? names[0]
  if (!primary) log.add('name', 'missing', 'no name')
  const { mbi, historicMbis } = readMbis(resource, log)
  const address = asObjects(resource.address)[0] ?? null
  const record: PatientRecord = {
    id,
    names,
    firstName: primary?.given[0] ?? null,
    middleNames: primary?.given.slice(1) ?? [],
    lastName: primary?.family ?? null,
    birthDate: readDate(resource.birthDate, 'birthDate', log),
    gender: readGender(resource.gender, log),
    deceasedDate: readDate(resource.deceasedDateTime, 'deceasedDateTime', log),
    mbi,
    historicMbis,
    beneId: asString(
      asObjects(resource.identifier).find((identifier) => identifier.system === SYSTEM_BENE_ID)?.value,
    ),
    state: postalState(asString(address?.state)),
    postalCode: asString(address?.postalCode),
    race: variableCode(resource, 'race'),
    referenceYear: variableCode(resource, 'rfrnc_yr'),
    dualStatusByMonth: monthlyCodes(resource, (month) => `dual_${month}`),
    lastUpdated: readInstant(field(resource, 'meta', 'lastUpdated'), 'meta.lastUpdated', log),
  }
  if (record.birthDate && record.deceasedDate && record.deceasedDate < record.birthDate) {
    // Synthetic data does this; keep both values as given and say so.
    log.add('deceasedDateTime', 'inconsistent', 'deceased date is before birth date')
  }
  return { record, issues: log.issues }
}

function readNames(resource: JsonObject): HumanName[] {
  return asObjects(resource.name).map((name) => ({
    use: asString(name.use),
    family: asString(name.family),
    given: asArray(name.given).flatMap((given) => {
      const text = asString(given)
      return text === null ? [] : [text]
    }),
  }))
}

function readGender(value: unknown, log: IssueLog): Gender | null {
  if (value === undefined || value === null) return null
  const gender = GENDERS.find((candidate) => candidate === value)
  if (!gender) log.add('gender', 'unknown_code', `unknown gender ${JSON.stringify(value).slice(0, 20)}`)
  return gender ?? null
}

function readMbis(resource: JsonObject, log: IssueLog): { mbi: string | null; historicMbis: string[] } {
  const mbis = asObjects(resource.identifier)
    .filter((identifier) => identifier.system === SYSTEM_MBI)
    .flatMap((identifier) => {
      const value = asString(identifier.value)
      return value === null ? [] : [{ value, currency: currencyOf(identifier) }]
    })
  const current = mbis.filter((mbi) => mbi.currency === 'current')
  if (current.length > 1) log.add('identifier', 'inconsistent', 'more than one current MBI; used the first')
  // One unflagged MBI is the current one; several unflagged ones cannot be ranked.
  const chosen = current[0] ?? (mbis.length === 1 && mbis[0]?.currency === null ? mbis[0] : undefined)
  if (!chosen && mbis.length > 0) log.add('identifier', 'inconsistent', 'no MBI is marked current')
  if (mbis.length === 0) log.add('identifier', 'missing', 'no MBI')
  return {
    mbi: chosen?.value ?? null,
    historicMbis: [
      ...new Set(mbis.filter((mbi) => mbi !== chosen && mbi.value !== chosen?.value).map((mbi) => mbi.value)),
    ],
  }
}

function currencyOf(identifier: JsonObject): string | null {
  for (const coding of asObjects(field(identifier, 'type', 'coding'))) {
    for (const extension of asObjects(coding.extension)) {
      if (extension.url !== CURRENCY_URL) continue
      const code = codingsOf({ coding: [extension.valueCoding] })[0]?.code ?? null
      if (code) return code
    }
  }
  return null
}

/** Twelve monthly variable codes, index 0 = January; `name(month)` gets "01".."12". */
export function monthlyCodes(
  resource: JsonObject | null,
  name: (month: string) => string,
): Array<string | null> {
  return Array.from({ length: 12 }, (_, index) =>
    variableCode(resource, name(String(index + 1).padStart(2, '0'))),
  )
}
