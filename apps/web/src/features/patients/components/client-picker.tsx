// The agent's clients with approved access, as a pick-list (the agent pages work one client at a time).
import { SelectField } from '@/components/ui/select-field.tsx'
import { useOrganizationPatients } from '../api/patients-api.ts'

export function ClientPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const clients = useOrganizationPatients(1)
  const list = clients.data?.results ?? []
  if (clients.isSuccess && list.length === 0)
    return <p>No client has approved access right now. Send a request from Data Access to get started.</p>
  return (
    <div className="max-w-md">
      <SelectField
        label="Client"
        value={value}
        options={[
          { value: '', label: clients.isPending ? 'Loading clients…' : 'Choose a client' },
          ...list.map((client) => ({ value: client.id, label: client.full_name || client.name })),
        ]}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
