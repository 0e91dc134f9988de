// Medicare's claim codes in words, for every screen and file that shows a claim: the claim type, the
// institutional type of bill and the claim number. The codes stay available beside the words.
import { ownValue } from '../shared/own-keys.ts'
import type { ClaimType } from './patient-data.ts'

/** What each Blue Button claim type is, as a clinician's office calls it. */
export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  CARRIER: 'Physician/supplier',
  DME: 'Durable medical equipment',
  HHA: 'Home health',
  HOSPICE: 'Hospice',
  INPATIENT: 'Hospital inpatient',
  OUTPATIENT: 'Hospital outpatient',
  SNF: 'Skilled nursing facility',
}

/** The claim type in words; an unknown type (a newer code) as it was sent, so nothing is hidden. */
export const claimTypeLabel = (type: string): string => ownValue(CLAIM_TYPE_LABELS, type) ?? type

/**
 * A claim's number as people quote it. Blue Button names a claim resource '<type>-<number>' and marks its
 * synthetic (sandbox) claims with a negative number, so 'carrier--10000001200031' and '-10000001200031' are
 * both claim 10000001200031.
 */
export function claimNumber(id: string): string {
  const match = /^(?:[a-z]+(?:-[a-z]+)*-)?-?(\d+)$/i.exec(id.trim())
  return match?.[1] ?? id
}

// The type of bill (UB-04 form locator 4): facility, then bill classification, then frequency.
const FACILITY: Record<string, string> = {
  '1': 'Hospital',
  '2': 'Skilled nursing facility',
  '3': 'Home health',
  '4': 'Religious nonmedical health care institution',
  '6': 'Intermediate care facility',
  '7': 'Clinic',
  '8': 'Special facility',
}

const CLASSIFICATION: Record<string, string> = {
  '1': 'inpatient',
  '2': 'inpatient (Part B only)',
  '3': 'outpatient',
  '4': 'other (Part B)',
  '5': 'intermediate care, level I',
  '6': 'intermediate care, level II',
  '8': 'swing bed',
}

// Home health, clinics and special facilities use the second digit for the kind of provider or service.
const CLASSIFICATION_BY_FACILITY: Record<string, Record<string, string>> = {
  '3': { '2': 'under a plan of treatment', '3': 'not under a plan of treatment', '4': 'other' },
  '7': {
    '1': 'rural health clinic',
    '2': 'renal dialysis facility',
    '3': 'federally qualified health center',
    '4': 'outpatient rehabilitation facility',
    '5': 'comprehensive outpatient rehabilitation facility',
    '6': 'community mental health center',
    '7': 'federally qualified health center',
    '9': 'other',
  },
  '8': {
    '1': 'hospice (not hospital-based)',
    '2': 'hospice (hospital-based)',
    '3': 'ambulatory surgery center',
    '4': 'freestanding birthing center',
    '5': 'critical access hospital',
    '6': 'residential facility',
    '9': 'other',
  },
}

const FREQUENCY: Record<string, string> = {
  '0': 'no payment claim',
  '1': 'whole stay or visit',
  '2': 'first of several claims',
  '3': 'continuing claim',
  '4': 'last of several claims',
  '5': 'late charges only',
  '7': 'replaces an earlier claim',
  '8': 'cancels an earlier claim',
  '9': 'final claim for a home health episode',
}

const own = (table: Record<string, string> | undefined, key: string): string | undefined =>
  table ? ownValue(table, key) : undefined

/**
 * '131' (or '0131') → 'Hospital outpatient, whole stay or visit'; null for a code that is not a type of bill,
 * so the caller shows the code as it was.
 */
export function typeOfBillMeaning(code: string | null | undefined): string | null {
  const digits = code?.trim().replace(/^0(?=\d{3}$)/, '') ?? ''
  if (!/^\d{3}$/.test(digits)) return null
  const [facility = '', classification = '', frequency = ''] = digits
  const where = own(FACILITY, facility)
  const kind =
    own(CLASSIFICATION_BY_FACILITY[facility], classification) ?? own(CLASSIFICATION, classification)
  if (!where || !kind) return null
  const setting = facility === '7' || facility === '8' ? capitalize(kind) : `${where} ${kind}`
  const how = own(FREQUENCY, frequency)
  return how ? `${setting}, ${how}` : setting
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
