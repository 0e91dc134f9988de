// The create form's values, validation and payload.
import {
  patientBirthDateSchema,
  type ContactMethod,
  type CreateAuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import {
  AUTHORIZATION_PHONE_PATTERN,
  MESSAGES,
  emailSchema,
  isAgentRole,
  isProviderRole,
  isValidName,
  type Role,
} from '@blueconsent/contract/shared'
import type { ApiError } from '@/lib/api-error.ts'

export type CreateFormValues = {
  healthPlan: string
  patientName: string
  /** YYYY-MM-DD from the date input; empty when not given (optional, recommended). */
  birthDate: string
  mrn: string
  contactMethod: ContactMethod
  email: string
  phone: string
}

export type CreateFormField = 'healthPlan' | 'patientName' | 'birthDate' | 'mrn' | 'email' | 'phone'
export type CreateFormErrors = Partial<Record<CreateFormField | 'general', string>>

export const emptyCreateForm = (healthPlan = ''): CreateFormValues => ({
  healthPlan,
  patientName: '',
  birthDate: '',
  mrn: '',
  contactMethod: 'email',
  email: '',
  phone: '',
})

/** ACO and physician roles must give the MRN; agents never see the field. */
export const mrnRequired = (role: Role): boolean => isProviderRole(role)

export function validateCreateForm(values: CreateFormValues, role: Role): CreateFormErrors {
  const errors: CreateFormErrors = {}
  if (!values.healthPlan) errors.healthPlan = MESSAGES.required
  const name = values.patientName.trim()
  if (!name) errors.patientName = MESSAGES.required
  else if (!isValidName(name)) errors.patientName = MESSAGES.name
  const birthDate = values.birthDate.trim()
  if (birthDate) {
    const parsed = patientBirthDateSchema.safeParse(birthDate)
    if (!parsed.success) errors.birthDate = parsed.error.issues[0]?.message
  }
  if (mrnRequired(role) && !values.mrn.trim()) errors.mrn = MESSAGES.required
  if (values.contactMethod === 'email') {
    if (!values.email.trim()) errors.email = MESSAGES.required
    else if (!emailSchema.safeParse(values.email).success) errors.email = MESSAGES.email
  } else if (!values.phone.trim()) errors.phone = MESSAGES.required
  else if (!AUTHORIZATION_PHONE_PATTERN.test(values.phone)) errors.phone = MESSAGES.phone
  return errors
}

/** The other contact field is cleared before sending: only the chosen one travels. */
export function clearOtherContact(values: CreateFormValues): CreateFormValues {
  return values.contactMethod === 'email' ? { ...values, phone: '' } : { ...values, email: '' }
}

export function toCreatePayload(values: CreateFormValues, role: Role): CreateAuthorizationRequest {
  const cleared = clearOtherContact(values)
  const birthDate = cleared.birthDate.trim()
  const contactValue = cleared.contactMethod === 'email' ? cleared.email.trim() : cleared.phone
  const mrn = mrnRequired(role) ? cleared.mrn.trim() : ''
  return {
    health_plan: cleared.healthPlan,
    patient_mrn: mrn || null,
    patient_identifier: mrn || contactValue,
    contact_method: cleared.contactMethod,
    contact_value: contactValue,
    authorization_type: isAgentRole(role) ? 'insurance_agent' : 'healthcare_provider',
    metadata: { patient_name: cleared.patientName.trim() },
    ...(birthDate ? { patient_birth_date: birthDate } : {}),
  }
}

/** Field errors of a 400 from the server, on the matching inputs. */
export function serverFieldErrors(error: ApiError, contactMethod: ContactMethod): CreateFormErrors {
  const fields = error.fieldErrors ?? {}
  const first = (key: string) => fields[key]?.[0]
  const errors: CreateFormErrors = {
    healthPlan: first('health_plan'),
    patientName: first('metadata') ?? first('patient_name'),
    birthDate: first('patient_birth_date'),
    mrn: first('patient_mrn'),
    [contactMethod]: first('contact_value'),
    general: first('non_field_errors'),
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CreateFormErrors
}
