// Add or edit a TIN: nine digits in any common format and the practice's name, checked here with the
// contract's rules and again by the server (which also refuses a number already active in the ACO).
import { TIN_MESSAGES, tinCreateSchema, type Tin } from '@blueconsent/contract/tins'
import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { useTinChange } from '../api/tins-api.ts'

type TinFormDialogProps = {
  orgId: string
  /** The TIN being edited; absent to add one. */
  tin?: Tin
  onDone: (message: string) => void
  onClose: () => void
}

type FieldErrors = Partial<Record<'identifier_value' | 'provider_org_name', string>>

export function TinFormDialog({ orgId, tin, onDone, onClose }: TinFormDialogProps) {
  const change = useTinChange(orgId)
  const [identifier, setIdentifier] = useState(tin?.identifier_value ?? '')
  const [name, setName] = useState(tin?.provider_org_name ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const editing = tin !== undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = tinCreateSchema.safeParse({ identifier_value: identifier, provider_org_name: name })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setFailure(null)
    try {
      await change.mutateAsync(
        editing
          ? { kind: 'update', tinId: tin.id, body: parsed.data }
          : { kind: 'create', body: parsed.data },
      )
      onDone(
        editing
          ? `TIN ${parsed.data.provider_org_name} updated`
          : `TIN ${parsed.data.provider_org_name} added`,
      )
    } catch (error) {
      const fields = serverFieldErrors(error)
      if (fields) setErrors(fields)
      else setFailure(editing ? TIN_MESSAGES.updateFailed : TIN_MESSAGES.createFailed)
    }
  }

  return (
    <ModalDialog title={editing ? 'Edit TIN' : 'Add TIN'} onClose={onClose}>
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="TIN"
          inputMode="numeric"
          autoComplete="off"
          value={identifier}
          error={errors.identifier_value}
          hint="Nine digits, for example 12-3456789"
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <TextField
          label="Practice or organization name"
          value={name}
          error={errors.provider_org_name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
        />
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : editing ? 'Save TIN' : 'Add TIN'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error)) return null
  const fields: FieldErrors = {
    identifier_value: error.fieldMessage('identifier_value'),
    provider_org_name: error.fieldMessage('provider_org_name'),
  }
  return fields.identifier_value || fields.provider_org_name ? fields : null
}
