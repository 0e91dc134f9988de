// Street, city, state and ZIP, as the wizard's identity forms ask for them.
import type { SetupAddress } from '@blueconsent/contract/setup'
import { US_STATES } from '@blueconsent/contract/shared'
import { TextField } from '@/components/ui/text-field.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

export function AddressFields({
  legend,
  value,
  onChange,
  error,
  touchKey,
}: {
  legend: string
  value: SetupAddress
  onChange: (next: SetupAddress) => void
  error?: string | undefined
  /** The error key the wizard marks as touched when focus leaves any of these fields. */
  touchKey?: string
}) {
  const set = (field: keyof SetupAddress) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value })
  return (
    <fieldset className="flex flex-col gap-3" data-touch={touchKey}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {error ? <p className="text-sm text-error">{error}</p> : null}
      <TextField label="Street" autoComplete="street-address" value={value.street} onChange={set('street')} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" value={value.city} onChange={set('city')} />
        <SelectField label="State" className="w-full" value={value.state} onChange={set('state')}>
          <option value="">Choose a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="ZIP"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          value={value.zip}
          onChange={set('zip')}
        />
      </div>
    </fieldset>
  )
}
