// The Create Request tab: health plan, patient name, date of birth (optional), MRN (providers), email or phone.
import {
  AUTHORIZATION_MESSAGES,
  BIRTH_DATE_HINT,
  type AuthorizationRequest,
  type ContactMethod,
} from '@blueconsent/contract/authorization-requests'
import { requestFormAccessHint } from '@blueconsent/contract/durations'
import { VALIDATION_DEBOUNCE_MS, type Role } from '@blueconsent/contract/shared'
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { PhoneField } from '@/components/ui/phone-field.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useCreateRequest } from '../api/create-request.ts'
import { useHealthPlans } from '../api/health-plans.ts'
import { useMrnLookup } from '../api/mrn-lookup.ts'
import {
  emptyCreateForm,
  mrnRequired,
  serverFieldErrors,
  toCreatePayload,
  validateCreateForm,
  type CreateFormErrors,
  type CreateFormField,
  type CreateFormValues,
} from './create-form-model.ts'

const ALL_FIELDS: readonly CreateFormField[] = [
  'healthPlan',
  'patientName',
  'birthDate',
  'mrn',
  'email',
  'phone',
]

const WORDING = {
  provider: {
    intro: `Ask a patient to share their Medicare claims, medications and risk score with your care team. ${requestFormAccessHint('healthcare_provider')}`,
    submit: 'Send Authorization Request',
  },
  agent: {
    intro: `Ask your client to share their Medicare prescriptions so you can review plan options together. ${requestFormAccessHint('insurance_agent')}`,
    submit: 'Send Request to Client',
  },
} as const

function createErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409) return AUTHORIZATION_MESSAGES.alreadyActive
  // Refused for a reason the organisation can fix (setup unfinished, payment overdue): say which.
  if (isApiError(error) && (error.status === 402 || error.status === 403) && error.detail) return error.detail
  return AUTHORIZATION_MESSAGES.createFailed
}

const definedOnly = (errors: CreateFormErrors): CreateFormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined))

