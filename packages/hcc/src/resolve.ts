// Applies the documented defaults (see types.ts) to a beneficiary input and records which ones were used.
import { ageOnFeb1, normalizeDual, type DemographicInput } from './demographics.ts'
import type { PaymentYear } from './model-data.ts'
import type { BeneficiaryInput, Completeness, DefaultedInput } from './types.ts'

export class HccInputError extends Error {
  override readonly name = 'HccInputError'
}

export interface ResolvedInput {
  demo: DemographicInput
  defaulted: DefaultedInput[]
  completeness: Completeness
  warnings: string[]
}

const MAX_AGE = 125

export function resolveInput(input: BeneficiaryInput, paymentYear: PaymentYear): ResolvedInput {
  if (input.sex !== 'F' && input.sex !== 'M') throw new HccInputError('sex must be F or M')
  const warnings: string[] = []
  const age = resolveAge(input, paymentYear, warnings)
  const defaulted: DefaultedInput[] = []
  const orec = resolveOrec(input.orec, age, defaulted)
  const dual =
    input.dual == null || input.dual.trim() === ''
      ? useDefault(defaulted, 'dual', 'NA', 'dual status unknown: scored as non-dual')
      : normalizeDual(input.dual)
  const lti =
    input.lti ??
    useDefault(
      defaulted,
      'lti',
      false,
      'long-term institutional status is not in Blue Button (needs MDS): scored as community',
    )
  const newEnrollee =
    input.newEnrollee ??
    useDefault(defaulted, 'newEnrollee', false, 'Part B start unknown: scored as a continuing enrollee')
  const snp =
    input.snp ??
    useDefault(defaulted, 'snp', false, 'SNP enrolment is not in Blue Button: scored as not in a SNP')
  const esrd =
    input.esrd ??
    useDefault(defaulted, 'esrd', false, 'ESRD status not given: scored with the non-ESRD CMS-HCC model')
  if (esrd || orec === '2' || orec === '3')
    warnings.push(
      'ESRD entitlement or status: CMS pays these beneficiaries with the ESRD models, not covered here; the CMS-HCC score is shown for reference only',
    )
  return {
    demo: { age, sex: input.sex, orec, dual, lti, newEnrollee, snp },
    defaulted,
    completeness: completeness(input.maMonths, defaulted),
    warnings,
  }
}

function useDefault<T extends string | boolean | number | null>(
  list: DefaultedInput[],
  input: DefaultedInput['input'],
  value: T,
  reason: string,
): T {
  list.push({ input, value, reason })
  return value
}

function resolveAge(input: BeneficiaryInput, paymentYear: PaymentYear, warnings: string[]): number {
  let age: number | null = null
  // Any number except NaN is an age; out-of-range values (including infinities) are clamped below.
  if (typeof input.age === 'number' && !Number.isNaN(input.age)) age = Math.floor(input.age)
  else if (typeof input.birthDate === 'string') age = ageOnFeb1(input.birthDate, paymentYear)
  if (age === null)
    throw new HccInputError('age (on 1 February of the payment year) or a valid birthDate is required')
  if (age < 0 || age > MAX_AGE) {
    warnings.push(`age ${age} is out of range; clamped to ${age < 0 ? 0 : MAX_AGE}`)
    age = age < 0 ? 0 : MAX_AGE
  }
  return age
}

function resolveOrec(orec: string | null | undefined, age: number, defaulted: DefaultedInput[]): string {
  const given = (orec ?? '').trim()
  if (given !== '') return given
  if (age >= 65)
    return useDefault(defaulted, 'orec', '0', 'OREC unknown: aged 65+, assumed entitlement by age')
  // Under 65 and not ESRD, Medicare entitlement can only be by disability; the UI should confirm.
  return useDefault(
    defaulted,
    'orec',
    '1',
    'OREC unknown: under 65, assumed entitlement by disability; ask the beneficiary',
  )
}

function completeness(maMonths: number | null | undefined, defaulted: DefaultedInput[]): Completeness {
  if (typeof maMonths !== 'number' || !Number.isFinite(maMonths)) {
    defaulted.push({ input: 'maMonths', value: null, reason: 'Medicare Advantage months unknown' })
    return {
      status: 'unknown',
      maMonths: null,
      note: 'Blue Button carries fee-for-service claims only; any Medicare Advantage months in the data-collection year have no claims here, so the score may be understated.',
    }
  }
  if (maMonths > 0) {
    return {
      status: 'incomplete',
      maMonths,
      note: `${maMonths} month(s) of the data-collection year were in Medicare Advantage; their diagnoses are not in Blue Button, so the score is incomplete (likely understated).`,
    }
  }
  return {
    status: 'complete',
    maMonths,
    note: 'Fee-for-service all year: Blue Button holds the claims the score needs.',
  }
}
