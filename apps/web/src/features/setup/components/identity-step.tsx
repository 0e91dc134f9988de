// The identity step: what the chosen business type must tell us, with the contract's errors. Each field
// names its error key in data-touch, so the wizard shows an error only once the field was left.
import { SETUP_MESSAGES, type SetupState } from '@blueconsent/contract/setup'
import { US_STATES, formatPhone } from '@blueconsent/contract/shared'
import { useId, useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { lookupNpi } from '../api/setup-api.ts'
import { AddressFields } from './address-fields.tsx'
import { fillFromNpiLookup } from './wizard-rules.ts'

export type StepProps = {
  state: SetupState
  errors: Record<string, string>
  change: (next: SetupState) => void
  /** The NPI came with sign-up: shown, not asked again. */
  npiFromSignup?: boolean
}

export function IdentityStep(props: StepProps) {
  switch (props.state.businessType) {
    case 'ACO':
      return <AcoIdentity {...props} />
    case 'MEDICAL_PROVIDER':
    case 'MEDICAL_PROVIDER_TEAM':
      return <ProviderIdentity {...props} />
    case 'INSURANCE_AGENCY':
      return <AgentIdentity {...props} />
    case 'INSURANCE_AGENCY_TEAM':
      return <AgencyTeamIdentity {...props} />
    default:
      return <p>Choose your business type first.</p>
  }
}

function AcoIdentity({ state, errors, change }: StepProps) {
  const profile = state.acoProfile
  const set = (patch: Partial<SetupState['acoProfile']>) =>
    change({ ...state, acoProfile: { ...profile, ...patch } })
  const tins = state.contractedTINs
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Legal name"
        value={profile.legal_name}
        error={errors['acoProfile.legal_name']}
        data-touch="acoProfile.legal_name"
        onChange={(e) => set({ legal_name: e.target.value })}
      />
      <AddressFields
        legend="Primary address"
        value={profile.primary_address}
        error={errors['acoProfile.primary_address']}
        touchKey="acoProfile.primary_address"
        onChange={(primary_address) => set({ primary_address })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Main phone"
          type="tel"
          value={profile.main_phone}
          error={errors['acoProfile.main_phone']}
          data-touch="acoProfile.main_phone"
          onChange={(e) => set({ main_phone: formatPhone(e.target.value) })}
        />
        <TextField
          label="Support email"
          type="email"
          value={profile.support_email}
          error={errors['acoProfile.support_email']}
          data-touch="acoProfile.support_email"
          onChange={(e) => set({ support_email: e.target.value })}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">Contracted TINs</legend>
        <p className="text-sm">
          At least one. They go into your TIN registry, where you can change them later.
        </p>
        {tins.map((entry, index) => (
          <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
            <TextField
              label={`TIN ${index + 1}`}
              inputMode="numeric"
              value={entry.tin}
              error={errors[`contractedTINs.${index}`]}
              data-touch={`contractedTINs.${index}`}
              onChange={(e) =>
                change({
                  ...state,
                  contractedTINs: tins.map((t, i) => (i === index ? { ...t, tin: e.target.value } : t)),
                })
              }
            />
            <TextField
              label={`Practice name for TIN ${index + 1}`}
              value={entry.name}
              onChange={(e) =>
                change({
                  ...state,
                  contractedTINs: tins.map((t, i) => (i === index ? { ...t, name: e.target.value } : t)),
                })
              }
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => change({ ...state, contractedTINs: tins.filter((_, i) => i !== index) })}
            >
              Remove TIN {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => change({ ...state, contractedTINs: [...tins, { tin: '', name: '' }] })}
        >
          Add TIN
        </button>
      </fieldset>
    </div>
  )
}

function ProviderIdentity({ state, errors, change, npiFromSignup = false }: StepProps) {
  const npi = state.npiData
  const [lookup, setLookup] = useState<{ type: 'info' | 'warning'; text: string } | null>(null)
  const set = (patch: Partial<SetupState['npiData']>) => change({ ...state, npiData: { ...npi, ...patch } })

  async function findName() {
    setLookup(null)
    try {
      const found = await lookupNpi(npi.npi.trim())
      if (!found.found) return setLookup({ type: 'warning', text: SETUP_MESSAGES.registryNotFound })
      const filled = fillFromNpiLookup(npi, found)
      set(filled.npiData)
      setLookup({ type: 'info', text: filled.message })
    } catch (error) {
      const text =
        isApiError(error) && error.status === 400 ? SETUP_MESSAGES.npi : SETUP_MESSAGES.registryUnavailable
      setLookup({ type: 'warning', text })
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <TextField
            label="NPI"
            inputMode="numeric"
            maxLength={10}
            value={npi.npi}
            readOnly={npiFromSignup}
            hint={npiFromSignup ? 'From your sign-up' : undefined}
            error={errors['npiData.npi']}
            data-touch="npiData.npi"
            onChange={(e) => set({ npi: e.target.value.replace(/\D/g, '') })}
          />
        </div>
        <button type="button" className="btn btn-outline" onClick={() => void findName()}>
          Look up NPI
        </button>
      </div>
      <div aria-live="polite">{lookup ? <Alert type={lookup.type}>{lookup.text}</Alert> : null}</div>
      <TextField
        label="Organization name"
        autoComplete="organization"
        value={npi.organization_name}
        onChange={(e) => set({ organization_name: e.target.value })}
      />
      <TextField
        label="Display name"
        hint="How patients will see you in consent requests: your organization’s name unless you change it"
        value={npi.display_name}
        error={errors['npiData.display_name']}
        data-touch="npiData.display_name"
        onChange={(e) => set({ display_name: e.target.value })}
      />
      {state.businessType === 'MEDICAL_PROVIDER_TEAM' ? (
        <TextField
          label="Clinic TIN"
          inputMode="numeric"
          hint="Optional now; needed to invite colleagues, whose access is scoped to it"
          value={state.clinicTIN}
          error={errors.clinicTIN}
          data-touch="clinicTIN"
          onChange={(e) => change({ ...state, clinicTIN: e.target.value })}
        />
      ) : null}
    </div>
  )
}

function AgentIdentity({ state, errors, change }: StepProps) {
  const profile = state.individualProfile
  const stateId = useId()
  const set = (patch: Partial<SetupState['individualProfile']>) =>
    change({ ...state, individualProfile: { ...profile, ...patch } })
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="NPN"
          inputMode="numeric"
          value={profile.npn}
          error={errors['individualProfile.npn']}
          data-touch="individualProfile.npn"
          onChange={(e) => set({ npn: e.target.value.replace(/\D/g, '') })}
        />
        <TextField
          label="Organization name"
          value={profile.organization_name}
          error={errors['individualProfile.organization_name']}
          data-touch="individualProfile.organization_name"
          onChange={(e) => set({ organization_name: e.target.value })}
        />
      </div>
      <AddressFields legend="Address" value={profile.address} onChange={(address) => set({ address })} />
      <TextField
        label="Phone"
        type="tel"
        value={profile.phone}
        error={errors['individualProfile.phone']}
        data-touch="individualProfile.phone"
        onChange={(e) => set({ phone: formatPhone(e.target.value) })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="License number"
          value={profile.license_number}
          error={errors['individualProfile.license_number']}
          data-touch="individualProfile.license_number"
          onChange={(e) => set({ license_number: e.target.value })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={stateId} className="text-sm font-medium">
            License state
          </label>
          <select
            id={stateId}
            className="select w-full"
            data-touch="individualProfile.license_state"
            value={profile.license_state}
            aria-describedby={errors['individualProfile.license_state'] ? `${stateId}-error` : undefined}
            onChange={(e) => set({ license_state: e.target.value })}
          >
            <option value="">Choose a state</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
          {errors['individualProfile.license_state'] ? (
            <p id={`${stateId}-error`} className="text-sm text-error">
              {errors['individualProfile.license_state']}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function AgencyTeamIdentity({ state, errors, change }: StepProps) {
  const profile = state.agencyProfile
  const set = (patch: Partial<SetupState['agencyProfile']>) =>
    change({ ...state, agencyProfile: { ...profile, ...patch } })
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Legal name"
        value={profile.legal_name}
        error={errors['agencyProfile.legal_name']}
        data-touch="agencyProfile.legal_name"
        onChange={(e) => set({ legal_name: e.target.value })}
      />
      <AddressFields
        legend="Address"
        value={profile.address}
        error={errors['agencyProfile.address.street']}
        touchKey="agencyProfile.address.street"
        onChange={(address) => set({ address })}
      />
      <TextField
        label="Support email"
        type="email"
        value={profile.support_email}
        error={errors['agencyProfile.support_email']}
        data-touch="agencyProfile.support_email"
        onChange={(e) => set({ support_email: e.target.value })}
      />
    </div>
  )
}