/** Validation runs 300 ms after typing stops, for the fields the user has touched. */
function useDebouncedValidation(values: CreateFormValues, role: Role, touched: ReadonlySet<CreateFormField>) {
  const [errors, setErrors] = useState<CreateFormErrors>({})
  useEffect(() => {
    const timer = setTimeout(() => {
      const all = validateCreateForm(values, role)
      setErrors(Object.fromEntries([...touched].map((field) => [field, all[field]])))
    }, VALIDATION_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [values, role, touched])
  return [errors, setErrors] as const
}

export function CreateRequestForm({
  role,
  onCreated,
}: {
  role: Role
  onCreated?: (request: AuthorizationRequest) => void
}) {
  const plans = useHealthPlans()
  const firstPlan = plans.data?.[0]?.slug ?? ''
  const [values, setValues] = useState<CreateFormValues>(() => emptyCreateForm())
  const [touched, setTouched] = useState<ReadonlySet<CreateFormField>>(new Set())
  // The only plan is preselected once the list arrives; validation sees the same value the select shows.
  const healthPlan = values.healthPlan || firstPlan
  const effective = useMemo(() => ({ ...values, healthPlan }), [values, healthPlan])
  const [localErrors, setLocalErrors] = useDebouncedValidation(effective, role, touched)
  // The server's field errors stay until that field changes; the 300 ms check must not wipe them.
  const [serverErrors, setServerErrors] = useState<CreateFormErrors>({})
  const [general, setGeneral] = useState<string | null>(null)
  const errors: CreateFormErrors = { ...serverErrors, ...definedOnly(localErrors) }
  const [authorizedMrn, setAuthorizedMrn] = useState<string | null>(null)
  const [created, setCreated] = useState<AuthorizationRequest | null>(null)
  const create = useCreateRequest()
  const lookup = useMrnLookup()
  const contactGroupId = useId()
  const provider = mrnRequired(role)
  const wording = provider ? WORDING.provider : WORDING.agent
  const blocked = provider && authorizedMrn !== null && authorizedMrn === values.mrn.trim()

  const update = <K extends keyof CreateFormValues>(field: K, value: CreateFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setServerErrors((current) => ({ ...current, [field]: undefined }))
    if (field !== 'contactMethod') setTouched((current) => new Set(current).add(field as CreateFormField))
  }

  async function checkMrn() {
    const mrn = values.mrn.trim()
    if (!mrn) return
    try {
      const result = await lookup(mrn)
      setAuthorizedMrn(result.already_authorized ? mrn : null)
    } catch {
      // The server refuses a duplicate with 409 anyway; a failed lookup must not block the form.
      setAuthorizedMrn(null)
    }
  }

  function chooseContact(method: ContactMethod) {
    // Choosing one contact clears the other before sending.
    setValues((current) => ({
      ...current,
      contactMethod: method,
      email: method === 'email' ? current.email : '',
      phone: method === 'phone' ? current.phone : '',
    }))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (blocked) return
    setCreated(null)
    setGeneral(null)
    setServerErrors({})
    const current = effective
    setTouched(new Set(ALL_FIELDS))
    const found = validateCreateForm(current, role)
    setLocalErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      const request = await create.mutateAsync(toCreatePayload(current, role))
      setValues(emptyCreateForm(healthPlan))
      setTouched(new Set())
      setCreated(request)
      onCreated?.(request)
    } catch (error) {
      const fieldErrors =
        isApiError(error) && error.status === 400 ? serverFieldErrors(error, current.contactMethod) : {}
      setServerErrors(fieldErrors)
      setGeneral(fieldErrors.general ?? createErrorMessage(error))
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-labelledby={`${contactGroupId}-title`}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div>
        <h2 id={`${contactGroupId}-title`} className="text-xl font-semibold">
          Create Request
        </h2>
        <p className="mt-1">{wording.intro}</p>
      </div>
      {created ? (
        <Alert type="success">
          Authorization request sent to {created.patient_name}. It is at the top of My Requests.
        </Alert>
      ) : null}
      {general ? <Alert type="error">{general}</Alert> : null}
      {plans.isError ? <Alert type="error">{AUTHORIZATION_MESSAGES.healthPlansFailed}</Alert> : null}
      <HealthPlanSelect
        plans={plans.data ?? []}
        value={healthPlan}
        error={errors.healthPlan}
        onChange={(slug) => update('healthPlan', slug)}
      />
      <TextField
        label="Patient name"
        name="patient_name"
        autoComplete="off"
        hint="As it appears on the patient’s Medicare card. A different name holds the data until an administrator confirms the patient."
        required
        value={values.patientName}
        error={errors.patientName}
        onChange={(event) => update('patientName', event.target.value)}
      />
      <TextField
        label="Date of birth (optional, recommended)"
        name="patient_birth_date"
        type="date"
        autoComplete="off"
        hint={BIRTH_DATE_HINT}
        value={values.birthDate}
        error={errors.birthDate}
        onChange={(event) => update('birthDate', event.target.value)}
      />
      {provider ? (
        <TextField
          label="Medical record number (MRN)"
          name="patient_mrn"
          autoComplete="off"
          required
          value={values.mrn}
          error={errors.mrn}
          onChange={(event) => {
            update('mrn', event.target.value)
            setAuthorizedMrn(null)
          }}
          onBlur={() => void checkMrn()}
        />
      ) : null}
      {blocked ? (
        <Alert type="warning">
          <p className="font-semibold">{AUTHORIZATION_MESSAGES.patientAlreadyAuthorized}</p>
          <p>{AUTHORIZATION_MESSAGES.alreadyActive}</p>
        </Alert>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Contact the patient by</legend>
        <div className="flex gap-6">
          {(['email', 'phone'] as const).map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input
                type="radio"
                className="radio"
                name="contact_method"
                value={method}
                checked={values.contactMethod === method}
                onChange={() => chooseContact(method)}
              />
              {method === 'email' ? 'Email' : 'Text message (SMS)'}
            </label>
          ))}
        </div>
      </fieldset>
      {values.contactMethod === 'email' ? (
        <TextField
          label="Patient email"
          name="patient_email"
          type="email"
          autoComplete="off"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => update('email', event.target.value)}
        />
      ) : (
        <PhoneField
          label="Patient mobile phone"
          name="patient_phone"
          autoComplete="off"
          placeholder="(555) 123-4567"
          pattern={String.raw`^\(\d{3}\)\s?\d{3}-\d{4}$`}
          required
          hint="The patient gets a text asking them to reply YES before the secure link is sent."
          value={values.phone}
          error={errors.phone}
          onChange={(formatted) => update('phone', formatted)}
        />
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={create.isPending || blocked}>
        {create.isPending ? 'Sending…' : wording.submit}
      </button>
    </form>
  )
}

type HealthPlanSelectProps = {
  plans: readonly { slug: string; name: string }[]
  value: string
  error: string | undefined
  onChange: (slug: string) => void
}

function HealthPlanSelect({ plans, value, error, onChange }: HealthPlanSelectProps) {
  return (
    <SelectField
      label="Health plan"
      name="health_plan"
      className="w-full"
      value={value}
      required
      error={error}
      options={[
        { value: '', label: 'Select a health plan' },
        ...plans.map((plan) => ({ value: plan.slug, label: plan.name })),
      ]}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
