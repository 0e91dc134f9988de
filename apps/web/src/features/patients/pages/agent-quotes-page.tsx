// /app/agent/quotes: a client's drugs from their Part D fills, one line per drug (its newest fill), ready to
// copy into a plan finder: name and strength, last fill date, days supply, prescriber.
import type { Medication } from '@blueconsent/contract/patients'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { drugLabel, formatReadableDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useConsolidated } from '../api/patients-api.ts'
import { ClientPicker } from '../components/client-picker.tsx'

/** The newest fill of each drug (by NDC, else by name), newest first. */
export function drugList(medications: readonly Medication[]): Medication[] {
  const newest = new Map<string, Medication>()
  for (const medication of medications) {
    const key = medication.ndc ?? drugLabel(medication).toLowerCase()
    const known = newest.get(key)
    if (!known || (medication.start_date ?? '') > (known.start_date ?? '')) newest.set(key, medication)
  }
  return [...newest.values()].sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? ''))
}

export const drugLine = (medication: Medication): string =>
  [
    drugLabel(medication),
    medication.days_supply ? `${medication.days_supply} days supply` : null,
    medication.start_date ? `last filled ${formatReadableDate(medication.start_date)}` : null,
    medication.prescribing_provider ? `prescribed by ${medication.prescribing_provider}` : null,
  ]
    .filter(Boolean)
    .join(' · ')

export function AgentQuotesPage() {
  const [params, setParams] = useSearchParams()
  const clientId = params.get('client') ?? ''
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Quotes</h1>
          <p className="mt-2">
            A client’s drug list from their Medicare Part D fills, ready for a plan finder.
          </p>
        </div>
        <Link className="btn btn-outline" to="/app/dashboard">
          Back to Dashboard
        </Link>
      </div>
      <ClientPicker
        value={clientId}
        onChange={(id) => setParams(id ? { client: id } : {}, { replace: true })}
      />
      {clientId ? <DrugList clientId={clientId} /> : null}
    </div>
  )
}

function DrugList({ clientId }: { clientId: string }) {
  const data = useConsolidated(clientId)
  const [copied, setCopied] = useState(false)
  if (data.isPending) return <Spinner label="Loading the drug list…" />
  if (data.isError) return <Alert type="error">Failed to load the client’s medications.</Alert>
  const drugs = drugList(data.data.medications)
  if (drugs.length === 0) return <p>No Part D fills in this client’s Medicare data.</p>
  async function copy() {
    await navigator.clipboard.writeText(drugs.map(drugLine).join('\n'))
    setCopied(true)
  }
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="drug-list-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="drug-list-title" className="card-title">
            {drugs.length} {drugs.length === 1 ? 'drug' : 'drugs'}
          </h2>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void copy()}>
            Copy drug list
          </button>
        </div>
        <div aria-live="polite">{copied ? <Alert type="success">Drug list copied.</Alert> : null}</div>
        <ul className="flex flex-col gap-2">
          {drugs.map((drug) => (
            <li key={drug.id} className="rounded-box border border-base-300 p-3">
              {drugLine(drug)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
