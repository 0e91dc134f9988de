// Create or edit an organisation: name, type, address and the active flag, checked with the contract's
// rules here and again by the server. Only a platform administrator creates one or changes type and status.
import {
  adminOrganizationCreateSchema,
  type AdminAddress,
  type AdminOrganization,
} from '@blueconsent/contract/admin'
import { ORGANIZATION_TYPES, type OrganizationType } from '@blueconsent/contract/shared'
import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { actionErrorMessage } from '../admin-model.ts'
import { useOrganizationChange } from '../api/admin-api.ts'
import { SelectField } from '@/components/ui/select-field.tsx'

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  ACO: 'ACO',
  PHYSICIAN_GROUP: 'Physician group',
  FQHC: 'FQHC',
  INSURANCE_AGENCY: 'Insurance agency',
  INDIVIDUAL: 'Individual',
}

type Props = {
  organization?: AdminOrganization
  platform: boolean
  onDone: (message: string) => void
  onClose: () => void
}

const EMPTY: AdminAddress = { street: '', city: '', state: '', zip: '' }

export function OrganizationFormDialog({ organization, platform, onDone, onClose }: Props) {
  const change = useOrganizationChange()
  const [name, setName] = useState(organization?.name ?? '')
  const [type, setType] = useState<OrganizationType>(organization?.organization_type ?? 'ACO')
  const [address, setAddress] = useState<AdminAddress>(organization?.address ?? EMPTY)
  const [active, setActive] = useState(organization?.is_active ?? true)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const hasAddress = Object.values(address).some((value) => value.trim() !== '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = adminOrganizationCreateSchema.safeParse({
      name,
      organization_type: type,
      address: hasAddress ? address : null,
      is_active: active,
    })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setFailure(null)
    try {
      await change.mutateAsync(
        organization
          ? { kind: 'update', id: organization.id, body: parsed.data }
          : { kind: 'create', body: parsed.data },
      )
      onDone(organization ? `${parsed.data.name} saved` : `${parsed.data.name} created`)
    } catch (error) {
      setFailure(actionErrorMessage(error, 'The organization could not be saved.'))
    }
  }

  const field = (key: keyof AdminAddress) => (event: { target: { value: string } }) =>
    setAddress((current) => ({ ...current, [key]: event.target.value }))

  return (
    <ModalDialog title={organization ? 'Edit organization' : 'Create organization'} onClose={onClose}>
      <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          label="Organization type"
          className="w-full"
          value={type}
          disabled={!platform}
          onChange={(event) => setType(event.target.value as OrganizationType)}
        >
          {ORGANIZATION_TYPES.map((option) => (
            <option key={option} value={option}>
              {ORGANIZATION_TYPE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <TextField label="Street" value={address.street} maxLength={200} onChange={field('street')} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField label="City" value={address.city} maxLength={100} onChange={field('city')} />
          <TextField label="State" value={address.state} maxLength={2} onChange={field('state')} />
          <TextField label="ZIP" value={address.zip} maxLength={10} onChange={field('zip')} />
        </div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={active}
            disabled={!platform}
            onChange={(event) => setActive(event.target.checked)}
          />
          Active
        </label>
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : organization ? 'Save organization' : 'Create organization'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
