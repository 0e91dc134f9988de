// The setup wizard: the account and business type, each
// business type's identity, the first invitations, and the readiness gates that say when it is done. The
// browser and the server validate with these same rules.
import { z } from 'zod'
import { isValidNpi } from '../signup/signup.ts'
import { tinDigits } from '../tins/tins.ts'
import { isUsStateCode } from '../shared/us-states.ts'
import { isValidPhone } from '../shared/validators.ts'
import { SETUP_WIZARD } from '../shared/constants.ts'
import { organizationTypeSchema, type OrganizationType } from '../shared/access.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const SETUP_STEPS = ['business-type', 'identity', 'invites', 'complete'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]
export const SETUP_ACCOUNT_TYPES = ['INDIVIDUAL', 'TEAM'] as const
export type SetupAccountType = (typeof SETUP_ACCOUNT_TYPES)[number]
export const BUSINESS_TYPES = [
  'MEDICAL_PROVIDER',
  'INSURANCE_AGENCY',
  'ACO',
  'MEDICAL_PROVIDER_TEAM',
  'INSURANCE_AGENCY_TEAM',
] as const
export type BusinessType = (typeof BUSINESS_TYPES)[number]

/** The business types each account type offers, with the wizard's words for them. */
export const BUSINESS_TYPE_CHOICES: Record<SetupAccountType, { value: BusinessType; label: string }[]> = {
  INDIVIDUAL: [
    { value: 'MEDICAL_PROVIDER', label: 'Medical Provider' },
    { value: 'INSURANCE_AGENCY', label: 'Insurance Agency (Agent)' },
  ],
  TEAM: [
    { value: 'ACO', label: 'Accountable Care Organization (ACO)' },
    { value: 'MEDICAL_PROVIDER_TEAM', label: 'Medical Provider (Clinic/Group/FQHC)' },
    { value: 'INSURANCE_AGENCY_TEAM', label: 'Insurance Agency' },
  ],
}

export const SETUP_MESSAGES = {
  bannerTitle: 'Setup Not Complete',
  banner: 'Setup Not Complete - Complete your profile setup to start sending patient authorization requests.',
  resume: 'Resume Setup',
  notComplete: 'Complete your profile setup to start sending patient authorization requests.',
  npi: 'Enter a valid 10-digit NPI',
  npn: 'NPN is 1 to 10 digits',
  tin: 'A TIN is 9 digits, for example 12-3456789',
  clinicTinForInvites: 'Add the clinic TIN to invite colleagues: their access is scoped to it',
  required: 'This field is required',
  email: 'Enter a valid email address',
  phone: 'Enter a 10-digit phone number, e.g. (555) 123-4567',
  state: 'Choose a state from the list',
  zip: 'Enter a 5-digit ZIP code or ZIP+4',
  registryUnavailable: 'The NPI registry could not be reached. Check the number and enter the name yourself.',
  registryNotFound: 'No provider with this NPI was found in the NPI registry.',
} as const

const text = (max = 200) => z.string().max(max)

const addressSchema = z.object({ street: text(), city: text(100), state: text(2), zip: text(10) })
export type SetupAddress = z.infer<typeof addressSchema>
const EMPTY_ADDRESS: SetupAddress = { street: '', city: '', state: '', zip: '' }

