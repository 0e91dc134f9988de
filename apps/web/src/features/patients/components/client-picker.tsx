// The agent's clients with approved access, as a pick-list (the agent pages work one client at a time).
import { useId } from 'react'
import { useOrganizationPatients } from '../api/patients-api.ts'

export function ClientPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const clients = useOrganizationPatients(1)
  const id = useId()
  const list = clients.data?.results ?? []
  if (clients.isSuccess && list.length === 0)
    return <p>No client has approved access right now. Send a request from Data Access to get started.</p>
  return (
    <div className="flex max-w-md flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Client
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{clients.isPending ? 'Loading clients…' : 'Choose a client'}</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.full_name || client.name}
          </option>
        ))}
      </select>
    </div>
  )
}