export const setupStateSchema = z.object({
  currentStep: z.enum(SETUP_STEPS),
  accountType: z.enum(SETUP_ACCOUNT_TYPES).nullable(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  acoProfile: z.object({
    legal_name: text(),
    primary_address: addressSchema,
    main_phone: text(30),
    support_email: text(254),
  }),
  contractedTINs: z.array(z.object({ tin: text(20), name: text() })).max(200),
  npiData: z.object({ npi: text(10), display_name: text(), organization_name: text() }),
  clinicTIN: text(20),
  agencyProfile: z.object({ legal_name: text(), address: addressSchema, support_email: text(254) }),
  individualProfile: z.object({
    npn: text(10),
    organization_name: text(),
    address: addressSchema,
    phone: text(30),
    license_number: text(50),
    license_state: text(2),
  }),
  pendingInvites: z.array(z.object({ email: text(254), role: text(30) })).max(100),
})
export type SetupState = z.infer<typeof setupStateSchema>

export const INITIAL_SETUP_STATE: SetupState = {
  currentStep: 'business-type',
  accountType: null,
  businessType: null,
  acoProfile: { legal_name: '', primary_address: EMPTY_ADDRESS, main_phone: '', support_email: '' },
  contractedTINs: [],
  npiData: { npi: '', display_name: '', organization_name: '' },
  clinicTIN: '',
  agencyProfile: { legal_name: '', address: EMPTY_ADDRESS, support_email: '' },
  individualProfile: {
    npn: '',
    organization_name: '',
    address: EMPTY_ADDRESS,
    phone: '',
    license_number: '',
    license_state: '',
  },
  pendingInvites: [],
}

const filled = (value: string): boolean => value.trim() !== ''
const isEmail = (value: string): boolean => z.email().safeParse(value.trim()).success
const isTin = (value: string): boolean => /^\d{9}$/.test(tinDigits(value))
const addressComplete = (address: SetupAddress): boolean =>
  filled(address.street) &&
  filled(address.city) &&
  isUsStateCode(address.state) &&
  /^\d{5}(-\d{4})?$/.test(address.zip)

export const isMedicalProvider = (type: BusinessType | null): boolean =>
  type === 'MEDICAL_PROVIDER' || type === 'MEDICAL_PROVIDER_TEAM'

/** Field errors of the identity step for the chosen business type, keyed by a dotted path. */
export function identityErrors(state: SetupState): Record<string, string> {
  const errors: Record<string, string> = {}
  const need = (key: string, ok: boolean, message: string = SETUP_MESSAGES.required) => {
    if (!ok) errors[key] = message
  }
  const { acoProfile, npiData, agencyProfile, individualProfile } = state
  switch (state.businessType) {
    case 'ACO':
      need('acoProfile.legal_name', filled(acoProfile.legal_name))
      need('acoProfile.primary_address', addressComplete(acoProfile.primary_address))
      need('acoProfile.main_phone', isValidPhone(acoProfile.main_phone), SETUP_MESSAGES.phone)
      need('acoProfile.support_email', isEmail(acoProfile.support_email), SETUP_MESSAGES.email)
      state.contractedTINs.forEach((entry, index) =>
        need(`contractedTINs.${index}`, isTin(entry.tin), SETUP_MESSAGES.tin),
      )
      break
    case 'MEDICAL_PROVIDER':
    case 'MEDICAL_PROVIDER_TEAM':
      need('npiData.npi', isValidNpi(npiData.npi), SETUP_MESSAGES.npi)
      need('npiData.display_name', filled(npiData.display_name))
      if (state.businessType === 'MEDICAL_PROVIDER_TEAM' && filled(state.clinicTIN))
        need('clinicTIN', isTin(state.clinicTIN), SETUP_MESSAGES.tin)
      // Colleagues see the patients of the practice's TIN, so inviting them needs it.
      if (state.businessType === 'MEDICAL_PROVIDER_TEAM' && state.pendingInvites.length > 0)
        need('clinicTIN', isTin(state.clinicTIN), SETUP_MESSAGES.clinicTinForInvites)
      break
    case 'INSURANCE_AGENCY':
      need('individualProfile.npn', /^\d{1,10}$/.test(individualProfile.npn), SETUP_MESSAGES.npn)
      need('individualProfile.organization_name', filled(individualProfile.organization_name))
      need('individualProfile.phone', isValidPhone(individualProfile.phone), SETUP_MESSAGES.phone)
      need('individualProfile.license_number', filled(individualProfile.license_number))
      need(
        'individualProfile.license_state',
        isUsStateCode(individualProfile.license_state),
        SETUP_MESSAGES.state,
      )
      break
    case 'INSURANCE_AGENCY_TEAM':
      need('agencyProfile.legal_name', filled(agencyProfile.legal_name))
      need('agencyProfile.address.street', filled(agencyProfile.address.street))
      need('agencyProfile.support_email', isEmail(agencyProfile.support_email), SETUP_MESSAGES.email)
      break
    default:
      errors.businessType = SETUP_MESSAGES.required
  }
  return errors
}

export type ReadinessContext = { emailVerified: boolean; billingActive: boolean }

/** The readiness gates: the two always-true ones, then the chosen business type's own. */
export function readinessGates(
  state: SetupState,
  context: ReadinessContext = { emailVerified: true, billingActive: true },
): Record<string, boolean> {
  const { acoProfile, npiData, agencyProfile, individualProfile } = state
  // The business type is a gate of its own, and before it is chosen its identity counts as one more: the
  // share of true gates then never falls when the type is chosen, so the figure only rises as the wizard
  // goes forward.
  const gates: Record<string, boolean> = {
    emailVerified: context.emailVerified,
    billingActive: context.billingActive,
    businessType: state.businessType !== null,
  }
  switch (state.businessType) {
    case 'ACO':
      gates.acoProfileComplete =
        filled(acoProfile.legal_name) &&
        addressComplete(acoProfile.primary_address) &&
        isValidPhone(acoProfile.main_phone) &&
        isEmail(acoProfile.support_email)
      gates.hasTin = state.contractedTINs.some((entry) => isTin(entry.tin))
      break
    case 'MEDICAL_PROVIDER':
    case 'MEDICAL_PROVIDER_TEAM':
      gates.npiValidated = isValidNpi(npiData.npi)
      gates.displayIdentity = filled(npiData.display_name)
      break
    case 'INSURANCE_AGENCY':
      gates.npn = /^\d{1,10}$/.test(individualProfile.npn)
      gates.organizationAndPhone =
        filled(individualProfile.organization_name) && isValidPhone(individualProfile.phone)
      gates.license =
        filled(individualProfile.license_number) && isUsStateCode(individualProfile.license_state)
      break
    case 'INSURANCE_AGENCY_TEAM':
      gates.agencyProfile =
        filled(agencyProfile.legal_name) &&
        filled(agencyProfile.address.street) &&
        isEmail(agencyProfile.support_email)
      break
    default:
      gates.identity = false
  }
  return gates
}

/** Percent of true gates, whole numbers. */
export function setupProgress(gates: Record<string, boolean>): number {
  const values = Object.values(gates)
  return values.length === 0 ? 0 : Math.round((values.filter(Boolean).length / values.length) * 100)
}

export const isSetupReady = (state: SetupState, context?: ReadinessContext): boolean =>
  Object.values(readinessGates(state, context)).every(Boolean) &&
  Object.keys(identityErrors(state)).length === 0

/** Saved progress older than the retention (30 days) is discarded, not resumed. */
export const isProgressFresh = (savedAt: number, now: number): boolean =>
  now - savedAt < SETUP_WIZARD.progressRetentionDays * 86_400_000

export type SetupHistory = { past: SetupState[]; present: SetupState; future: SetupState[] }

/** A change recorded for undo; the oldest entries fall off past the cap (50). */
export function recordChange(history: SetupHistory, next: SetupState): SetupHistory {
  return {
    past: [...history.past, history.present].slice(-SETUP_WIZARD.historyCap),
    present: next,
    future: [],
  }
}

export function undo(history: SetupHistory): SetupHistory {
  const previous = history.past.at(-1)
  if (!previous) return history
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redo(history: SetupHistory): SetupHistory {
  const [next, ...rest] = history.future
  if (!next) return history
  return {
    past: [...history.past, history.present].slice(-SETUP_WIZARD.historyCap),
    present: next,
    future: rest,
  }
}

/** What sign-up already recorded about the organisation: the wizard starts from it instead of asking again. */
export const setupOrganizationSchema = z.object({
  name: z.string(),
  organization_type: organizationTypeSchema,
  npi: z.string().nullable(),
  npn: z.string().nullable(),
  license_state: z.string().nullable(),
})
export type SetupOrganization = z.infer<typeof setupOrganizationSchema>

/** The business type an organisation created at sign-up already is (a team: it has an administrator). */
const BUSINESS_TYPE_OF: Partial<
  Record<OrganizationType, { accountType: SetupAccountType; businessType: BusinessType }>
> = {
  ACO: { accountType: 'TEAM', businessType: 'ACO' },
  PHYSICIAN_GROUP: { accountType: 'TEAM', businessType: 'MEDICAL_PROVIDER_TEAM' },
  FQHC: { accountType: 'TEAM', businessType: 'MEDICAL_PROVIDER_TEAM' },
  INSURANCE_AGENCY: { accountType: 'TEAM', businessType: 'INSURANCE_AGENCY_TEAM' },
}

/** Which of the wizard's answers sign-up already gave; the wizard shows them read-only. */
export function answeredAtSignup(organization: SetupOrganization | null): {
  businessType: boolean
  npi: boolean
} {
  const known = organization ? BUSINESS_TYPE_OF[organization.organization_type] : undefined
  return {
    businessType: known !== undefined,
    npi: isMedicalProvider(known?.businessType ?? null) && isValidNpi(organization?.npi ?? ''),
  }
}

/**
 * A first visit's state, filled from sign-up: the business type (so the wizard opens on the identity step),
 * the organisation's name, and its NPI. The name patients see defaults to the organisation's name.
 */
export function prefilledSetupState(organization: SetupOrganization | null): SetupState {
  const known = organization ? BUSINESS_TYPE_OF[organization.organization_type] : undefined
  if (!organization || !known) return INITIAL_SETUP_STATE
  const name = organization.name.trim()
  const state: SetupState = { ...INITIAL_SETUP_STATE, ...known, currentStep: 'identity' }
  switch (known.businessType) {
    case 'ACO':
      return { ...state, acoProfile: { ...state.acoProfile, legal_name: name } }
    case 'MEDICAL_PROVIDER_TEAM':
      return {
        ...state,
        npiData: { npi: organization.npi ?? '', display_name: name, organization_name: name },
      }
    case 'INSURANCE_AGENCY_TEAM':
      return { ...state, agencyProfile: { ...state.agencyProfile, legal_name: name } }
    default:
      return state
  }
}

export const setupProgressResponseSchema = z.object({
  state: setupStateSchema.nullable(),
  updated_at: z.string().nullable(),
  completed: z.boolean(),
  organization: setupOrganizationSchema.nullable(),
})
export type SetupProgressResponse = z.infer<typeof setupProgressResponseSchema>

export const npiLookupSchema = z.object({
  npi: z.string(),
  name: z.string().nullable(),
  organization_name: z.string().nullable(),
  found: z.boolean(),
})

const setupStateBodySchema = z.object({ state: setupStateSchema })
/** Setup done: where the user's home page is now. */
export const setupCompleteResponseSchema = z.object({ detail: z.string(), home: z.string() })

export const SETUP_ENDPOINTS = {
  progress: defineEndpoint({
    method: 'GET',
    path: '/api/setup/progress/',
    access: 'SIGNED_IN',
    answers: { 200: setupProgressResponseSchema },
  }),
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/api/setup/progress/',
    access: 'SIGNED_IN',
    body: setupStateBodySchema,
    answers: { 200: setupProgressResponseSchema },
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/setup/complete/',
    access: 'SIGNED_IN',
    body: setupStateBodySchema,
    answers: { 200: setupCompleteResponseSchema },
  }),
  /** The NPI registry (NPPES) asked for one number. */
  npiLookup: defineEndpoint({
    method: 'GET',
    path: '/api/setup/npi/:npi/',
    access: 'SIGNED_IN',
    params: z.object({ npi: z.string().max(20) }),
    answers: { 200: npiLookupSchema },
  }),
}
